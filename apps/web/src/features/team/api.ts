import {
  type ContractInput,
  type InviteRequest,
  InviteResponse,
  type MemberAccessUpdate,
  MemberContract,
  MemberContractsResponse,
  MemberDetail,
  MemberListResponse,
  type MemberProfileUpdate,
  type MembershipStatus,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from '../../app/api';

/** Query keys of the team, built in one place. */
export const teamKeys = {
  all: ['team'] as const,
  list: () => [...teamKeys.all, 'list'] as const,
  member: (id: string) => [...teamKeys.all, 'member', id] as const,
  holdings: (id: string) => [...teamKeys.all, 'holdings', id] as const,
  contracts: (id: string) => [...teamKeys.all, 'contracts', id] as const,
};

const enc = encodeURIComponent;

export const membersQuery = queryOptions({
  queryKey: teamKeys.list(),
  queryFn: async () => MemberListResponse.parse(await get<unknown>('/api/members')),
  staleTime: 30_000,
});

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.member(id),
    queryFn: async () => MemberDetail.parse(await get<unknown>(`/api/members/${enc(id)}`)),
  });

export interface Holdings {
  locationIds: string[];
  dutyIds: string[];
  tagIds: string[];
}

export const holdingsQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.holdings(id),
    queryFn: () => get<Holdings>(`/api/memberships/${enc(id)}/holdings`),
  });

export const contractsQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.contracts(id),
    queryFn: async () =>
      MemberContractsResponse.parse(await get<unknown>(`/api/members/${enc(id)}/contracts`)).contracts,
  });

export const updateProfile = async (id: string, body: MemberProfileUpdate) =>
  MemberDetail.parse(await put<unknown>(`/api/members/${enc(id)}`, body));
export const updateAccess = async (id: string, body: MemberAccessUpdate) =>
  MemberDetail.parse(await put<unknown>(`/api/members/${enc(id)}/access`, body));
export const updateCostCentres = async (id: string, costCentreIds: string[]) =>
  MemberDetail.parse(await put<unknown>(`/api/members/${enc(id)}/cost-centres`, { costCentreIds }));
export const updateHoldings = (id: string, body: Holdings) =>
  put<Holdings>(`/api/memberships/${enc(id)}/holdings`, body);
export const setStatus = (id: string, status: MembershipStatus) =>
  put<{ ok: true }>(`/api/memberships/${enc(id)}/status`, { status });
export const deleteMember = (id: string) => del<{ ok: true }>(`/api/members/${enc(id)}`);
export const invite = async (body: InviteRequest) =>
  InviteResponse.parse(await post<unknown>('/api/members/invitations', body));
export const resendInvitation = (id: string) => post<{ ok: true }>(`/api/members/${enc(id)}/invitation`);
export const createContract = async (member: string, body: ContractInput) =>
  MemberContract.parse(await post<unknown>(`/api/members/${enc(member)}/contracts`, body));
export const updateContract = async (id: string, body: ContractInput) =>
  MemberContract.parse(await put<unknown>(`/api/contracts/${enc(id)}`, body));
export const deleteContract = (id: string) => del<{ ok: true }>(`/api/contracts/${enc(id)}`);

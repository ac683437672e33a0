import {
  type ContractInput,
  Holdings,
  type InviteRequest,
  InviteResponse,
  type MemberAccessUpdate,
  MemberContract,
  MemberContractsResponse,
  MemberDetail,
  MemberListResponse,
  type MemberProfileUpdate,
  type MemberSettings,
  type MembershipStatus,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put } from '../../app/api';

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
  queryFn: async () => await get(MemberListResponse, '/api/members'),
  staleTime: 30_000,
});

export const memberQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.member(id),
    queryFn: async () => await get(MemberDetail, `/api/members/${enc(id)}`),
  });

export const holdingsQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.holdings(id),
    queryFn: () => get(Holdings, `/api/memberships/${enc(id)}/holdings`),
  });

export const contractsQuery = (id: string) =>
  queryOptions({
    queryKey: teamKeys.contracts(id),
    queryFn: async () => (await get(MemberContractsResponse, `/api/members/${enc(id)}/contracts`)).contracts,
  });

export const updateProfile = async (id: string, body: MemberProfileUpdate) =>
  await put(MemberDetail, `/api/members/${enc(id)}`, body);
export const updateAccess = async (id: string, body: MemberAccessUpdate) =>
  await put(MemberDetail, `/api/members/${enc(id)}/access`, body);
export const updateCostCentres = async (id: string, costCentreIds: string[]) =>
  await put(MemberDetail, `/api/members/${enc(id)}/cost-centres`, { costCentreIds });
export const updateSettings = async (id: string, body: MemberSettings) =>
  await put(MemberDetail, `/api/members/${enc(id)}/settings`, body);
export const updateHoldings = (id: string, body: Holdings) =>
  put(Holdings, `/api/memberships/${enc(id)}/holdings`, body);
export const setStatus = (id: string, status: MembershipStatus) =>
  apiVoid('PUT', `/api/memberships/${enc(id)}/status`, { status });
export const deleteMember = (id: string) => apiVoid('DELETE', `/api/members/${enc(id)}`);
export const invite = async (body: InviteRequest) => await post(InviteResponse, '/api/members/invitations', body);
export const resendInvitation = (id: string) => apiVoid('POST', `/api/members/${enc(id)}/invitation`);
export const createContract = async (member: string, body: ContractInput) =>
  await post(MemberContract, `/api/members/${enc(member)}/contracts`, body);
export const updateContract = async (id: string, body: ContractInput) =>
  await put(MemberContract, `/api/contracts/${enc(id)}`, body);
export const deleteContract = (id: string) => apiVoid('DELETE', `/api/contracts/${enc(id)}`);

import {
  type BalanceCorrectionInput,
  BalanceLedger,
  BalancesResponse,
  HolidaysResponse,
  type VacationAdjustmentInput,
  type VacationBulkDecideRequest,
  VacationBulkDecideResponse,
  type VacationCreateRequest,
  type VacationDecideRequest,
  VacationListResponse,
  VacationPersonBalance,
  VacationPreview,
  VacationRequest,
  type VacationState,
  VacationTeamBalances,
  type VacationUpdateRequest,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { del, get, post, put } from '../../app/api';

/** Query keys of vacation and balances, built in one place. */
export const vacationKeys = {
  all: ['vacation'] as const,
  list: (year: number, membership: string | null, status: VacationState | null) =>
    [...vacationKeys.all, 'list', year, membership, status] as const,
  request: (id: string) => [...vacationKeys.all, 'request', id] as const,
  preview: (membership: string, from: string, until: string, duration: string) =>
    [...vacationKeys.all, 'preview', membership, from, until, duration] as const,
  team: (year: number) => [...vacationKeys.all, 'team', year] as const,
  person: (membership: string, year: number) => [...vacationKeys.all, 'person', membership, year] as const,
  holidays: (year: number) => [...vacationKeys.all, 'holidays', year] as const,
};
export const balanceKeys = {
  all: ['balances'] as const,
  list: () => [...balanceKeys.all, 'list'] as const,
  ledger: (membership: string) => [...balanceKeys.all, 'ledger', membership] as const,
};

const enc = encodeURIComponent;

export const vacationListQuery = (year: number, membership: string | null, status: VacationState | null) =>
  queryOptions({
    queryKey: vacationKeys.list(year, membership, status),
    queryFn: async () => {
      const params = new URLSearchParams({ year: String(year) });
      if (membership) params.set('membership', membership);
      if (status) params.set('status', status);
      return (await get(VacationListResponse, `/api/vacation?${params}`)).requests;
    },
  });

export const vacationRequestQuery = (id: string) =>
  queryOptions({
    queryKey: vacationKeys.request(id),
    queryFn: async () => await get(VacationRequest, `/api/vacation/${enc(id)}`),
  });

export const vacationPreviewQuery = (membership: string, from: string, until: string, duration: string) =>
  queryOptions({
    queryKey: vacationKeys.preview(membership, from, until, duration),
    queryFn: async () =>
      await get(VacationPreview, `/api/vacation/preview?${new URLSearchParams({ membership, from, until, duration })}`),
    staleTime: 60_000,
  });

export const teamBalancesQuery = (year: number) =>
  queryOptions({
    queryKey: vacationKeys.team(year),
    queryFn: async () => await get(VacationTeamBalances, `/api/vacation/balances?year=${year}`),
  });

export const personBalanceQuery = (membership: string, year: number) =>
  queryOptions({
    queryKey: vacationKeys.person(membership, year),
    queryFn: async () => await get(VacationPersonBalance, `/api/vacation/balances/${enc(membership)}?year=${year}`),
  });

/** The year's public holidays and the account's own days off, named in the reader's language (the picker marks them). */
export const holidaysOfYearQuery = (year: number) =>
  queryOptions({
    queryKey: vacationKeys.holidays(year),
    queryFn: async () => await get(HolidaysResponse, `/api/holidays?year=${year}`),
    staleTime: 60 * 60_000,
  });

export const createVacation = async (body: VacationCreateRequest) => await post(VacationRequest, '/api/vacation', body);
export const updateVacation = async (id: string, body: VacationUpdateRequest) =>
  await put(VacationRequest, `/api/vacation/${enc(id)}`, body);
export const decideVacation = async (id: string, body: VacationDecideRequest) =>
  await put(VacationRequest, `/api/vacation/${enc(id)}/decision`, body);
export const decideVacations = async (body: VacationBulkDecideRequest) =>
  (await post(VacationBulkDecideResponse, '/api/vacation/decisions', body)).requests;
export const withdrawVacation = async (id: string) => await put(VacationRequest, `/api/vacation/${enc(id)}/withdraw`);
export const removeVacation = async (id: string, message: string | null) =>
  await put(VacationRequest, `/api/vacation/${enc(id)}/remove`, { message });
export const adjustVacation = async (membership: string, body: VacationAdjustmentInput) =>
  await post(VacationPersonBalance, `/api/vacation/balances/${enc(membership)}/adjustments`, body);

/** The balances list, a page of people at a time ("Load more" asks for the next). */
export const balancesQuery = infiniteQueryOptions({
  queryKey: balanceKeys.list(),
  queryFn: async ({ pageParam }) => await get(BalancesResponse, `/api/balances?page=${pageParam}`),
  initialPageParam: 1,
  getNextPageParam: (last) =>
    last.paging.page * last.paging.size < last.paging.total ? last.paging.page + 1 : undefined,
});
export const ledgerQuery = (membership: string) =>
  queryOptions({
    queryKey: balanceKeys.ledger(membership),
    queryFn: async () => await get(BalanceLedger, `/api/balances/${enc(membership)}`),
  });
export const correctBalance = async (membership: string, body: BalanceCorrectionInput) =>
  await post(BalanceLedger, `/api/balances/${enc(membership)}/corrections`, body);
export const deleteAdjustment = async (membership: string, adjustment: string) =>
  await del(VacationPersonBalance, `/api/vacation/balances/${enc(membership)}/adjustments/${enc(adjustment)}`);
export const deleteCorrection = async (membership: string, correction: string) =>
  await del(BalanceLedger, `/api/balances/${enc(membership)}/corrections/${enc(correction)}`);

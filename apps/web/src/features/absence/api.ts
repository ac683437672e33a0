import {
  type SicknessCreateRequest,
  SicknessListResponse,
  SicknessResponse,
  type SicknessUpdateRequest,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put } from '../../app/api';

/** Query keys of sickness records, built in one place. */
export const sicknessKeys = {
  all: ['sickness'] as const,
  history: (membership: string) => [...sicknessKeys.all, 'history', membership] as const,
  open: (location: string, date: string) => [...sicknessKeys.all, 'open', location, date] as const,
};

const enc = encodeURIComponent;

export const sicknessHistoryQuery = (membership: string) =>
  queryOptions({
    queryKey: sicknessKeys.history(membership),
    queryFn: async () => (await get(SicknessListResponse, `/api/sickness?membership=${enc(membership)}`)).records,
  });

export const openSicknessQuery = (location: string, date: string) =>
  queryOptions({
    queryKey: sicknessKeys.open(location, date),
    queryFn: async () =>
      (await get(SicknessListResponse, `/api/sickness?location=${enc(location)}&openOn=${date}`)).records,
    staleTime: 30_000,
  });

export const sicknessCalls = {
  report: async (body: SicknessCreateRequest) => (await post(SicknessResponse, '/api/sickness', body)).record,
  update: async (id: string, body: SicknessUpdateRequest) =>
    (await put(SicknessResponse, `/api/sickness/${enc(id)}`, body)).record,
  remove: async (id: string) => apiVoid('DELETE', `/api/sickness/${enc(id)}`),
};

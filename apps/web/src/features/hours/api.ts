import {
  type ApproveHoursRequest,
  type BulkApproveRequest,
  BulkResult,
  type ConfirmItemsRequest,
  HoursOptionsResponse,
  HoursResponse,
  type RegisterHoursRequest,
  type Signature,
  type TimesheetQueryInput,
  TimesheetResponse,
  type UpdateHoursRequest,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put } from '../../app/api';

/** Query keys of hours, built in one place (realtime `HoursUpdated` invalidates `all`). */
export const hoursKeys = {
  all: ['hours'] as const,
  options: () => [...hoursKeys.all, 'options'] as const,
  sheet: (q: TimesheetQueryInput) => [...hoursKeys.all, 'sheet', q] as const,
};

const enc = encodeURIComponent;

export const optionsQuery = queryOptions({
  queryKey: hoursKeys.options(),
  queryFn: async () => await get(HoursOptionsResponse, '/api/hours/options'),
  staleTime: 60_000,
});

export const sheetQuery = (q: TimesheetQueryInput) =>
  queryOptions({
    queryKey: hoursKeys.sheet(q),
    queryFn: async () => {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(q)) if (v) params.set(k, String(v));
      return await get(TimesheetResponse, `/api/hours?${params}`);
    },
    staleTime: 15_000,
  });

const line = async (p: Promise<HoursResponse>) => (await p).hours;
const count = async (p: Promise<BulkResult>) => (await p).count;

export const registerHours = (body: RegisterHoursRequest) => line(post(HoursResponse, '/api/hours', body));
export const updateHours = (id: string, body: UpdateHoursRequest) =>
  line(put(HoursResponse, `/api/hours/${enc(id)}`, body));
export const deleteHours = (id: string) => apiVoid('DELETE', `/api/hours/${enc(id)}`);
export const approveHours = (id: string, body: ApproveHoursRequest) =>
  line(post(HoursResponse, `/api/hours/${enc(id)}/approve`, body));
export const denyHours = (id: string, message: string) =>
  line(post(HoursResponse, `/api/hours/${enc(id)}/deny`, { message }));
export const reopenHours = (id: string) => line(post(HoursResponse, `/api/hours/${enc(id)}/reopen`));
export const signHours = (id: string, signature: Signature) =>
  line(post(HoursResponse, `/api/hours/${enc(id)}/sign`, { signature }));
export const setBilled = (id: string, billed: boolean) =>
  line(put(HoursResponse, `/api/hours/${enc(id)}/billed`, { billed }));
export const bulkApprove = (body: BulkApproveRequest) => count(post(BulkResult, '/api/hours/approve', body));
export const bulkDeny = (ids: string[], message: string) =>
  count(post(BulkResult, '/api/hours/deny', { ids, message }));
export const confirmItems = (body: ConfirmItemsRequest) => count(post(BulkResult, '/api/hours/confirm', body));

import {
  type AvailabilityDefaultsRequest,
  AvailabilityDefaultsResponse,
  AvailabilityDeleteResponse,
  AvailabilityListResponse,
  AvailabilityOverviewResponse,
  type AvailabilitySaveRequest,
  AvailabilitySaveResponse,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { type ApiError, del, get, put } from '../../app/api';
import { applyFieldErrors, fieldMessage } from '../../app/apiErrors';
import type { FieldErrorTarget } from '../../app/errorHandling';
import { notify } from '../../app/notify';

/** Query keys of the availability pages, built in one place. */
export const availabilityKeys = {
  all: ['availability'] as const,
  list: (membership: string, from: string, until: string) =>
    [...availabilityKeys.all, 'list', membership, from, until] as const,
  defaults: (membership: string) => [...availabilityKeys.all, 'defaults', membership] as const,
  overview: (location: string, from: string, until: string) =>
    [...availabilityKeys.all, 'overview', location, from, until] as const,
};

const enc = encodeURIComponent;

export const ownAvailabilityQuery = (membership: string, from: string, until: string) =>
  queryOptions({
    queryKey: availabilityKeys.list(membership, from, until),
    queryFn: async () =>
      await get(
        AvailabilityListResponse,
        `/api/availability?from=${from}&until=${until}&membership=${enc(membership)}`,
      ),
    placeholderData: (previous) => previous,
  });

export const defaultsQuery = (membership: string) =>
  queryOptions({
    queryKey: availabilityKeys.defaults(membership),
    queryFn: async () =>
      await get(AvailabilityDefaultsResponse, `/api/memberships/${enc(membership)}/availability-defaults`),
  });

export const overviewQuery = (location: string, from: string, until: string) =>
  queryOptions({
    queryKey: availabilityKeys.overview(location, from, until),
    queryFn: async () =>
      await get(
        AvailabilityOverviewResponse,
        `/api/availability/overview?location=${enc(location)}&from=${from}&until=${until}`,
      ),
    placeholderData: (previous) => previous,
  });

export const availabilityCalls = {
  save: async (body: AvailabilitySaveRequest) => await put(AvailabilitySaveResponse, '/api/availability', body),
  remove: async (membership: string, dates: string[]) =>
    await del(AvailabilityDeleteResponse, '/api/availability', { membership, dates }),
  saveDefaults: async (membership: string, body: AvailabilityDefaultsRequest) =>
    await put(AvailabilityDefaultsResponse, `/api/memberships/${enc(membership)}/availability-defaults`, body),
};

/**
 * A refused save or removal: field messages go to the form, the date rules (the weeks-ahead deadline, a decided
 * vacation) are said in a notice; everything else takes the common way.
 */
export function handleInvalid(error: ApiError, form: FieldErrorTarget | null): boolean {
  if (error.status === 422 && error.body?.fields) {
    if (form) applyFieldErrors(form, error.body);
    const dates = error.body.fields.dates;
    notify('warning', dates ? fieldMessage(dates) : fieldMessage(Object.values(error.body.fields).flat()));
    return true;
  }
  if (error.status === 403 && error.body?.data?.dates) {
    notify('warning', fieldMessage(['availabilityPage.decided']));
    return true;
  }
  return false;
}

import { type StaffingNeedsInput, StaffingNeedsResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get, put } from '../../../app/api';

/** A planning's staffing needs (docs/product/autoroster.md): read, replace, derive from the preset. */
export const staffingKeys = { of: (location: string) => ['staffing', location] as const };

export const staffingQuery = (location: string) =>
  queryOptions({
    queryKey: staffingKeys.of(location),
    queryFn: async () => (await get(StaffingNeedsResponse, `/api/locations/${location}/staffing`)).needs,
  });

export const staffingCalls = {
  save: (location: string, body: StaffingNeedsInput) =>
    put(StaffingNeedsResponse, `/api/locations/${location}/staffing`, body),
  fromPreset: async (location: string) =>
    (await get(StaffingNeedsResponse, `/api/locations/${location}/staffing/preset`)).needs,
};

import { CostCentresResponse, DutiesResponse, LocationsResponse, ShiftsResponse, TagsResponse } from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { queryClient } from '../../app/queryClient';

/**
 * The account's catalog (plannings, duties, shifts, tags, cost centres), read once under one key each whichever page
 * asks (roster, team, availability, settings), answers parsed with the contract's schema. A change in the settings
 * refreshes every page that shows the catalog (`invalidateCatalog`).
 */
export const catalogKeys = {
  all: ['catalog'] as const,
  list: (what: 'locations' | 'duties' | 'shifts' | 'tags' | 'costCentres') => [...catalogKeys.all, what] as const,
};

/** Catalog lists change rarely; a minute keeps page changes from asking again. */
const STALE_MS = 60_000;

export const locationsQuery = queryOptions({
  queryKey: catalogKeys.list('locations'),
  queryFn: async () => (await get(LocationsResponse, '/api/locations')).locations,
  staleTime: STALE_MS,
});
export const dutiesQuery = queryOptions({
  queryKey: catalogKeys.list('duties'),
  queryFn: async () => (await get(DutiesResponse, '/api/duties')).duties,
  staleTime: STALE_MS,
});
export const shiftsQuery = queryOptions({
  queryKey: catalogKeys.list('shifts'),
  queryFn: async () => (await get(ShiftsResponse, '/api/shifts')).shifts,
  staleTime: STALE_MS,
});
export const tagsQuery = queryOptions({
  queryKey: catalogKeys.list('tags'),
  queryFn: async () => (await get(TagsResponse, '/api/tags')).tags,
  staleTime: STALE_MS,
});
export const costCentresQuery = queryOptions({
  queryKey: catalogKeys.list('costCentres'),
  queryFn: async () => (await get(CostCentresResponse, '/api/cost-centres')).costCentres,
  staleTime: STALE_MS,
});

/** Every page showing the catalog reads it again (after a change in the settings). */
export const invalidateCatalog = () => queryClient.invalidateQueries({ queryKey: catalogKeys.all });

import {
  ApplicationsResponse,
  type BulkFillRequest,
  type BulkPasteRequest,
  BulkResponse,
  CalendarFeedCreated,
  CalendarFeedState,
  type CompactItem,
  CopyWeekPreview,
  CopyWeekResponse,
  type CreateItemRequest,
  DayComment,
  DayNoteResponse,
  expandRoster,
  ItemChangeResponse,
  type MatchingApplyRequest,
  MatchingApplyResponse,
  type MatchingRequest,
  MatchingResponse,
  PresetApplyResponse,
  PresetResponse,
  PresetSaveResponse,
  ReleasePreview,
  ReleaseResponse,
  RosterCompactResponse,
  RosterItemsResponse,
  UserIdsResponse,
} from '@app/contracts';
import type { Period } from '@app/domain';
import { queryOptions } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiVoid, del, get, post, put } from '../../app/api';
import { ROSTER_FRESH_MS, rosterKeys, rosterLoadPath } from './loadPath';

export { rosterKeys } from './loadPath';

const enc = encodeURIComponent;

/**
 * The load's envelope is checked in full; its items (thousands of tuples in a month, about 17 ms of a cold month's
 * first render when each went through the tuple's schema) only for being tuples: the server's tests check them
 * against `CompactItem`.
 */
const RosterLoad = RosterCompactResponse.extend({ items: z.array(z.custom<CompactItem>(Array.isArray)) });

/** The compact form (loadPath.ts); the route's loader may have started the call already (prefetch.ts). */
const loadRoster = async (location: string, date: string, period: Period, mine: boolean) =>
  expandRoster(await get(RosterLoad, rosterLoadPath(location, date, period, mine)));

export const rosterQuery = (location: string, date: string, period: Period) =>
  queryOptions({
    queryKey: rosterKeys.load(location, date, period),
    queryFn: () => loadRoster(location, date, period, false),
    // A 409 (the location is gone) or 403 (no longer the member's planning) re-initialises; the page handles it.
    meta: { handled: (error) => error.status === 409 || error.status === 403 },
    staleTime: ROSTER_FRESH_MS,
  });

/**
 * The period with only the viewer's own items: "my duties" shows from it first, a smaller answer than the whole
 * period's, which loads once it has painted. Its failures stay quiet: the whole load reports them.
 */
export const rosterMineQuery = (location: string, date: string, period: Period) =>
  queryOptions({
    queryKey: rosterKeys.mine(location, date, period),
    queryFn: () => loadRoster(location, date, period, true),
    meta: { handled: () => true },
    staleTime: ROSTER_FRESH_MS,
  });

/** The members the API offers for an item (its duty, tags, availability, other items). */
export const candidatesQuery = (item: string) =>
  queryOptions({
    queryKey: rosterKeys.candidates(item),
    queryFn: async () => (await get(UserIdsResponse, `/api/items/${enc(item)}/users`)).users,
    staleTime: 0,
  });

/** The same answer whole: the people offered and those left out, each with the reason (the person picker). */
export const pickerQuery = (item: string) =>
  queryOptions({
    queryKey: [...rosterKeys.candidates(item), 'picker'] as const,
    queryFn: () => get(UserIdsResponse, `/api/items/${enc(item)}/users`),
    staleTime: 0,
  });

/** The members of a planning who may be planned on a date (before an item exists). */
export const dayCandidatesQuery = (location: string, date: string) =>
  queryOptions({
    queryKey: rosterKeys.dayCandidates(location, date),
    queryFn: async () => (await get(UserIdsResponse, `/api/locations/${enc(location)}/users/${enc(date)}`)).users,
    staleTime: 0,
  });

export const applicationsQuery = (item: string) =>
  queryOptions({
    queryKey: rosterKeys.applications(item),
    queryFn: async () => await get(ApplicationsResponse, `/api/items/${enc(item)}/applications`),
    staleTime: 0,
  });

/**
 * What the item-changing calls may carry to retry after a confirmation (docs/product/roster.md, "Confirm and retry").
 */
export interface RetryFlags {
  confirmed?: boolean | 'OVERRULE_REST';
  force?: boolean;
}

const query = (flags: RetryFlags) => {
  const parts: string[] = [];
  if (flags.force) parts.push('force=true');
  if (flags.confirmed !== undefined) parts.push(`confirmed=${enc(String(flags.confirmed))}`);
  return parts.length ? `?${parts.join('&')}` : '';
};
const item = (id: string, rest = '') => `/api/items/${enc(id)}${rest}`;

/**
 * Items of a location by id, as the roster shows them (those the viewer may not see, or that are gone or elsewhere,
 * are left out): what a realtime event named, read instead of the whole period. At most `ROSTER_IDS_MAX` ids.
 */
export const readItems = async (location: string, ids: readonly string[]) =>
  (await get(RosterItemsResponse, `/api/locations/${enc(location)}/items?ids=${ids.map(enc).join(',')}`)).items;

/** Every edit of an item the roster makes; each answers the changed item (null when it is gone). */
export const itemCalls = {
  create: (body: z.input<typeof CreateItemRequest>, flags: RetryFlags = {}) =>
    post(ItemChangeResponse, '/api/items', {
      ...body,
      ...(flags.confirmed !== undefined ? { confirmed: flags.confirmed } : {}),
    }),
  remove: (id: string, flags: RetryFlags = {}) => del(ItemChangeResponse, item(id, query({ force: flags.force }))),
  setTimes: (id: string, times: { start: string; end: string; break: number }, flags: RetryFlags = {}) =>
    put(ItemChangeResponse, item(id, '/times'), { ...times, confirmed: flags.confirmed }),
  removeTimes: (id: string, flags: RetryFlags = {}) => del(ItemChangeResponse, item(id, `/times${query(flags)}`)),
  setShift: (id: string, shift: string, flags: RetryFlags = {}) =>
    put(ItemChangeResponse, item(id, '/shift'), { shift, confirmed: flags.confirmed }),
  removeShift: (id: string, flags: RetryFlags = {}) => del(ItemChangeResponse, item(id, `/shift${query(flags)}`)),
  setDuty: (id: string, duty: string) => put(ItemChangeResponse, item(id, '/duty'), { duty }),
  setUser: (id: string, user: string, flags: RetryFlags = {}) =>
    put(ItemChangeResponse, item(id, '/user'), { user, confirmed: flags.confirmed, force: flags.force }),
  removeUser: (id: string, flags: RetryFlags = {}) =>
    del(ItemChangeResponse, item(id, `/user${query({ force: flags.force })}`)),
  setTags: (id: string, tags: string[]) => put(ItemChangeResponse, item(id, '/tags'), { tags }),
  setResource: (id: string, resource: string) => put(ItemChangeResponse, item(id, '/resource'), { resource }),
  removeResource: (id: string) => del(ItemChangeResponse, item(id, '/resource')),
  setNotes: (id: string, notes: string | null) => put(ItemChangeResponse, item(id, '/notes'), { notes }),
  setInternal: (id: string, internal: string | null) => put(ItemChangeResponse, item(id, '/internal'), { internal }),
  setSick: (
    id: string,
    body: { percentage: number; cost: string | null; code?: string | null },
    flags: RetryFlags = {},
  ) => put(ItemChangeResponse, item(id, '/sick'), { ...body, force: flags.force }),
  removeSick: (id: string) => del(ItemChangeResponse, item(id, '/sick')),
  removeConflict: (id: string, conflict: string) => del(ItemChangeResponse, item(id, '/conflicts'), { conflict }),
  decideSignOut: (id: string, confirm: boolean) => put(ItemChangeResponse, item(id, '/sign-out'), { confirm }),
  decideSignIn: (id: string, confirm: boolean) =>
    put(ItemChangeResponse, item(id, '/sign-in/confirmation'), { confirm }),
  decideApplication: (id: string, membership: string, accepted: boolean, flags: RetryFlags = {}) =>
    put(ItemChangeResponse, item(id, `/applications/${enc(membership)}`), { accepted, confirmed: flags.confirmed }),
  // The employee's own actions.
  signIn: (id: string) => put(ItemChangeResponse, item(id, '/sign-in')),
  signOut: (id: string) => put(ItemChangeResponse, item(id, '/sign-out'), null),
  cancelSignOut: (id: string) => del(ItemChangeResponse, item(id, '/sign-out')),
  withdrawApplication: (id: string) => del(ItemChangeResponse, item(id, '/applications')),
};

/** Copy or move items to a date (the bulk paste: refused on released and past days, and with open conflicts). */
export const bulkCalls = {
  paste: async (body: z.input<typeof BulkPasteRequest>) => await post(BulkResponse, '/api/items/bulk/paste', body),
  duplicate: async (items: string[]) => await post(BulkResponse, '/api/items/bulk/duplicate', { items }),
  empty: async (items: string[]) => await post(BulkResponse, '/api/items/bulk/empty', { items }),
  remove: async (items: string[]) => await post(BulkResponse, '/api/items/bulk/delete', { items }),
  fill: async (body: z.input<typeof BulkFillRequest>) => await post(BulkResponse, '/api/items/bulk/fill', body),
  /** What copying last week into the week of the date would make and leave out. */
  copyWeekPreview: async (location: string, date: string) =>
    await get(CopyWeekPreview, `/api/locations/${enc(location)}/copy-week?date=${enc(date)}`),
  copyWeek: async (location: string, date: string) =>
    await post(CopyWeekResponse, `/api/locations/${enc(location)}/copy-week`, { date }),
};

export const dayCalls = {
  setNote: async (location: string, date: string, content: string) =>
    await put(DayNoteResponse, `/api/locations/${enc(location)}/notes/${enc(date)}`, { content }),
  addComment: async (location: string, date: string, comment: string) =>
    await post(DayComment, '/api/messages', { location, date, comment }),
  deleteComment: (id: string) => apiVoid('DELETE', `/api/messages/${enc(id)}`),
  release: async (location: string, date: string) =>
    await put(ReleaseResponse, `/api/locations/${enc(location)}/release`, { date }),
  /** What a release (or revoke) on that day would send out. */
  releasePreview: async (location: string, date: string) =>
    await get(ReleasePreview, `/api/locations/${enc(location)}/release-preview?date=${enc(date)}`),
};

/** The member's own calendar feed, and a planning's for those who plan it (docs/product/roster.md). */
export const calendarFeedQuery = {
  queryKey: rosterKeys.calendarFeed(),
  read: async () => await get(CalendarFeedState, '/api/calendar-feed'),
};

export const calendarFeedCalls = {
  create: async () => await post(CalendarFeedCreated, '/api/calendar-feed'),
  remove: () => apiVoid('DELETE', '/api/calendar-feed'),
};

export const planningFeedQuery = (location: string) => ({
  queryKey: rosterKeys.planningFeed(location),
  read: async () => await get(CalendarFeedState, `/api/locations/${enc(location)}/calendar-feed`),
});

export const planningFeedCalls = (location: string) => ({
  create: async () => await post(CalendarFeedCreated, `/api/locations/${enc(location)}/calendar-feed`),
  remove: () => apiVoid('DELETE', `/api/locations/${enc(location)}/calendar-feed`),
});

/** The preset template of a location (up to four weeks), its saving from the roster and its application. */
export const presetQuery = (location: string) =>
  queryOptions({
    queryKey: rosterKeys.preset(location),
    queryFn: async () => await get(PresetResponse, `/api/items?scope=preset&location=${enc(location)}`),
    staleTime: 0,
  });

export const presetCalls = {
  save: async (location: string, from: string, weeks: number) =>
    await put(PresetSaveResponse, `/api/locations/${enc(location)}/preset`, { from, weeks }),
  apply: async (location: string, from: string, until: string, withUsers: boolean) =>
    await post(PresetApplyResponse, `/api/locations/${enc(location)}/preset/apply`, { from, until, withUsers }),
};

/** The matching wizard: a proposal for a period's open items (cancellable), then applying the accepted part. */
export const matchingCalls = {
  propose: async (location: string, body: z.input<typeof MatchingRequest>, signal?: AbortSignal) =>
    await api(MatchingResponse, 'POST', `/api/locations/${enc(location)}/matching`, body, signal),
  apply: async (location: string, body: MatchingApplyRequest) =>
    await post(MatchingApplyResponse, `/api/locations/${enc(location)}/matching/apply`, body),
};

import { ActivityLogResponse } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';

export interface LogFilters {
  person: string | null;
  location: string | null;
  kind: string | null;
}

export const logKeys = {
  all: ['activity-log'] as const,
  list: (f: LogFilters) => [...logKeys.all, f.person, f.location, f.kind] as const,
};

export const logQuery = (f: LogFilters) =>
  infiniteQueryOptions({
    queryKey: logKeys.list(f),
    initialPageParam: null as string | null,
    queryFn: async ({ pageParam }) => {
      const q = new URLSearchParams();
      if (f.person) q.set('person', f.person);
      if (f.location) q.set('location', f.location);
      if (f.kind) q.set('kind', f.kind);
      if (pageParam) q.set('before', pageParam);
      const s = q.toString();
      return ActivityLogResponse.parse(await get<unknown>(`/api/activity-log${s ? `?${s}` : ''}`));
    },
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
    placeholderData: (previous) => previous,
  });

/** Internal columns a reader of the log does not need. */
const HIDDEN = new Set(['id', 'accountId', 'createdAt', 'updatedAt', 'startAt', 'endAt']);

/** What a change changed: the fields whose values differ between before and after (all of them on create/delete). */
export function changedFields(before: unknown, after: unknown): { field: string; before: string; after: string }[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  const show = (v: unknown) =>
    v === undefined || v === null || v === '' ? '–' : typeof v === 'string' ? v : JSON.stringify(v);
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !HIDDEN.has(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: show(b[k]), after: show(a[k]) }));
}

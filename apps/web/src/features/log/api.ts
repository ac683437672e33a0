import { ActivityLogResponse } from '@app/contracts';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { get } from '../../app/api';
import { formatDuration, formatTime } from '../../ui/format';

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
      return await get(ActivityLogResponse, `/api/activity-log${s ? `?${s}` : ''}`);
    },
    getNextPageParam: (last) => (last.more ? last.entries.at(-1)?.id : undefined),
    placeholderData: (previous) => previous,
  });

/** Internal columns a reader of the log does not need. */
const HIDDEN = new Set(['id', 'accountId', 'createdAt', 'updatedAt', 'startAt', 'endAt']);

/** What a change changed: the fields whose values differ between before and after (all of them on create/delete). */
export function changedFields(before: unknown, after: unknown): { field: string; before: unknown; after: unknown }[] {
  const b = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const a = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => !HIDDEN.has(k) && JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => ({ field: k, before: b[k], after: a[k] }));
}

export interface ValueWords {
  yes: string;
  no: string;
  /** Names of the things ids refer to (people, duties, plannings...), from the answer. */
  names: Record<string, string>;
  lang: string;
}

/** Minutes of a time of day ("fromMinutes") as a time, other minutes as a duration. */
const hhmm = (field: string, minutes: number) =>
  /^(from|until|start|end)Minutes$/.test(field) ? formatTime(minutes) : formatDuration(minutes);

/**
 * A logged value as a reader understands it: ids by the name of what they refer to, minutes as hours and minutes,
 * cents as money, yes and no; anything else as it was stored.
 */
export function showValue(field: string, value: unknown, words: ValueWords): string {
  if (value === undefined || value === null || value === '') return '–';
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (typeof value === 'number' && field.endsWith('Minutes')) return hhmm(field, value);
  if (typeof value === 'number' && field.endsWith('Cents')) {
    return new Intl.NumberFormat(words.lang, { style: 'currency', currency: 'EUR' }).format(value / 100);
  }
  if (typeof value === 'string') return words.names[value] ?? value;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string')) {
    return value.length ? value.map((v) => words.names[v] ?? v).join(', ') : '–';
  }
  return JSON.stringify(value);
}

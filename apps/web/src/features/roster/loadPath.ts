import { PERIOD_OPTIONS } from '@app/contracts';
import type { Period } from '@app/domain';

const enc = encodeURIComponent;

/**
 * The address of a location's period as the roster reads it: the compact form (a month of a big location is a
 * tenth of the bytes, and far less to parse and check). One builder for the page's query and the route's loader,
 * which starts the same call as the shell starts (prefetch.ts), before the roster's code and schemas have run.
 */
export const rosterLoadPath = (location: string, date: string, period: Period, mine = false) =>
  `/api/items?scope=planning&location=${enc(location)}&date=${enc(date)}&period=${enc(period)}&compact=1${mine ? '&mine=1' : ''}`;

/** How long a period's read counts as fresh (its queries' stale time): not asked again within it. */
export const ROSTER_FRESH_MS = 15_000;

/** Query keys of the roster, built in one place (realtime invalidates `rosterKeys.all`); plain values, so the route's loader in the shell reads the cache without the roster's code. */
export const rosterKeys = {
  all: ['roster'] as const,
  loads: () => [...rosterKeys.all, 'load'] as const,
  load: (location: string, date: string, period: Period) => [...rosterKeys.loads(), location, date, period] as const,
  /** The viewer's own items of a period (not under `loads`: no edit or event merges into it). */
  mine: (location: string, date: string, period: Period) =>
    [...rosterKeys.all, 'mine', location, date, period] as const,
  releasePreview: (location: string, date: string) => [...rosterKeys.all, 'release-preview', location, date] as const,
  candidates: (item: string) => [...rosterKeys.all, 'candidates', item] as const,
  dayCandidates: (location: string, date: string) => [...rosterKeys.all, 'dayCandidates', location, date] as const,
  applications: (item: string) => [...rosterKeys.all, 'applications', item] as const,
  calendarFeed: () => [...rosterKeys.all, 'calendarFeed'] as const,
  planningFeed: (location: string) => [...rosterKeys.all, 'planningFeed', location] as const,
  preset: (location: string) => [...rosterKeys.all, 'preset', location] as const,
  copyWeek: (location: string, date: string) => [...rosterKeys.all, 'copy-week', location, date] as const,
};

export const isPeriod = (value: unknown): value is Period => (PERIOD_OPTIONS as readonly unknown[]).includes(value);

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
export const isIsoDate = (value: unknown): value is string =>
  typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

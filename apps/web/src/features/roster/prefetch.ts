import type { Period } from '@app/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { startGet } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { isIsoDate, isPeriod, ROSTER_FRESH_MS, rosterKeys, rosterLoadPath } from './loadPath';

/**
 * Starts the period's load as a bare call (`startGet`), which the page's query takes and checks with its schema: on
 * "my duties", while the whole period is not in the cache, the viewer's own items, which the page shows first
 * (useRosterAddress); else the whole period. It never waits; a failure reaches the page's query, which reports it.
 * Says which of the two it is (started, or fresh in the cache already).
 */
export function startRosterLoad(location: string, date: string, period: Period, tab: string | null): { mine: boolean } {
  const mine = tab === 'mine' && queryClient.getQueryData(rosterKeys.load(location, date, period)) === undefined;
  // Not again while the cache holds a fresh answer (the roster's address went there with its read done).
  const key = mine ? rosterKeys.mine(location, date, period) : rosterKeys.load(location, date, period);
  const fresh = (queryClient.getQueryState(key)?.dataUpdatedAt ?? 0) > Date.now() - ROSTER_FRESH_MS;
  if (!fresh) startGet(rosterLoadPath(location, date, period, mine));
  return { mine };
}

/**
 * The roster route's loader: when the address names the location, the period's first day and the period, the load
 * starts at once, beside the page's code and /api/app/init, instead of after both (a month of a big location is
 * the slowest answer of the app). It is part of the shell (app/prefetch.ts), so the call starts as the router does,
 * not after a chunk of its own and the roster's modules have run.
 */
export function prefetchRoster({ params, request }: LoaderFunctionArgs): null {
  const search = new URL(request.url).searchParams;
  const period = search.get('period');
  if (params.location && isIsoDate(params.date) && isPeriod(period)) {
    startRosterLoad(params.location, params.date, period, search.get('tab'));
  }
  return null;
}

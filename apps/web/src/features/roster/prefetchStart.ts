import { isLocale, localizedPath, now } from '@app/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../app/queryClient';
import { initQuery } from '../../app/session';
import { NARROW_LAYOUT } from '../../app/viewport';
import { locationsQuery } from '../catalog/api';
import { rosterMineQuery, rosterQuery } from './api';
import { rosterFirstRead } from './page/rosterStart';
import { startRosterLoad } from './prefetch';

/** The longest the page waits for its first read before it renders without it (its skeleton). */
const FIRST_READ_WAIT_MS = 400;

/**
 * /{lang}/roster, without a location: once who is signed in and the locations are known (on a first visit the page's
 * early reads have both), the address the page would go to, with the load of that address started. The route's
 * loader goes there before anything renders, instead of the page rendering once without a location and then going
 * there (on a slow phone a render and a round of effects cost a third of a second). Undefined when it cannot tell
 * (no location): the page then decides as before. Loaded after the shell (app/prefetch.ts), as it needs the
 * catalog's and the roster's code.
 */
export async function rosterStartAddress({ request, params }: LoaderFunctionArgs): Promise<string | undefined> {
  // Quiet here as the load's prefetch: the page's own reads report a failure.
  const [init, locations] = await Promise.all([
    queryClient.ensureQueryData(initQuery),
    queryClient.ensureQueryData({ ...locationsQuery, meta: { handled: () => true } }),
  ]);
  const search = new URL(request.url).searchParams;
  const read = rosterFirstRead(init, locations, search, matchMedia(NARROW_LAYOUT).matches, now());
  if (!read || !isLocale(params.lang)) return undefined;
  const { mine } = startRosterLoad(read.location, read.date, read.period, read.tab);
  // A first read that answers soon (on a first visit the early reads already have it) is in the cache before the
  // page renders, which then renders once with its days instead of first without them.
  const { location, date, period } = read;
  const first = mine
    ? queryClient.prefetchQuery(rosterMineQuery(location, date, period))
    : queryClient.prefetchQuery(rosterQuery(location, date, period));
  await Promise.race([first, new Promise((done) => setTimeout(done, FIRST_READ_WAIT_MS))]);
  // As the page's own `go` builds it: the address's other parameters kept, period and tab set.
  search.set('period', read.period);
  search.set('tab', read.tab);
  return `${localizedPath('rosterLocation', params.lang, { location: read.location, date: read.date })}?${search}`;
}

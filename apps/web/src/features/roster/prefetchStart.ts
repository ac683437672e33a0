import { now } from '@app/domain';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../app/queryClient';
import { initQuery } from '../../app/session';
import { NARROW_LAYOUT } from '../../app/viewport';
import { locationsQuery } from '../catalog/api';
import { rosterFirstRead } from './page/rosterStart';
import { startRosterLoad } from './prefetch';

/**
 * /{lang}/roster, without a location: once who is signed in and the locations are known, the load of the address
 * the page will go to starts, beside the page's first render instead of after it (useRosterAddress goes there).
 * Loaded after the shell (app/prefetch.ts), as it needs the catalog's and the roster's code.
 */
export async function prefetchRosterStart({ request }: LoaderFunctionArgs): Promise<void> {
  // Quiet here as the load's prefetch: the page's own reads report a failure.
  const [init, locations] = await Promise.all([
    queryClient.ensureQueryData(initQuery),
    queryClient.ensureQueryData({ ...locationsQuery, meta: { handled: () => true } }),
  ]);
  const search = new URL(request.url).searchParams;
  const read = rosterFirstRead(init, locations, search, matchMedia(NARROW_LAYOUT).matches, now());
  if (read) startRosterLoad(read.location, read.date, read.period, read.tab);
}

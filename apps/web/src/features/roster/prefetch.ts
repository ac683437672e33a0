import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../app/queryClient';
import { locationsQuery } from '../catalog/api';
import { rosterQuery } from './api';
import { isIsoDate, isPeriod } from './model';

/**
 * The roster route's loader: when the address names the location, the period's first day and the period, the load
 * starts at once, beside the page's code and /api/app/init, instead of after both (a month of a big location is
 * the slowest answer of the app). It never waits: the page reads the same query. A failure stays quiet here; the
 * page's own query reports it.
 */
export function prefetchRoster({ params, request }: LoaderFunctionArgs): null {
  const period = new URL(request.url).searchParams.get('period');
  if (params.location && isIsoDate(params.date) && isPeriod(period)) {
    void queryClient.prefetchQuery({
      ...rosterQuery(params.location, params.date, period),
      meta: { handled: () => true },
    });
  }
  return null;
}

/**
 * /{lang}/roster without a location: the member's locations are fetched at once, beside the page's code and
 * /api/app/init, so the page can go to its location one round trip sooner (a phone on a slow network feels each).
 */
export function prefetchLocations(): null {
  void queryClient.prefetchQuery({ ...locationsQuery, meta: { handled: () => true } });
  return null;
}

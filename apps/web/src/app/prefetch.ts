import type { LoaderFunction } from 'react-router';
import { prefetchLocations, prefetchRoster } from '../features/roster/prefetch';
import type { BuiltRouteKey } from './builtRoutes';

/** Routes whose first data is fetched while their page's code loads (a loader that starts it and returns at once). */
export const PREFETCH: Partial<Record<BuiltRouteKey, LoaderFunction>> = {
  roster: prefetchLocations,
  rosterLocation: prefetchRoster,
};

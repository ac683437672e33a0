import type { LoaderFunction } from 'react-router';
import { prefetchRoster } from '../features/roster/prefetch';
import { startGet } from './api';
import type { BuiltRouteKey } from './builtRoutes';

/**
 * Routes whose first data is fetched while their page's code loads (a loader that starts it and returns at once).
 * /{lang}/roster without a location asks for the member's locations at once, beside the page's code and
 * /api/app/init, so the page can go to its location one round trip sooner (a phone on a slow network feels each):
 * the catalog's `locationsQuery` takes that call (api.ts, `startGet`), so the shell carries neither its schema nor
 * the roster's code. With a location, the roster's own loader (features/roster/prefetch.ts, a few lines in the shell)
 * starts the period's load at once.
 */
export const PREFETCH: Partial<Record<BuiltRouteKey, LoaderFunction>> = {
  roster: (args) => {
    startGet('/api/locations');
    // With both, the roster's first read starts beside the page's first render (features/roster/prefetchStart.ts).
    void import('../features/roster/prefetchStart').then((m) => m.prefetchRosterStart(args)).catch(() => undefined);
    return null;
  },
  rosterLocation: prefetchRoster,
};

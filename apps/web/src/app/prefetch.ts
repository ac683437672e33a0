import { type LoaderFunction, redirect } from 'react-router';
import { prefetchRoster } from '../features/roster/prefetch';
import { startGet } from './api';
import type { BuiltRouteKey } from './builtRoutes';

/**
 * Routes whose first data is fetched while their page's code loads. /{lang}/roster without a location asks for the
 * member's locations at once, beside the page's code and /api/app/init (both usually answered by the page's early
 * reads, boot.ts), then goes to its location's address before the page renders: the catalog's `locationsQuery` takes
 * that call (api.ts, `startGet`), so the shell carries neither its schema nor the roster's code. With a location,
 * the roster's own loader (features/roster/prefetch.ts, a few lines in the shell) starts the period's load at once
 * and returns.
 */
export const PREFETCH: Partial<Record<BuiltRouteKey, LoaderFunction>> = {
  roster: async (args) => {
    startGet('/api/locations');
    // With both, the roster's address and its first read (features/roster/prefetchStart.ts): the page renders there
    // at once. Whatever fails here, the page itself reports and decides.
    try {
      // Through the page's module, which the route loads anyway: one file fewer on a slow phone's first load.
      const address = await import('../features/roster/RosterPage').then((m) => m.rosterStartAddress(args));
      return address ? redirect(address) : null;
    } catch {
      return null;
    }
  },
  rosterLocation: prefetchRoster,
};

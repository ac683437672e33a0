import { describe, expect, it } from 'vitest';
import { localizedPath, ROUTES, routeOfPath } from './routes';

describe('routeOfPath', () => {
  it('names the route of a page path in any language, aliases included', () => {
    expect(routeOfPath('/en/roster')?.route.key).toBe('roster');
    expect(routeOfPath('/de/dienstplan')?.route.key).toBe('roster');
    expect(routeOfPath('/nl/rooster/abc/2027-03-29')?.route.key).toBe('rosterLocation');
    expect(routeOfPath('/pl/roster/abc/2027-03-29/')).toMatchObject({ locale: 'pl', route: { key: 'rosterLocation' } });
  });

  it('prefers literal segments over parameters, as the router does', () => {
    expect(routeOfPath('/en/planning/overview')?.route.key).toBe('planningOverview');
    expect(routeOfPath('/en/planning/123')?.route.key).not.toBe('planningOverview');
  });

  it('answers null outside every route: no language, an unknown one, the bare language, too many segments', () => {
    expect(routeOfPath('/')).toBeNull();
    expect(routeOfPath('/en')).toBeNull();
    expect(routeOfPath('/xx/roster')).toBeNull();
    expect(routeOfPath('/en/roster/a/b/c/d/e')).toBeNull();
    expect(routeOfPath('/en/no-such-page')).toBeNull();
  });

  it('finds every route again from the path pathTo writes for it', () => {
    for (const route of ROUTES) {
      const params = Object.fromEntries(
        [...route.path.matchAll(/:(\w+)/g)].map((m) => [m[1] as string, `${m[1]}-value`]),
      );
      const found = routeOfPath(localizedPath(route.key, 'en', params));
      // Another route may claim the same path only with at least as many literal segments (e.g. an alias).
      expect(found, route.key).not.toBeNull();
      expect(localizedPath(found?.route.key as string, 'en', params), route.key).toBe(
        localizedPath(route.key, 'en', params),
      );
    }
  });
});

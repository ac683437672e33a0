import { describe, expect, it } from 'vitest';
import { localizedPath, ROUTES, routeOfPath } from './routes';

describe('routeOfPath', () => {
  it('names the route of a page path in any language, aliases included', () => {
    expect(routeOfPath('/en/roster')?.route.key).toBe('roster');
    expect(routeOfPath('/de/dienstplan')?.route.key).toBe('roster');
    expect(routeOfPath('/nl/rooster/abc/2027-03-29')?.route.key).toBe('rosterLocation');
    expect(routeOfPath('/pl/roster/abc/2027-03-29/')).toMatchObject({ locale: 'pl', route: { key: 'rosterLocation' } });
    expect(routeOfPath('/pl/grafik/abc/2027-03-29')).toMatchObject({ locale: 'pl', route: { key: 'rosterLocation' } });
    expect(routeOfPath('/pl/urlop/nowy')?.route.key).toBe('vacationNew');
    expect(routeOfPath('/pl/urlop/abc')?.route.key).toBe('vacationRequest');
  });

  it('writes Polish path names wherever German and Dutch have theirs, the sign-in included', () => {
    expect(localizedPath('login', 'pl')).toBe('/pl/logowanie');
    expect(localizedPath('roster', 'pl')).toBe('/pl/grafik');
    expect(localizedPath('resetPassword', 'pl', { code: 'abc' })).toBe('/pl/logowanie/nowe-haslo/abc');
    // The whole way in (sign-in, two factors, sign-up, invitations) reads Polish.
    for (const route of ROUTES.filter((r) => r.path.startsWith('login')))
      expect(route.aliases?.pl, route.key).toMatch(/^logowanie(\/|$)/);
    expect(localizedPath('chat', 'pl', { channel: 'c1' })).toBe('/pl/czaty/c1');
    for (const route of ROUTES.filter((r) => r.aliases?.de || r.aliases?.nl)) {
      expect(route.aliases?.pl, route.key).toBeDefined();
      // Plain ASCII words: a link survives every mail client and chat.
      expect(route.aliases?.pl, route.key).toMatch(/^[a-z0-9:?/-]+$/);
      // The same parameters as the English path, so a page changes language with its parameters.
      const params = (p: string) => [...p.matchAll(/:\w+\??/g)].map((m) => m[0]).join();
      expect(params(route.aliases?.pl ?? ''), route.key).toBe(params(route.path));
    }
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
      for (const locale of ['en', 'pl'] as const) {
        const found = routeOfPath(localizedPath(route.key, locale, params));
        // Another route may claim the same path only with at least as many literal segments (e.g. an alias).
        expect(found, route.key).not.toBeNull();
        expect(localizedPath(found?.route.key as string, locale, params), route.key).toBe(
          localizedPath(route.key, locale, params),
        );
      }
    }
  });
});

import { describe, expect, it } from 'vitest';
import { localizedPath, ROUTES, routePatterns } from './routes';
import { notificationDuration, unreadBubble, viewportClass } from './ui';

describe('viewport classes by width', () => {
  it.each([
    [320, 'phone-portrait'],
    [400, 'phone-portrait'],
    [401, 'phone-landscape'],
    [600, 'phone-landscape'],
    [800, 'tablet-portrait'],
    [1200, 'tablet-landscape'],
    [1201, 'desktop'],
  ] as const)('%i px is %s', (w, cls) => expect(viewportClass(w)).toBe(cls));
});

describe('notification duration', () => {
  it('stays at least 3500 ms, else 50 ms per character', () => {
    expect(notificationDuration('short')).toBe(3500);
    expect(notificationDuration('x'.repeat(100))).toBe(5000);
  });
  it('caps the unread bubble at 99', () => {
    expect(unreadBubble(0)).toBeNull();
    expect(unreadBubble(99)).toBe('99');
    expect(unreadBubble(100)).toBe('+99');
  });
});

describe('routes', () => {
  it('have unique keys and translated aliases', () => {
    expect(new Set(ROUTES.map((r) => r.key)).size).toBe(ROUTES.length);
    expect(localizedPath('overview', 'de')).toBe('/de/uebersicht');
    expect(localizedPath('overview', 'pl')).toBe('/pl/przeglad');
    expect(localizedPath('resetPassword', 'nl', { code: 'abc' })).toBe('/nl/inloggen/wachtwoord-herstellen/abc');
    expect(localizedPath('documents', 'en')).toBe('/en/documents');
  });
  it('no two routes share a pattern', () => {
    const seen = new Map<string, string>();
    for (const r of ROUTES) {
      for (const p of routePatterns(r)) {
        expect(seen.get(p), `${p} of ${r.key}`).toBeUndefined();
        seen.set(p, r.key);
      }
    }
  });
  it('backend routes name a guard', () => {
    for (const r of ROUTES.filter((x) => x.group === 'backend')) expect(r.guard).toBeDefined();
  });
});

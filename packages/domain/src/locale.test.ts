import { describe, expect, it } from 'vitest';
import { browserLocale, parseAcceptLanguage, publicSwitchLocales, resolveLocale } from './locale';

describe('language resolution (route, stored, browser, en)', () => {
  it('takes the route first', () => {
    expect(resolveLocale({ route: 'nl', stored: 'de', browser: ['pl'] })).toBe('nl');
  });
  it('then the stored locale', () => {
    expect(resolveLocale({ route: 'xx', stored: 'de', browser: ['pl'] })).toBe('de');
    expect(resolveLocale({ route: null, stored: 'pl', browser: ['nl'] })).toBe('pl');
  });
  it('then the browser, matching regional variants', () => {
    expect(resolveLocale({ browser: ['fr-FR', 'de-AT', 'en'] })).toBe('de');
    expect(browserLocale(['nl_BE'])).toBe('nl');
  });
  it('then English', () => {
    expect(resolveLocale({ route: 'fr', stored: 'it', browser: ['es'] })).toBe('en');
    expect(resolveLocale({})).toBe('en');
  });
  it('reads Accept-Language by preference', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE;q=0.9, nl')).toEqual(['nl', 'de-DE', 'fr']);
    expect(parseAcceptLanguage(undefined)).toEqual([]);
  });
});

describe("the public pages' language switch", () => {
  it('offers German, Dutch and English, and Polish to a visitor who reads Polish', () => {
    expect(publicSwitchLocales('en', ['en-GB', 'de'])).toEqual(['de', 'nl', 'en']);
    expect(publicSwitchLocales('pl', ['en-GB'])).toEqual(['de', 'nl', 'en', 'pl']);
    expect(publicSwitchLocales('de', ['pl-PL', 'de'])).toEqual(['de', 'nl', 'en', 'pl']);
    expect(publicSwitchLocales('de', ['fr', 'pl'])).toEqual(['de', 'nl', 'en', 'pl']);
  });
});

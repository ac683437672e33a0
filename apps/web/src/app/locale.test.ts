import { describe, expect, it } from 'vitest';
import { matchRoute, translatePath } from './locale';

describe('translatePath', () => {
  it('carries a page into Polish path names and back, its parameters kept', () => {
    expect(translatePath('/en/roster/abc/2027-03-29', 'pl')).toBe('/pl/grafik/abc/2027-03-29');
    expect(translatePath('/pl/grafik/abc/2027-03-29', 'de')).toBe('/de/dienstplan/abc/2027-03-29');
    expect(translatePath('/de/anmelden', 'pl')).toBe('/pl/logowanie');
    expect(translatePath('/pl/urlop/nowy', 'en')).toBe('/en/vacation/new');
    expect(translatePath('/pl/godziny/register', 'nl')).toBe('/nl/urenregistratie/register');
  });

  it('reads an English path below /pl/ as the same page (links written before the Polish names)', () => {
    expect(matchRoute('roster')?.key).toBe('roster');
    expect(matchRoute('grafik')?.key).toBe('roster');
    expect(matchRoute('urlop/nowy')?.key).toBe('vacationNew');
    expect(matchRoute('urlop/abc')).toEqual({ key: 'vacationRequest', params: { id: 'abc' } });
  });
});

import { LOCALES } from '@app/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../i18n';
import de from '../../i18n/de.json';
import en from '../../i18n/en.json';
import nl from '../../i18n/nl.json';
import pl from '../../i18n/pl.json';
import { matchingReasons } from './matchingText';

const explanation = {
  score: 12,
  holdsDuty: true,
  tagsMatched: 0,
  applied: false,
  availability: null,
  wish: false,
  withinLimited: null,
  warnings: ['OVERTIME', 'ERR_UNAVAILABLE_LIMITED', 'SOMETHING_NEW'],
  minutes: 480,
  week: '2027-01-04',
  hoursBefore: 38,
  hoursAfter: 46,
  contractHours: 40,
  maxHours: null,
  overtimeHours: 6,
  costCents: null,
  alternatives: 2,
};

const catalogs = { en, de, nl, pl };

describe('the matching wizard speaks the planner’s language', () => {
  // The app loads one language's catalog at a time; the test speaks all four.
  beforeAll(() => {
    for (const [locale, catalog] of Object.entries(catalogs)) i18n.addResourceBundle(locale, 'translation', catalog);
  });

  it.each(LOCALES)('%s: reasons and warnings are words, never codes', (locale) => {
    const t = i18n.getFixedT(locale);
    const text = matchingReasons(t, explanation).join(' · ');
    expect(text).not.toMatch(/OVERTIME|ERR_|SOMETHING_NEW|roster\.matching/);
    expect(text).toContain('6.0');
  });

  it.each(LOCALES)('%s: the catalog names no engine, solver status or gap', (locale) => {
    const values = (node: unknown): string[] =>
      typeof node === 'string' ? [node] : Object.values(node as Record<string, unknown>).flatMap(values);
    const words = values(catalogs[locale].roster.matching)
      .join(' | ')
      .replace(/{{\w+}}/g, '');
    expect(words).not.toMatch(/engine|optimal|\bgap\b|heuristic|OVERTIME/i);
  });
});

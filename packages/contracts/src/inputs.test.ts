import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  DATE_MAX,
  DATE_MIN,
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_MAX_DEPTH,
  PREFERENCE_VALUE_MAX_BYTES,
} from './constants';
import {
  CalendarDate,
  dateRange,
  daysFromTo,
  isCalendarDate,
  isCleanText,
  line,
  name,
  PreferenceKey,
  PreferenceValue,
  preferenceValueProblem,
  text,
} from './inputs';
import { PreferenceRequest } from './session';

const messages = (result: { error?: { issues: { message: string; path: PropertyKey[] }[] } }) =>
  result.error?.issues.map((i) => [i.path.join('.'), i.message]) ?? [];

/** Any UTF-16 string, lone surrogates and control characters included. */
const anyString = (maxLength = 40) =>
  fc.string({ unit: fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)), maxLength });

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

describe('text', () => {
  const note = text(10);

  it('is trimmed and NFC-normalised before its length is counted', () => {
    expect(note.parse('  e\u0301  ')).toBe('\u00e9');
    expect(note.parse(`  ${'x'.repeat(10)}  `)).toBe('x'.repeat(10));
    expect(messages(note.safeParse('x'.repeat(11)))).toEqual([
      ['', 'Too big: expected string to have <=10 characters'],
    ]);
  });

  it('keeps tab and line breaks inside, refuses every other control character', () => {
    expect(note.parse('a\tb\r\nc')).toBe('a\tb\r\nc');
    for (const c of ['\u0000', '\u0007', '\u001b', '\u007f', '\u0085', '\u009f']) {
      expect(messages(note.safeParse(`a${c}b`))).toEqual([['', 'validation.characters']]);
    }
  });

  it('refuses lone surrogates and keeps proper pairs', () => {
    for (const s of ['a\uD800', '\uDC00a', 'a\uDC00\uD800b']) {
      expect(messages(note.safeParse(s))).toEqual([['', 'validation.characters']]);
    }
    expect(note.parse('ok 😀')).toBe('ok 😀');
  });

  it('accepts exactly what is clean and short enough once trimmed and normalised', () => {
    fc.assert(
      fc.property(anyString(), (s) => {
        const stored = s.trim().normalize('NFC');
        const clean = !CONTROL.test(stored) && !LONE_SURROGATE.test(stored);
        const result = note.safeParse(s);
        expect(result.success).toBe(clean && stored.length <= 10);
        if (result.success) {
          expect(result.data).toBe(stored);
          expect(note.parse(result.data)).toBe(result.data);
        }
      }),
    );
  });

  it('agrees with the look-behind regex on which strings are clean', () => {
    fc.assert(
      fc.property(anyString(), (s) => {
        expect(isCleanText(s)).toBe(!CONTROL.test(s) && !LONE_SURROGATE.test(s));
      }),
    );
  });

  it('refuses a string far over its limit without looking at its characters', () => {
    const result = text(500).safeParse(`\u0000${'x'.repeat(1_000_000)}`);
    expect(result.error?.issues.map((i) => i.code)).toEqual(['too_big']);
  });
});

describe('line and name', () => {
  it('refuse line breaks and tabs', () => {
    for (const s of ['a\nb', 'a\rb', 'a\tb', 'a\u0000b']) {
      expect(messages(line(20).safeParse(s))).toEqual([['', 'validation.characters']]);
    }
    expect(line(20).parse('  Kitchen 2  ')).toBe('Kitchen 2');
  });

  it('a name needs a character after trimming', () => {
    expect(name().safeParse('   ').success).toBe(false);
    expect(name(5).parse(' F ')).toBe('F');
    expect(name(5).safeParse('ABCDEF').success).toBe(false);
  });

  it('states its limit in JSON Schema', () => {
    expect(z.toJSONSchema(name(50), { io: 'input' })).toMatchObject({ type: 'string', minLength: 1, maxLength: 50 });
    expect(z.toJSONSchema(text(500), { io: 'input' })).toMatchObject({ maxLength: 500, pattern: expect.any(String) });
  });
});

describe('CalendarDate', () => {
  it('accepts real days from 1950 to 2050 and nothing else', () => {
    for (const d of [DATE_MIN, DATE_MAX, '2024-02-29', '2000-02-29', '2027-12-31'])
      expect(CalendarDate.parse(d)).toBe(d);
    for (const d of [
      '1949-12-31',
      '2051-01-01',
      '9999-12-31',
      '0000-01-01',
      '2023-02-29',
      '1900-02-29',
      '2027-02-30',
    ]) {
      expect(messages(CalendarDate.safeParse(d))).toEqual([['', 'validation.date']]);
    }
    for (const d of ['2027-1-1', '2027-01-01T00:00:00Z', '', ' 2027-01-01', '２０２７-01-01']) {
      expect(CalendarDate.safeParse(d).success).toBe(false);
    }
  });

  it('accepts every day between the bounds as JavaScript writes it, and refuses the days around them', () => {
    const min = Date.parse(`${DATE_MIN}T00:00:00Z`);
    const max = Date.parse(`${DATE_MAX}T00:00:00Z`);
    const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
    fc.assert(
      fc.property(fc.integer({ min: -40_000, max: 80_000 }), (day) => {
        const t = min + day * 86_400_000;
        const inside = t >= min && t <= max;
        expect(isCalendarDate(iso(t))).toBe(inside);
      }),
    );
    expect(isCalendarDate(iso(min - 86_400_000))).toBe(false);
    expect(isCalendarDate(iso(max + 86_400_000))).toBe(false);
  });

  it('says its format and bounds in JSON Schema', () => {
    const schema = z.toJSONSchema(CalendarDate, { io: 'input' }) as { format: string; description: string };
    expect(schema.format).toBe('date');
    expect(schema.description).toContain(DATE_MIN);
    expect(schema.description).toContain(DATE_MAX);
  });
});

describe('dateRange', () => {
  const Range = dateRange(z.object({ from: CalendarDate, until: CalendarDate }), 62);

  it('counts days inclusively, by arithmetic', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30_000 }), fc.integer({ min: 0, max: 400 }), (start, span) => {
        const from = new Date(Date.UTC(1950, 0, 1 + start));
        const until = new Date(from.getTime() + span * 86_400_000);
        expect(daysFromTo(from.toISOString().slice(0, 10), until.toISOString().slice(0, 10))).toBe(span + 1);
      }),
    );
  });

  it('accepts up to its maximum and refuses longer or backwards spans on `until`', () => {
    expect(Range.safeParse({ from: '2027-01-01', until: '2027-03-03' }).success).toBe(true);
    expect(messages(Range.safeParse({ from: '2027-01-01', until: '2027-03-04' }))).toEqual([
      ['until', 'validation.range'],
    ]);
    expect(messages(Range.safeParse({ from: '2027-01-02', until: '2027-01-01' }))).toEqual([
      ['until', 'validation.range'],
    ]);
    expect(messages(Range.safeParse({ from: '2027-01-01', until: '5000-01-01' }))).toEqual([
      ['until', 'validation.date'],
    ]);
  });

  it('words a refusal with the messages it is given', () => {
    const Named = dateRange(z.object({ from: CalendarDate, until: CalendarDate }), 7, {
      order: 'availability.rangeOrder',
      tooLong: 'availability.rangeTooLong',
    });
    expect(messages(Named.safeParse({ from: '2027-01-02', until: '2027-01-01' }))).toEqual([
      ['until', 'availability.rangeOrder'],
    ]);
    expect(messages(Named.safeParse({ from: '2027-01-01', until: '2027-01-08' }))).toEqual([
      ['until', 'availability.rangeTooLong'],
    ]);
  });
});

describe('preferences', () => {
  const nested = (depth: number): unknown => {
    let value: unknown = 1;
    for (let i = 0; i < depth; i++) value = i % 2 ? { a: value } : [value];
    return value;
  };
  const depthOf = (value: unknown): number =>
    typeof value === 'object' && value !== null ? 1 + Math.max(0, ...Object.values(value).map(depthOf)) : 0;
  const bytesOf = (value: unknown) => new TextEncoder().encode(JSON.stringify(value)).length;
  const allClean = (value: unknown): boolean =>
    typeof value === 'string'
      ? isCleanText(value)
      : typeof value === 'object' && value !== null
        ? Object.entries(value).every(([k, v]) => isCleanText(k) && allClean(v))
        : true;

  it('keys start with a letter and hold letters, digits, _ . -', () => {
    for (const key of ['location', 'roster.view', 'a', 'x_1-2.b', 'k'.repeat(PREFERENCE_KEY_MAX_LENGTH)]) {
      expect(PreferenceKey.parse(key)).toBe(key);
    }
    for (const key of [
      '',
      '1st',
      '.x',
      'a b',
      'a\u0000',
      'ä',
      '__proto__',
      'k'.repeat(PREFERENCE_KEY_MAX_LENGTH + 1),
    ]) {
      expect(PreferenceKey.safeParse(key).success).toBe(false);
    }
  });

  it(`accept ${PREFERENCE_MAX_DEPTH} levels and refuse ${PREFERENCE_MAX_DEPTH + 1}`, () => {
    expect(preferenceValueProblem(nested(PREFERENCE_MAX_DEPTH))).toBeNull();
    expect(preferenceValueProblem(nested(PREFERENCE_MAX_DEPTH + 1))).toBe('validation.tooLong');
  });

  it('refuse a value nested 100,000 levels deep without overflowing the stack', () => {
    expect(preferenceValueProblem(nested(100_000))).toBe('validation.tooLong');
    expect(PreferenceValue.safeParse(JSON.parse(`${'['.repeat(5000)}1${']'.repeat(5000)}`)).success).toBe(false);
  });

  it(`refuse more than ${PREFERENCE_VALUE_MAX_BYTES} bytes, counted as JSON writes them`, () => {
    const fits = 'x'.repeat(PREFERENCE_VALUE_MAX_BYTES - 2);
    expect(preferenceValueProblem(fits)).toBeNull();
    expect(preferenceValueProblem(`${fits}x`)).toBe('validation.tooLong');
    expect(preferenceValueProblem('é'.repeat(PREFERENCE_VALUE_MAX_BYTES / 2))).toBe('validation.tooLong');
    expect(preferenceValueProblem('x'.repeat(100_000))).toBe('validation.tooLong');
    expect(preferenceValueProblem(new Array(1_000_000).fill(0))).toBe('validation.tooLong');
  });

  it('refuse control characters and lone surrogates in strings and keys, and what JSON cannot hold', () => {
    expect(preferenceValueProblem({ a: ['ok', 'a\uD800'] })).toBe('validation.characters');
    expect(preferenceValueProblem({ 'a\u0000': 1 })).toBe('validation.characters');
    expect(preferenceValueProblem(Number.NaN)).toBe('validation.invalid');
    expect(preferenceValueProblem(new Date())).toBe('validation.invalid');
    expect(preferenceValueProblem(undefined)).toBe('validation.required');
    expect(preferenceValueProblem(null)).toBeNull();
  });

  it('need a value: null deletes, leaving it out is refused', () => {
    expect(PreferenceRequest.parse({ key: 'roster', value: null })).toEqual({ key: 'roster', value: null });
    expect(messages(PreferenceRequest.safeParse({ key: 'roster' }))).toEqual([['value', 'validation.required']]);
  });

  it('accept exactly the JSON values within depth, size and clean text', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: PREFERENCE_MAX_DEPTH + 2 }), (value) => {
        const fine =
          allClean(value) && depthOf(value) <= PREFERENCE_MAX_DEPTH && bytesOf(value) <= PREFERENCE_VALUE_MAX_BYTES;
        expect(preferenceValueProblem(value) === null).toBe(fine);
      }),
    );
  });

  it('count bytes as JSON.stringify writes them', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (s) => {
        const size = bytesOf(s);
        expect(preferenceValueProblem(s) === null).toBe(isCleanText(s) && size <= PREFERENCE_VALUE_MAX_BYTES);
        const padded = s + 'x'.repeat(Math.max(0, PREFERENCE_VALUE_MAX_BYTES - size));
        if (isCleanText(s)) expect(preferenceValueProblem(padded)).toBeNull();
        if (isCleanText(s)) expect(preferenceValueProblem(`${padded}x`)).toBe('validation.tooLong');
      }),
    );
  });
});

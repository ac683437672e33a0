import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatHHmm } from './time';
import { defaultBreak, parseTypedTimes, spanOfTimes, typedTimesText } from './typedTimes';

const minuteOfDay = fc.integer({ min: 0, max: 1439 });

describe('typed times', () => {
  it('reads the forms planners type', () => {
    expect(parseTypedTimes('10-18:30')).toEqual({ ok: true, from: '10:00', until: '18:30', overnight: false });
    expect(parseTypedTimes('9–17')).toEqual({ ok: true, from: '09:00', until: '17:00', overnight: false });
    expect(parseTypedTimes('9.30-17')).toEqual({ ok: true, from: '09:30', until: '17:00', overnight: false });
    expect(parseTypedTimes(' 0930 - 1700 ')).toEqual({ ok: true, from: '09:30', until: '17:00', overnight: false });
    expect(parseTypedTimes('8h15 bis 16')).toEqual({ ok: true, from: '08:15', until: '16:00', overnight: false });
  });

  it('an end before the start runs overnight', () => {
    expect(parseTypedTimes('22-6')).toEqual({ ok: true, from: '22:00', until: '06:00', overnight: true });
  });

  it('unreadable input answers why', () => {
    expect(parseTypedTimes('')).toEqual({ ok: false, reason: 'empty' });
    expect(parseTypedTimes('ten to six')).toEqual({ ok: false, reason: 'format' });
    expect(parseTypedTimes('10')).toEqual({ ok: false, reason: 'format' });
    expect(parseTypedTimes('25-6')).toEqual({ ok: false, reason: 'hour' });
    expect(parseTypedTimes('10:75-12')).toEqual({ ok: false, reason: 'minute' });
    expect(parseTypedTimes('10-10:00')).toEqual({ ok: false, reason: 'equal' });
  });

  it('round trip: times written back read as the same times', () => {
    fc.assert(
      fc.property(minuteOfDay, minuteOfDay, (a, b) => {
        fc.pre(a !== b);
        const parsed = parseTypedTimes(typedTimesText(formatHHmm(a), formatHHmm(b)));
        expect(parsed).toEqual({ ok: true, from: formatHHmm(a), until: formatHHmm(b), overnight: b < a });
      }),
    );
  });

  it('overnight exactly when the end is before the start, and the span stays within a day', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 23 }), (a, b) => {
        fc.pre(a !== b);
        const parsed = parseTypedTimes(`${a}-${b}`);
        if (!parsed.ok) throw new Error('unreadable');
        expect(parsed.overnight).toBe(b < a);
        const span = spanOfTimes(parsed.from, parsed.until);
        expect(span).toBeGreaterThan(0);
        expect(span).toBeLessThan(1440);
      }),
    );
  });

  it('any other text is refused with a reason, never read as times', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const parsed = parseTypedTimes(s);
        if (!parsed.ok) expect(['empty', 'format', 'hour', 'minute', 'equal']).toContain(parsed.reason);
        else expect(parsed.from).toMatch(/^([01]\d|2[0-3]):[0-5]\d$/);
      }),
    );
  });
});

describe('default break', () => {
  it('takes the shift’s break, else the working-time rule', () => {
    expect(defaultBreak(600, 15)).toBe(15);
    expect(defaultBreak(360, null)).toBe(0);
    expect(defaultBreak(361, null)).toBe(30);
    expect(defaultBreak(9 * 60 + 1, undefined)).toBe(45);
    // The account's own rule replaces the default one; a shift's break still comes first.
    const rule = { breakAfterSixHours: 15, breakAfterNineHours: 60 };
    expect(defaultBreak(7 * 60, null, rule)).toBe(15);
    expect(defaultBreak(10 * 60, null, rule)).toBe(60);
    expect(defaultBreak(10 * 60, 30, rule)).toBe(30);
    expect(defaultBreak(5 * 60, null, rule)).toBe(0);
  });
});

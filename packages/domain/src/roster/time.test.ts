import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  breaksRest,
  formatHHmm,
  instantOf,
  itemSpan,
  overlaps,
  parseHHmm,
  restConflict,
  timesProblem,
  workedMinutes,
} from './time';

const BERLIN = 'Europe/Berlin';
const minuteOfDay = fc.integer({ min: 0, max: 95 }).map((q) => q * 15);
const breakOption = fc.constantFrom(0, 15, 30, 45, 60, 75, 90);
/** Dates of 2026 away from daylight-saving changes. */
const plainDate = fc.integer({ min: 0, max: 60 }).map((d) => addDays('2026-05-01', d));

/** Reference model: the naive length of an item on a day without a clock change. */
const naiveMinutes = (from: number, until: number) => (until > from ? until - from : until + 1440 - from);

describe('time of day', () => {
  it('parses and formats HH:mm', () => {
    expect(parseHHmm('07:30')).toBe(450);
    expect(parseHHmm('24:00')).toBeNull();
    expect(parseHHmm('7:30')).toBeNull();
    expect(formatHHmm(450)).toBe('07:30');
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => {
        expect(parseHHmm(formatHHmm(m))).toBe(m);
      }),
    );
  });
});

describe('item spans', () => {
  it('an item whose end is not after its start runs overnight (1440 minutes a day)', () => {
    fc.assert(
      fc.property(plainDate, minuteOfDay, minuteOfDay, (date, from, until) => {
        fc.pre(from !== until);
        const span = itemSpan(date, from, until, BERLIN);
        expect(workedMinutes(span, 0)).toBe(naiveMinutes(from, until));
        expect(span.start).toBe(instantOf(date, from, BERLIN));
      }),
    );
  });

  it('a night across the spring change is an hour shorter, across the autumn change an hour longer', () => {
    const spring = itemSpan('2026-03-28', parseHHmm('22:00')!, parseHHmm('06:00')!, BERLIN);
    const autumn = itemSpan('2026-10-24', parseHHmm('22:00')!, parseHHmm('06:00')!, BERLIN);
    expect(workedMinutes(spring, 0)).toBe(7 * 60);
    expect(workedMinutes(autumn, 0)).toBe(9 * 60);
    expect(workedMinutes(itemSpan('2026-03-29', 60, 240, BERLIN), 0)).toBe(120);
    expect(workedMinutes(itemSpan('2026-10-25', 60, 240, BERLIN), 0)).toBe(240);
  });

  it('on the DST weekend every item is its naive length plus or minus the hour it crosses', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('2026-03-28', '2026-03-29', '2026-10-24', '2026-10-25'),
        minuteOfDay,
        minuteOfDay,
        (date, from, until) => {
          // Wall times inside the changing hour are ambiguous or missing; the roster's grid never plans there.
          fc.pre(from !== until && ![120, 135, 150, 165].includes(from) && ![120, 135, 150, 165].includes(until));
          const span = itemSpan(date, from, until, BERLIN);
          const diff = workedMinutes(span, 0) - naiveMinutes(from, until);
          expect([-60, 0, 60]).toContain(diff);
          const utcLength = (span.end - span.start) / 60_000;
          expect(utcLength).toBe(workedMinutes(span, 0));
        },
      ),
    );
  });
});

describe('times rule', () => {
  it('needs both times or neither, different, not negative after the break, break from the options', () => {
    expect(timesProblem({}, '2026-05-04', BERLIN)).toBeNull();
    expect(timesProblem({ from: '08:00' }, '2026-05-04', BERLIN)).toBe('ERR_TIMES');
    expect(timesProblem({ until: '08:00' }, '2026-05-04', BERLIN)).toBe('ERR_TIMES');
    expect(timesProblem({ from: '08:00', until: '08:00' }, '2026-05-04', BERLIN)).toBe('ERR_EQUAL');
    expect(timesProblem({ from: '08:00', until: '08:30', break: 45 }, '2026-05-04', BERLIN)).toBe('ERR_NEGATIVE');
    expect(timesProblem({ from: '08:00', until: '16:00', break: 20 }, '2026-05-04', BERLIN)).toBe('ERR_BREAK');
    expect(timesProblem({ from: '22:00', until: '06:00', break: 30 }, '2026-05-04', BERLIN)).toBeNull();
  });
  it('agrees with the reference model on ordinary days', () => {
    fc.assert(
      fc.property(plainDate, minuteOfDay, minuteOfDay, breakOption, (date, from, until, brk) => {
        const expected = from === until ? 'ERR_EQUAL' : naiveMinutes(from, until) - brk < 0 ? 'ERR_NEGATIVE' : null;
        expect(timesProblem({ from: formatHHmm(from), until: formatHHmm(until), break: brk }, date, BERLIN)).toBe(
          expected,
        );
      }),
    );
  });
});

/** Reference model in UTC: an item is the set of minutes it covers; overlap is a shared minute. */
function minuteSet(day: number, from: number, until: number): Set<number> {
  const set = new Set<number>();
  const start = day * 1440 + from;
  const length = naiveMinutes(from, until);
  for (let m = start; m < start + length; m++) set.add(m);
  return set;
}

const utcItem = fc
  .record({ day: fc.integer({ min: 0, max: 3 }), from: minuteOfDay, until: minuteOfDay })
  .filter((i) => i.from !== i.until);

describe('overlap', () => {
  it('agrees with the minute-set model', () => {
    fc.assert(
      fc.property(utcItem, utcItem, (a, b) => {
        const sa = itemSpan(addDays('2026-06-01', a.day), a.from, a.until, 'UTC');
        const sb = itemSpan(addDays('2026-06-01', b.day), b.from, b.until, 'UTC');
        const setB = minuteSet(b.day, b.from, b.until);
        const shared = [...minuteSet(a.day, a.from, a.until)].some((m) => setB.has(m));
        expect(overlaps(sa, sb)).toBe(shared);
        expect(overlaps(sb, sa)).toBe(shared);
      }),
    );
  });
});

describe('rest after a duty', () => {
  it('agrees with the gap model: the later item starting within the rest hours after the earlier breaks it', () => {
    fc.assert(
      fc.property(utcItem, utcItem, fc.integer({ min: 0, max: 14 }), (a, b, rest) => {
        const sa = itemSpan(addDays('2026-06-01', a.day), a.from, a.until, 'UTC');
        const sb = itemSpan(addDays('2026-06-01', b.day), b.from, b.until, 'UTC');
        const gap = (sb.start - sa.end) / 60_000;
        const expected = rest > 0 && gap >= 0 && gap < rest * 60;
        expect(breaksRest(sa, rest, sb)).toBe(expected);
      }),
    );
  });
  it('counts real hours across the autumn change', () => {
    // Late duty until 23:00 on Saturday, 11 h rest: Sunday 09:00 is 11 real hours later only because of the extra hour.
    const late = itemSpan('2026-10-24', parseHHmm('15:00')!, parseHHmm('23:00')!, BERLIN);
    expect(breaksRest(late, 11, itemSpan('2026-10-25', parseHHmm('09:00')!, parseHHmm('17:00')!, BERLIN))).toBe(false);
    expect(breaksRest(late, 11, itemSpan('2026-10-25', parseHHmm('08:45')!, parseHHmm('17:00')!, BERLIN))).toBe(true);
    const spring = itemSpan('2026-03-28', parseHHmm('15:00')!, parseHHmm('23:00')!, BERLIN);
    expect(breaksRest(spring, 11, itemSpan('2026-03-29', parseHHmm('10:45')!, parseHHmm('17:00')!, BERLIN))).toBe(true);
    expect(breaksRest(spring, 11, itemSpan('2026-03-29', parseHHmm('11:00')!, parseHHmm('17:00')!, BERLIN))).toBe(
      false,
    );
  });
  it('is symmetric in which item is placed', () => {
    fc.assert(
      fc.property(
        utcItem,
        utcItem,
        fc.integer({ min: 0, max: 12 }),
        fc.integer({ min: 0, max: 12 }),
        (a, b, ra, rb) => {
          const sa = itemSpan(addDays('2026-06-01', a.day), a.from, a.until, 'UTC');
          const sb = itemSpan(addDays('2026-06-01', b.day), b.from, b.until, 'UTC');
          expect(restConflict(sa, ra, sb, rb)).toBe(restConflict(sb, rb, sa, ra));
        },
      ),
    );
  });
});

describe('instantOf', () => {
  it('answers the local date and time in its own zone, also when remembered', () => {
    const zones = fc.constantFrom(BERLIN, 'Pacific/Auckland', 'America/New_York', 'UTC');
    const dates = fc.integer({ min: 0, max: 730 }).map((d) => addDays('2026-01-01', d));
    // Times outside 02:00–03:00, where these zones' spring gaps lie (such a time moves forward).
    const times = minuteOfDay.filter((m) => m < 120 || m >= 180);
    fc.assert(
      fc.property(dates, times, zones, zones, (date, minutes, a, b) => {
        const inA = instantOf(date, minutes, a);
        expect(instantOf(date, minutes, a)).toBe(inA);
        expect(localOf(instantOf(date, minutes, b), b)).toBe(`${date} ${formatHHmm(minutes)}`);
        expect(localOf(inA, a)).toBe(`${date} ${formatHHmm(minutes)}`);
      }),
    );
  });
});

/** "YYYY-MM-DD HH:mm" of an instant in a zone, by Intl (a reference independent of the code under test). */
function localOf(instant: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(instant);
  const part = (type: string) => parts.find((p) => p.type === type)?.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}`;
}

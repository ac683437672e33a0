import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { daySegments, lineCost, type PremiumRule, premiumMinutes, spanMinutes } from './cost';

const h = (hh: number, mm = 0) => hh * 60 + mm;
const rule = (over: Partial<PremiumRule> & { id: string; percent: number }): PremiumRule => ({
  weekdays: [],
  from: null,
  until: null,
  tagIds: [],
  holidays: false,
  ...over,
});
const NIGHT = rule({ id: 'night', percent: 25, from: h(22), until: h(6) });
const SUNDAY = rule({ id: 'sunday', percent: 50, weekdays: [7] });
const HOLIDAY = rule({ id: 'holiday', percent: 100, holidays: true });

describe('cost of a line: hand-worked examples', () => {
  it('a plain Monday: 09:00-17:30 less 30 min = 8 h x 15.00 x 1.25 = 150.00', () => {
    const c = lineCost({
      date: '2027-05-03',
      from: h(9),
      until: h(17, 30),
      breakMinutes: 30,
      hourlyCents: 1500,
      factor: 125,
    });
    expect(c).toMatchObject({ spanMinutes: 510, workedMinutes: 480, baseCents: 15000, totalCents: 15000 });
    expect(c.premiums).toEqual([]);
  });

  it('night: Wednesday 20:00-04:00 earns 25 % on the 6 h between 22:00 and 06:00 (96.00 + 18.00)', () => {
    const c = lineCost({
      date: '2027-05-05',
      from: h(20),
      until: h(4),
      breakMinutes: 0,
      hourlyCents: 1200,
      factor: 100,
      premiums: [NIGHT, SUNDAY],
    });
    expect(c.baseCents).toBe(9600);
    expect(c.premiums).toEqual([{ id: 'night', minutes: 360, cents: 1800 }]);
    expect(c.totalCents).toBe(11400);
  });

  it('Sunday night into Monday: Sunday premium until midnight only, night premium all through, break pro rata', () => {
    // 22:00-06:00 less 60 min: worked 7 h of a span of 8 h, so every premium minute counts 7/8.
    const c = lineCost({
      date: '2027-05-02',
      from: h(22),
      until: h(6),
      breakMinutes: 60,
      hourlyCents: 1600,
      factor: 100,
      premiums: [SUNDAY, NIGHT],
    });
    expect(c.baseCents).toBe(11200); // 7 h x 16.00
    expect(c.premiums).toEqual([
      { id: 'sunday', minutes: 120, cents: 1400 }, // 2 h x 8.00 x 7/8
      { id: 'night', minutes: 480, cents: 2800 }, // 8 h x 4.00 x 7/8
    ]);
    expect(c.totalCents).toBe(15400);
  });

  it('holiday: Christmas Day 10:00-18:00 less 30 min, 100 % on top, factor 1.5 (157.50 + 157.50)', () => {
    const c = lineCost({
      date: '2027-12-25',
      from: h(10),
      until: h(18),
      breakMinutes: 30,
      hourlyCents: 1400,
      factor: 150,
      holidays: ['2027-12-25', '2027-12-26'],
      premiums: [HOLIDAY],
    });
    expect(c.baseCents).toBe(15750);
    expect(c.premiums).toEqual([{ id: 'holiday', minutes: 480, cents: 15750 }]);
    expect(c.totalCents).toBe(31500);
  });

  it('overnight into New Year: only the 2 h after midnight are on the holiday', () => {
    const c = lineCost({
      date: '2027-12-31',
      from: h(20),
      until: h(2),
      breakMinutes: 0,
      hourlyCents: 1000,
      factor: 100,
      holidays: new Set(['2028-01-01']),
      premiums: [HOLIDAY],
    });
    expect(c).toMatchObject({ spanMinutes: 360, baseCents: 6000, totalCents: 8000 });
    expect(c.premiums).toEqual([{ id: 'holiday', minutes: 120, cents: 2000 }]);
  });

  it('a line ending at midnight stays on its day', () => {
    expect(daySegments('2027-05-02', h(18), 0)).toEqual([{ date: '2027-05-02', start: h(18), end: 1440 }]);
    const c = lineCost({
      date: '2027-05-02',
      from: h(18),
      until: 0,
      breakMinutes: 0,
      hourlyCents: 1000,
      factor: 100,
      premiums: [SUNDAY],
    });
    expect(c.premiums).toEqual([{ id: 'sunday', minutes: 360, cents: 3000 }]);
  });

  it('tags: a premium with tags counts only on a line carrying one of them; inactive premiums never count', () => {
    const barista = rule({ id: 'barista', percent: 10, tagIds: ['t-barista'] });
    const off = rule({ id: 'off', percent: 90, active: false });
    const base = { date: '2027-05-03', from: h(8), until: h(12), breakMinutes: 0, hourlyCents: 2000, factor: 100 };
    expect(lineCost({ ...base, tagIds: ['t-barista'], premiums: [barista, off] }).totalCents).toBe(8000 + 800);
    expect(lineCost({ ...base, tagIds: ['t-other'], premiums: [barista, off] }).totalCents).toBe(8000);
  });

  it('an evening window within the day counts only its overlap; a weekday and a window both must hold', () => {
    const saturdayEvening = rule({ id: 'sat-evening', percent: 20, weekdays: [6], from: h(18), until: h(20) });
    const line = { from: h(16), until: h(22), tagIds: [] };
    expect(premiumMinutes(saturdayEvening, { ...line, date: '2027-05-01' }, () => false)).toBe(120);
    expect(premiumMinutes(saturdayEvening, { ...line, date: '2027-05-03' }, () => false)).toBe(0);
  });

  it('rounds each part half up to whole cents', () => {
    // 1 minute at 10.01/h = 16.68 cents.
    expect(
      lineCost({ date: '2027-05-03', from: h(8), until: h(8, 1), breakMinutes: 0, hourlyCents: 1001, factor: 100 })
        .baseCents,
    ).toBe(17);
  });

  it('uses worked minutes measured on instants when given (a daylight-saving night)', () => {
    // Europe/Berlin 2027-10-30/31: 22:00-06:00 lasts 9 h on the clock's instants.
    const c = lineCost({
      date: '2027-10-30',
      from: h(22),
      until: h(6),
      breakMinutes: 0,
      workedMinutes: 540,
      hourlyCents: 1200,
      factor: 100,
    });
    expect(c.baseCents).toBe(10800);
  });
});

describe('cost of a line: properties', () => {
  const minute = fc.integer({ min: 0, max: 1439 });
  const lineArb = fc
    .record({
      day: fc.integer({ min: 0, max: 3000 }),
      from: minute,
      until: minute,
      breakMinutes: fc.constantFrom(0, 15, 30, 45, 60),
      hourlyCents: fc.integer({ min: 0, max: 10_000 }),
      factor: fc.integer({ min: 1, max: 1000 }),
    })
    .filter((l) => l.from !== l.until && spanMinutes(l.from, l.until) >= l.breakMinutes)
    .map((l) => ({ ...l, date: new Date(Date.UTC(2020, 0, 1 + l.day)).toISOString().slice(0, 10) }));
  const ruleArb = fc.record({
    id: fc.string({ minLength: 1, maxLength: 4 }),
    percent: fc.integer({ min: 1, max: 500 }),
    weekdays: fc.uniqueArray(fc.integer({ min: 1, max: 7 }), { maxLength: 7 }),
    from: fc.option(minute, { nil: null }),
    until: fc.option(minute, { nil: null }),
    tagIds: fc.constant([] as string[]),
    holidays: fc.boolean(),
  });

  it('the day pieces cover exactly the span', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const pieces = daySegments(l.date, l.from, l.until);
        expect(pieces.reduce((s, p) => s + p.end - p.start, 0)).toBe(spanMinutes(l.from, l.until));
      }),
    );
  });

  it('the total is the base plus the premiums; a premium never counts more minutes than the span', () => {
    fc.assert(
      fc.property(lineArb, fc.array(ruleArb, { maxLength: 4 }), (l, rules) => {
        const c = lineCost({ ...l, premiums: rules, holidays: [l.date] });
        expect(c.totalCents).toBe(c.baseCents + c.premiums.reduce((s, p) => s + p.cents, 0));
        for (const p of c.premiums) expect(p.minutes).toBeLessThanOrEqual(c.spanMinutes);
        expect(c.totalCents).toBeGreaterThanOrEqual(c.baseCents);
      }),
    );
  });

  it('a premium of p % on every minute costs p % of the base (within a cent)', () => {
    fc.assert(
      fc.property(lineArb, fc.integer({ min: 1, max: 500 }), (l, percent) => {
        const c = lineCost({ ...l, premiums: [rule({ id: 'all', percent })] });
        const expected = (c.baseCents * percent) / 100;
        expect(Math.abs((c.premiums[0]?.cents ?? 0) - expected)).toBeLessThanOrEqual(1 + percent / 100);
      }),
    );
  });

  it('the base is rate x factor x worked hours', () => {
    fc.assert(
      fc.property(lineArb, (l) => {
        const c = lineCost(l);
        expect(Math.abs(c.baseCents - (l.hourlyCents * l.factor * c.workedMinutes) / 6000)).toBeLessThanOrEqual(0.5);
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datesBetween, weekdayOf } from '../roster/period';
import { addDays } from '../roster/time';
import { daysLeftAfter, type RequestDay, vacationYear } from './balance';
import { contractHasWeekday, countVacation, type VacationContract, vacationDayMinutes, yearEntitlement } from './days';
import { contractMinutesOfWeek, type LedgerEntry, ledgerOf, ledgerTotalBetween, overtimeEntries } from './ledger';

const fixed = (over: Partial<VacationContract> = {}): VacationContract => ({
  startDate: '2020-01-01',
  endDate: null,
  type: 'full',
  weeklyMinutes: 2400,
  schedule: 'fixed',
  dayMinutes: [480, 480, 480, 480, 480, 0, 0],
  daysPerWeek: null,
  vacationDays: 25,
  ...over,
});
const perWeek = (days: number, over: Partial<VacationContract> = {}): VacationContract =>
  fixed({ schedule: 'flexible', dayMinutes: null, daysPerWeek: days, ...over });

// 2026-05-01 is a Friday (Labour Day in Germany); 2026-04-27 a Monday.
const none = new Set<string>();

describe('counting vacation days', () => {
  it('a full-time week skips the weekend and a public holiday', () => {
    const c = countVacation({
      from: '2026-04-27',
      until: '2026-05-03',
      duration: 'full',
      contracts: [fixed()],
      holidays: new Set(['2026-05-01']),
    });
    expect(c.days).toBe(4);
    expect(c.minutes).toBe(4 * 480);
    expect(c.dates.map((d) => d.skipped)).toEqual([null, null, null, null, 'holiday', 'dayOff', 'dayOff']);
  });

  it('a part-time fixed week counts only its working days, at their hours', () => {
    const part = fixed({ weeklyMinutes: 1080, dayMinutes: [360, 0, 360, 0, 360, 0, 0] });
    const c = countVacation({
      from: '2026-04-27',
      until: '2026-05-03',
      duration: 'full',
      contracts: [part],
      holidays: none,
    });
    expect(c.days).toBe(3);
    expect(c.minutes).toBe(1080);
  });

  it('days per week: at most that many per week, each the week’s hours spread over them', () => {
    const c = countVacation({
      from: '2026-04-27',
      until: '2026-05-10',
      duration: 'full',
      contracts: [perWeek(3, { weeklyMinutes: 1440, type: 'part' })],
      holidays: none,
    });
    expect(c.days).toBe(6);
    expect(c.minutes).toBe(6 * 480);
    // Monday to Wednesday count; Thursday to Sunday are beyond the week's three days.
    expect(c.dates.filter((d) => d.skipped === 'weekFull')).toHaveLength(8);
  });

  it('a flex contract caps a vacation day at its hours value (weekly hours over five days)', () => {
    const flex = perWeek(2, { type: 'flex', weeklyMinutes: 600, vacationDays: 0 });
    expect(vacationDayMinutes(flex, '2026-04-27')).toBe(120);
    const uncapped = perWeek(2, { type: 'part', weeklyMinutes: 600 });
    expect(vacationDayMinutes(uncapped, '2026-04-27')).toBe(300);
  });

  it('a morning or an afternoon is half a day and half its hours', () => {
    const c = countVacation({
      from: '2026-04-28',
      until: '2026-04-28',
      duration: 'morning',
      contracts: [fixed()],
      holidays: none,
    });
    expect(c).toMatchObject({ days: 0.5, minutes: 240 });
  });

  it('dates without a contract do not count; a contract change mid-range counts each date by its own contract', () => {
    const first = fixed({ endDate: '2026-04-28' });
    const second = fixed({ startDate: '2026-04-30', dayMinutes: [0, 0, 0, 600, 600, 0, 0] });
    const c = countVacation({
      from: '2026-04-27',
      until: '2026-05-01',
      duration: 'full',
      contracts: [first, second],
      holidays: none,
    });
    expect(c.dates.map((d) => d.skipped)).toEqual([null, null, 'noContract', null, null]);
    expect(c.minutes).toBe(480 + 480 + 600 + 600);
  });

  it('a leap day counts like any other weekday', () => {
    // 2028-02-29 is a Tuesday.
    const c = countVacation({
      from: '2028-02-28',
      until: '2028-03-01',
      duration: 'full',
      contracts: [fixed()],
      holidays: none,
    });
    expect(c.days).toBe(3);
  });

  it('property: days never exceed the working dates, and holidays never count', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 60 }),
        fc.integer({ min: 1, max: 7 }),
        fc.array(fc.integer({ min: 0, max: 60 }), { maxLength: 6 }),
        (offset, length, days, holidayOffsets) => {
          const from = addDays('2024-01-01', offset);
          const until = addDays(from, length);
          const holidays = new Set(holidayOffsets.map((h) => addDays(from, h)));
          const c = countVacation({ from, until, duration: 'full', contracts: [perWeek(days)], holidays });
          expect(c.dates).toHaveLength(length + 1);
          expect(c.days).toBe(c.dates.filter((d) => d.days > 0).length);
          for (const d of c.dates) if (holidays.has(d.date)) expect(d.days).toBe(0);
          // Never more than the contract's days in any week.
          expect(c.days).toBeLessThanOrEqual(Math.ceil((length + 7) / 7) * days);
        },
      ),
    );
  });

  it('weekends count when the contract has them: a fixed week with weekend hours, a number of days per week', () => {
    // 2026-05-02 and 2026-05-03 are a Saturday and a Sunday.
    const weekend = { from: '2026-05-02', until: '2026-05-03', duration: 'full' as const, holidays: none };
    const weekender = fixed({ dayMinutes: [0, 0, 480, 480, 480, 480, 480] });
    expect(countVacation({ ...weekend, contracts: [weekender] })).toMatchObject({ days: 2, minutes: 960 });
    expect(countVacation({ ...weekend, contracts: [perWeek(5)] }).days).toBe(2);
    // An office week (Monday to Friday) has no weekend: nothing counts, and the dates say why.
    const office = countVacation({ ...weekend, contracts: [fixed()] });
    expect([office.days, office.dates.map((d) => d.skipped)]).toEqual([0, ['dayOff', 'dayOff']]);
  });

  it('property: a date counts only on a weekday the contract has, never on a holiday, a half or a whole day', () => {
    const contract = fc.oneof(
      fc
        .array(fc.constantFrom<number>(0, 240, 480), { minLength: 7, maxLength: 7 })
        .map((dayMinutes) => fixed({ dayMinutes, weeklyMinutes: dayMinutes.reduce((a, b) => a + b, 0) })),
      fc.integer({ min: 1, max: 7 }).map((days) => perWeek(days)),
    );
    fc.assert(
      fc.property(
        contract,
        fc.integer({ min: 0, max: 2000 }),
        fc.integer({ min: 0, max: 40 }),
        fc.constantFrom('full' as const, 'morning' as const),
        fc.array(fc.integer({ min: 0, max: 40 }), { maxLength: 5 }),
        (c, offset, length, duration, holidayOffsets) => {
          const from = addDays('2024-01-01', offset);
          const until = addDays(from, duration === 'full' ? length : 0);
          const holidays = new Set(holidayOffsets.map((h) => addDays(from, h)));
          const counted = countVacation({ from, until, duration, contracts: [c], holidays });
          for (const d of counted.dates) {
            const has = contractHasWeekday(c, weekdayOf(d.date));
            if (!has) expect(d.skipped).toBe('dayOff');
            if (d.days > 0) expect([has, holidays.has(d.date)]).toEqual([true, false]);
            expect([0, duration === 'full' ? 1 : 0.5]).toContain(d.days);
          }
          expect(counted.days).toBe(counted.dates.reduce((s, d) => s + d.days, 0));
        },
      ),
    );
  });

  it('property: a number of days per week counts min(days, the week’s dates) in a week without holidays', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 0, max: 6 }), (days, length) => {
        // 2026-04-27 is a Monday: one week, from Monday on.
        const c = countVacation({
          from: '2026-04-27',
          until: addDays('2026-04-27', length),
          duration: 'full',
          contracts: [perWeek(days)],
          holidays: none,
        });
        expect(c.days).toBe(Math.min(days, length + 1));
      }),
    );
  });

  it('property: splitting a range at any date counts the same days in total (nothing twice across a boundary)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1500 }), fc.integer({ min: 1, max: 60 }), (offset, length) => {
        const from = addDays('2023-11-01', offset);
        const until = addDays(from, length);
        const all = datesBetween(from, until);
        const cut = all[Math.floor(all.length / 2)];
        const run = (a: string, b: string) =>
          countVacation({ from: a, until: b, duration: 'full', contracts: [fixed()], holidays: none }).days;
        expect(run(from, addDays(cut, -1)) + run(cut, until)).toBe(run(from, until));
      }),
    );
  });
});

describe('entitlement', () => {
  it('a whole year gives the contract’s days; a start mid-year gives them pro rata', () => {
    expect(yearEntitlement([fixed()], 2026)).toBe(25);
    // From July 1st: 184 of 365 days.
    expect(yearEntitlement([fixed({ startDate: '2026-07-01' })], 2026)).toBe(12.5);
    expect(yearEntitlement([fixed({ endDate: '2026-03-31' })], 2026)).toBe(6);
  });

  it('a leap year has 366 days', () => {
    expect(yearEntitlement([fixed({ startDate: '2028-07-01', vacationDays: 30 })], 2028)).toBe(15);
  });

  it('part of the year part-time, part full-time: each contract pro rata', () => {
    const c = [
      fixed({ endDate: '2026-06-30', vacationDays: 20 }),
      fixed({ startDate: '2026-07-01', vacationDays: 30 }),
    ];
    expect(yearEntitlement(c, 2026)).toBe(25);
  });
});

describe('the vacation year', () => {
  const day = (date: string, status: RequestDay['status'], compensation: RequestDay['compensation'] = 'paid') => ({
    date,
    days: 1,
    minutes: 480,
    status,
    compensation,
  });

  it('taken up to today, planned after, pending apart; only paid leave costs days', () => {
    const y = vacationYear({
      year: 2026,
      contracts: [fixed({ startDate: '2026-01-01' })],
      days: [
        day('2026-03-02', 'approved'),
        day('2026-08-03', 'approved'),
        day('2026-09-01', 'pending'),
        day('2026-09-02', 'denied'),
        day('2026-09-03', 'approved', 'timeForTime'),
        day('2026-09-04', 'approved', 'unpaid'),
      ],
      adjustments: [
        { year: 2026, days: 2 },
        { year: 2026, days: -0.5 },
      ],
      today: '2026-06-01',
    });
    expect(y).toEqual({
      year: 2026,
      entitlement: 25,
      carryOver: 0,
      adjustments: 1.5,
      taken: 1,
      planned: 1,
      pending: 1,
      remaining: 24.5,
    });
  });

  it('what a year leaves is carried into the next; a request across New Year counts each date in its year', () => {
    const days = ['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-04'].map((date) => day(date, 'approved'));
    const contracts = [fixed({ startDate: '2026-01-01' })];
    const y26 = vacationYear({ year: 2026, contracts, days, adjustments: [], today: '2027-06-01' });
    const y27 = vacationYear({ year: 2027, contracts, days, adjustments: [], today: '2027-06-01' });
    expect(y26.taken).toBe(2);
    expect(y27.taken).toBe(2);
    expect(y27.carryOver).toBe(23);
    expect(y27.remaining).toBe(23 + 25 - 2);
  });

  it('only the year before is carried: what was left two years ago lapses; a year that overdrew carries the debt', () => {
    const contracts = [fixed({ startDate: '2025-01-01' })];
    // 2025 leaves all 25 days; 2026 takes 30 (5 in debt, after the 25 carried in); 2027 starts with 2026's own result.
    const days = Array.from({ length: 30 }, (_, i) =>
      day(`2026-0${3 + Math.floor(i / 10)}-${String(2 + (i % 10)).padStart(2, '0')}`, 'approved'),
    );
    const y26 = vacationYear({ year: 2026, contracts, days, adjustments: [], today: '2027-06-01' });
    expect(y26.carryOver).toBe(25);
    expect(y26.remaining).toBe(25 + 25 - 30);
    const y27 = vacationYear({ year: 2027, contracts, days, adjustments: [], today: '2027-06-01' });
    // 2026 alone: 25 - 30 = -5; the 25 days of 2025 do not reach 2027.
    expect(y27.carryOver).toBe(-5);
    expect(y27.remaining).toBe(25 - 5);
  });
});

describe('the time-for-time ledger', () => {
  it('overtime is hours worked minus the week’s contract hours, on the week’s Monday', () => {
    const entries = overtimeEntries(
      [
        { week: '2026-12-28', workedMinutes: 2700 },
        { week: '2027-01-06', workedMinutes: 2000 },
      ],
      [fixed()],
    );
    expect(entries).toEqual([
      { date: '2026-12-28', kind: 'overtime', minutes: 300, ref: '2026-12-28' },
      { date: '2027-01-04', kind: 'overtime', minutes: -400, ref: '2027-01-04' },
    ]);
  });

  it('a contract starting mid-week counts only its days', () => {
    expect(contractMinutesOfWeek([fixed({ startDate: '2026-04-30' })], '2026-04-27')).toBe(Math.round((2400 * 4) / 7));
  });

  it('the running balance ends at the total', () => {
    const { lines, total } = ledgerOf([
      { date: '2026-02-01', kind: 'correction', minutes: 60, ref: 'x' },
      { date: '2026-01-05', kind: 'overtime', minutes: 120, ref: '2026-01-05' },
      { date: '2026-01-07', kind: 'vacation', minutes: -480, ref: 'r' },
    ]);
    expect(lines.map((l) => l.balance)).toEqual([120, -360, -300]);
    expect(total).toBe(-300);
  });

  const entry = fc.record({
    date: fc.integer({ min: 0, max: 1200 }).map((n) => addDays('2025-01-01', n)),
    kind: fc.constantFrom('overtime' as const, 'vacation' as const, 'correction' as const),
    minutes: fc.integer({ min: -6000, max: 6000 }),
    ref: fc.constant(null),
  });

  it('property: a ledger’s sum equals its entries, whatever their order', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 80 }), (entries: LedgerEntry[]) => {
        const { lines, total } = ledgerOf(entries);
        expect(total).toBe(entries.reduce((s, e) => s + e.minutes, 0));
        expect(lines.at(-1)?.balance ?? 0).toBe(total);
        expect(ledgerOf([...entries].reverse()).total).toBe(total);
      }),
    );
  });

  it('property: the months of a period sum to its total, and the years to the whole (nothing twice)', () => {
    fc.assert(
      fc.property(fc.array(entry, { maxLength: 80 }), (entries: LedgerEntry[]) => {
        let months = 0;
        for (let y = 2025; y <= 2028; y++) {
          let yearSum = 0;
          for (let m = 1; m <= 12; m++) {
            const from = `${y}-${String(m).padStart(2, '0')}-01`;
            const until = addDays(m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`, -1);
            yearSum += ledgerTotalBetween(entries, from, until);
          }
          expect(yearSum).toBe(ledgerTotalBetween(entries, `${y}-01-01`, `${y}-12-31`));
          months += yearSum;
        }
        expect(months).toBe(ledgerOf(entries).total);
      }),
    );
  });

  it('property: weekly overtime across a year change is one entry per week', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            week: fc.integer({ min: 0, max: 800 }).map((n) => addDays('2025-12-01', n)),
            workedMinutes: fc.integer({ min: 0, max: 4000 }),
          }),
          { maxLength: 40 },
        ),
        (weeks) => {
          const entries = overtimeEntries(weeks, [fixed()]);
          expect(new Set(entries.map((e) => e.date)).size).toBe(entries.length);
          const worked = weeks.reduce((s, w) => s + w.workedMinutes, 0);
          expect(entries.reduce((s, e) => s + e.minutes, 0)).toBe(worked - entries.length * 2400);
        },
      ),
    );
  });
});

describe('days left after a request', () => {
  const year = { remaining: 20, pending: 3 };
  it('paid leave takes its days after what is waiting; other kinds take none', () => {
    expect(daysLeftAfter(year, { days: 1, compensation: 'paid' })).toBe(16);
    expect(daysLeftAfter(year, { days: 5, compensation: 'unpaid' })).toBe(17);
    expect(daysLeftAfter(year, { days: 5, compensation: 'timeForTime' })).toBe(17);
  });

  it('a pending request being changed is not counted twice', () => {
    const before = { days: 2, compensation: 'paid', status: 'pending' };
    expect(daysLeftAfter(year, { days: 1, compensation: 'paid' }, before)).toBe(18);
  });

  it('property: never more than the remaining days, and paid days lower it one for one', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -20, max: 60 }),
        fc.integer({ min: 0, max: 20 }),
        fc.integer({ min: 0, max: 60 }),
        (remaining, pending, halves) => {
          const days = halves / 2;
          const left = daysLeftAfter({ remaining, pending }, { days, compensation: 'paid' });
          expect(left).toBeLessThanOrEqual(remaining);
          expect(left).toBe(remaining - pending - days);
        },
      ),
    );
  });
});

import type { Recurrence, ScheduleLine } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { occurrenceDates, projectDuties, recurrenceOf, toRRule } from './recurrence';
import { projectProblems } from './rules';

const rec = (r: Partial<Recurrence> & Pick<Recurrence, 'frequency'>): Recurrence => ({
  interval: 1,
  weekdays: [],
  position: null,
  ...r,
});
const dates = (r: Recurrence, start: string, from: string, until: string, end: string | null = null) =>
  occurrenceDates(toRRule(r, start), { startDate: start, endDate: end }, from, until);
const line = (from: string, until: string, people = 1, brk = 0): ScheduleLine => ({
  from,
  until,
  break: brk,
  people,
  dutyId: null,
});

describe('project recurrence', () => {
  it('a weekly shift keeps its local time across the spring change in Europe/Berlin', () => {
    const days = dates(rec({ frequency: 'weekly', weekdays: ['SA', 'SU'] }), '2027-03-20', '2027-03-20', '2027-04-04');
    expect(days).toEqual(['2027-03-20', '2027-03-21', '2027-03-27', '2027-03-28', '2027-04-03', '2027-04-04']);
    const duties = projectDuties(['2027-03-27', '2027-03-28'], [line('09:00', '17:00')], 'Europe/Berlin');
    expect(duties.map((d) => new Date(d.start).toISOString())).toEqual([
      '2027-03-27T08:00:00.000Z',
      '2027-03-28T07:00:00.000Z',
    ]);
    // The day of the change is an hour shorter, not the shift.
    expect(duties.map((d) => d.end - d.start)).toEqual([8 * 3600_000, 8 * 3600_000]);
  });

  it('a shift across the autumn change at 02:00 in Pacific/Auckland is placed on local times', () => {
    const [d] = projectDuties(['2027-04-04'], [line('01:00', '04:00')], 'Pacific/Auckland');
    // 01:00 NZDT (+13) to 04:00 NZST (+12): four hours of wall-clock time with the repeated hour.
    expect((d.end - d.start) / 3600_000).toBe(4);
  });

  it('"last Friday" keeps its local time across the autumn change in Europe/Berlin; its long night too', () => {
    const fridays = dates(
      rec({ frequency: 'monthly', weekdays: ['FR'], position: -1 }),
      '2027-09-01',
      '2027-09-01',
      '2027-12-31',
    );
    expect(fridays).toEqual(['2027-09-24', '2027-10-29', '2027-11-26', '2027-12-31']);
    const duties = projectDuties(fridays.slice(1, 3), [line('09:00', '17:00')], 'Europe/Berlin');
    expect(duties.map((d) => new Date(d.start).toISOString())).toEqual([
      '2027-10-29T07:00:00.000Z',
      '2027-11-26T08:00:00.000Z',
    ]);
    // 01:00 CEST to 04:00 CET on the day of the change: the repeated hour is worked too.
    const [night] = projectDuties(['2027-10-31'], [line('01:00', '04:00')], 'Europe/Berlin');
    expect((night.end - night.start) / 3600_000).toBe(4);
  });

  it('a line ending at 00:00 ends at midnight of its day', () => {
    const [d] = projectDuties(['2027-06-01'], [line('18:00', '00:00')], 'UTC');
    expect(new Date(d.end).toISOString()).toBe('2027-06-02T00:00:00.000Z');
  });

  it('monthly on the 31st skips the months without one; "last day" lands on each month end', () => {
    expect(dates(rec({ frequency: 'monthly' }), '2027-01-31', '2027-01-01', '2027-05-31')).toEqual([
      '2027-01-31',
      '2027-03-31',
      '2027-05-31',
    ]);
    expect(dates(rec({ frequency: 'monthly', position: -1 }), '2027-01-15', '2027-01-01', '2028-03-31')).toEqual([
      '2027-01-31',
      '2027-02-28',
      '2027-03-31',
      '2027-04-30',
      '2027-05-31',
      '2027-06-30',
      '2027-07-31',
      '2027-08-31',
      '2027-09-30',
      '2027-10-31',
      '2027-11-30',
      '2027-12-31',
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
    ]);
  });

  it('"last Friday" and "second Tuesday" of the month', () => {
    expect(
      dates(rec({ frequency: 'monthly', weekdays: ['FR'], position: -1 }), '2027-01-01', '2027-01-01', '2027-04-30'),
    ).toEqual(['2027-01-29', '2027-02-26', '2027-03-26', '2027-04-30']);
    expect(
      dates(rec({ frequency: 'monthly', weekdays: ['TU'], position: 2 }), '2027-01-01', '2027-01-01', '2027-03-31'),
    ).toEqual(['2027-01-12', '2027-02-09', '2027-03-09']);
  });

  it('every N: every 2 weeks on Monday, every 3 days, every 2 years', () => {
    expect(
      dates(rec({ frequency: 'weekly', interval: 2, weekdays: ['MO'] }), '2027-03-01', '2027-03-01', '2027-04-30'),
    ).toEqual(['2027-03-01', '2027-03-15', '2027-03-29', '2027-04-12', '2027-04-26']);
    expect(dates(rec({ frequency: 'daily', interval: 3 }), '2027-03-30', '2027-03-30', '2027-04-08')).toEqual([
      '2027-03-30',
      '2027-04-02',
      '2027-04-05',
      '2027-04-08',
    ]);
    expect(dates(rec({ frequency: 'yearly', interval: 2 }), '2027-02-10', '2027-01-01', '2031-12-31')).toEqual([
      '2027-02-10',
      '2029-02-10',
      '2031-02-10',
    ]);
  });

  it('once is the start date only; nothing before the start, after the end or outside the window', () => {
    expect(dates(rec({ frequency: 'once' }), '2027-05-05', '2027-01-01', '2027-12-31')).toEqual(['2027-05-05']);
    expect(dates(rec({ frequency: 'daily' }), '2027-05-05', '2027-05-01', '2027-05-31', '2027-05-07')).toEqual([
      '2027-05-05',
      '2027-05-06',
      '2027-05-07',
    ]);
    expect(dates(rec({ frequency: 'daily' }), '2027-05-05', '2027-06-01', '2027-05-31')).toEqual([]);
  });

  it('a weekly rule without weekdays repeats on the start weekday', () => {
    expect(dates(rec({ frequency: 'weekly' }), '2027-03-03', '2027-03-01', '2027-03-20')).toEqual([
      '2027-03-03',
      '2027-03-10',
      '2027-03-17',
    ]);
  });

  it('the stored RRULE reads back as the recurrence the form edits', () => {
    const arb = fc.record({
      frequency: fc.constantFrom('daily', 'weekly', 'monthly', 'yearly') as fc.Arbitrary<Recurrence['frequency']>,
      interval: fc.integer({ min: 1, max: 52 }),
      weekday: fc.constantFrom('MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU') as fc.Arbitrary<'MO'>,
      position: fc.constantFrom(1, 2, 3, 4, -1, null) as fc.Arbitrary<Recurrence['position']>,
    });
    fc.assert(
      fc.property(arb, ({ frequency, interval, weekday, position }) => {
        const r =
          frequency === 'weekly' || frequency === 'daily'
            ? rec({ frequency, interval, weekdays: [weekday] })
            : rec({ frequency, interval, weekdays: position === null ? [] : [weekday], position });
        const back = recurrenceOf(toRRule(r, '2027-01-04'));
        expect(back.frequency).toBe(r.frequency);
        expect(back.interval).toBe(r.interval);
        expect(back.position).toBe(r.position);
        if (r.weekdays.length) expect(back.weekdays).toEqual(r.weekdays);
      }),
    );
    expect(recurrenceOf(toRRule(rec({ frequency: 'once' }), '2027-01-04')).frequency).toBe('once');
  });

  it('each line is asked once per person on each date', () => {
    const duties = projectDuties(
      ['2027-03-01', '2027-03-02'],
      [line('06:00', '14:00', 3), line('14:00', '22:00', 2)],
      'UTC',
    );
    expect(duties).toHaveLength(10);
    expect(duties.filter((d) => d.line === 1 && d.date === '2027-03-02')).toHaveLength(2);
  });
});

describe('client rule set on projects', () => {
  const base = { type: 'ongoing' as const, startDate: '2027-03-01', endDate: null };
  it('overnight: a line must end after its start or at 00:00', () => {
    expect(projectProblems({ ...base, schedule: [line('22:00', '06:00')] })).toEqual({
      'schedule.0.until': ['clients.errors.overnight'],
    });
    expect(projectProblems({ ...base, schedule: [line('22:00', '00:00')] })).toEqual({});
    expect(projectProblems({ ...base, schedule: [line('08:00', '08:00')] })).toHaveProperty('schedule.0.until');
  });
  it('a break leaves working time; a temporary project needs an end not before its start', () => {
    expect(projectProblems({ ...base, schedule: [line('08:00', '09:00', 1, 60)] })).toEqual({
      'schedule.0.break': ['clients.errors.breakTooLong'],
    });
    expect(projectProblems({ ...base, type: 'temporary', schedule: [line('08:00', '16:00')] })).toEqual({
      endDate: ['validation.required'],
    });
    expect(projectProblems({ ...base, endDate: '2027-02-01', schedule: [line('08:00', '16:00')] })).toEqual({
      endDate: ['validation.endBeforeStart'],
    });
  });
});

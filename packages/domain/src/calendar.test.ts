import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { monthGrid } from './calendar';
import { addDays } from './roster/time';
import { todayItemState } from './today';

describe('monthGrid', () => {
  it('holds every day of the month once, in whole consecutive weeks starting on the chosen day', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1950, max: 2050 }),
        fc.integer({ min: 1, max: 12 }),
        fc.constantFrom('monday' as const, 'sunday' as const),
        (year, month, startsOn) => {
          const weeks = monthGrid(year, month, startsOn);
          const days = weeks.flatMap((w) => w.days);
          for (let i = 1; i < days.length; i++) expect(days[i].date).toBe(addDays(days[i - 1].date, 1));
          expect(weeks.every((w) => w.days.length === 7)).toBe(true);
          const inMonth = days.filter((d) => d.inMonth);
          expect(inMonth[0].day).toBe(1);
          expect(inMonth.length).toBe(new Date(Date.UTC(year, month, 0)).getUTCDate());
          expect(new Date(`${days[0].date}T00:00:00Z`).getUTCDay()).toBe(startsOn === 'monday' ? 1 : 0);
          expect(weeks.every((w) => w.week >= 1 && w.week <= 53)).toBe(true);
        },
      ),
    );
  });
  it('numbers weeks by ISO 8601 (1 January 2027 lies in week 53 of 2026)', () => {
    const weeks = monthGrid(2027, 1);
    expect(weeks[0].days[0].date).toBe('2026-12-28');
    expect(weeks[0].week).toBe(53);
    expect(weeks[1].week).toBe(1);
    expect(weeks[0].days[5]).toMatchObject({ date: '2027-01-02', weekend: true });
  });
});

describe('todayItemState', () => {
  const item = { membershipId: 'm', flag: null, startAt: 100, endAt: 200 };
  it('names open, sick and sign-out before anything about time', () => {
    expect(todayItemState({ ...item, membershipId: null }, 150, null)).toBe('open');
    expect(todayItemState({ ...item, flag: 'sick' }, 150, true)).toBe('sick');
    expect(todayItemState({ ...item, flag: 'signout' }, 150, null)).toBe('signout');
  });
  it('is late only where check-ins are kept and the person has not checked in while the duty runs', () => {
    expect(todayItemState(item, 50, false)).toBe('planned');
    expect(todayItemState(item, 150, false)).toBe('late');
    expect(todayItemState(item, 150, true)).toBe('checkedIn');
    expect(todayItemState(item, 150, null)).toBe('working');
    expect(todayItemState(item, 200, false)).toBe('done');
  });
});

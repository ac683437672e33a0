import { NO_ROSTER_RULES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  contractBreaches,
  forbiddenSuccessions,
  type PersonLimits,
  personLimitsOf,
  type ShiftKind,
  unmetWishes,
  weekendsOf,
} from './contractRules';

const EARLY: ShiftKind = { minutes: 480, startMinutes: 6 * 60, endMinutes: 14 * 60 + 30, restHours: 11 };
const LATE: ShiftKind = { minutes: 480, startMinutes: 14 * 60, endMinutes: 22 * 60 + 30, restHours: 11 };
const NIGHT: ShiftKind = { minutes: 480, startMinutes: 22 * 60, endMinutes: 6 * 60 + 30, restHours: 11 };
const KINDS = [EARLY, LATE, NIGHT];

const open: PersonLimits = {
  maxShifts: [31, 31, 31],
  minMinutes: 0,
  maxMinutes: null,
  maxConsecutiveDays: null,
  minConsecutiveDays: null,
  minConsecutiveDaysOff: null,
  maxWeekends: null,
  daysOff: [],
};
const rules = (plan: (number | null)[], limits: Partial<PersonLimits>, firstWeekday = 0) =>
  contractBreaches(plan, KINDS, { ...open, ...limits }, firstWeekday).map((b) => b.rule);

describe('contract rules of a roster', () => {
  it('forbids a late shift followed by an early one (11 hours rest), and a night by an early or a late one', () => {
    expect(forbiddenSuccessions(KINDS)).toEqual([[], [0], [0, 1]]);
    expect(rules([1, 0], {})).toEqual(['succession']);
    expect(rules([0, 1, 2], {})).toEqual([]);
  });
  it('counts shifts per shift kind and minutes against the period limits', () => {
    expect(rules([0, 0, 1], { maxShifts: [1, 31, 31] })).toEqual(['maxShifts']);
    expect(rules([0, 0, 0], { maxMinutes: 960 })).toEqual(['maxMinutes']);
    expect(rules([0, null, null], { minMinutes: 960 })).toEqual(['minMinutes']);
  });
  it('limits runs of working days; minimum runs inside the period only', () => {
    expect(rules([0, 0, 0, null], { maxConsecutiveDays: 2 })).toEqual(['maxConsecutiveDays']);
    expect(rules([null, 0, null, 0, 0], { minConsecutiveDays: 2 })).toEqual(['minConsecutiveDays']);
    expect(rules([0, null, 0, 0], { minConsecutiveDaysOff: 2 })).toEqual(['minConsecutiveDaysOff']);
    // A run at the edge may go on outside the period.
    expect(rules([0, null, null], { minConsecutiveDays: 3 })).toEqual([]);
  });
  it('counts weekends from the weekday the period starts on', () => {
    expect(weekendsOf(7, 0)).toEqual([[5, 6]]);
    expect(weekendsOf(3, 6)).toEqual([[-1, 0]]);
    expect(rules([0, null, null, null, null, 0, null], { maxWeekends: 0 })).toEqual(['maxWeekends']);
    // Starting on a Sunday: day 0 is the weekend.
    expect(rules([0, null], { maxWeekends: 0 }, 6)).toEqual(['maxWeekends']);
  });
  it('keeps fixed days off', () => {
    expect(rules([null, 0], { daysOff: [1] })).toEqual(['dayOff']);
  });
  it('weighs wishes not met: an on wish missed, an off wish worked', () => {
    const { penalty, missed } = unmetWishes(
      [0, 1, null],
      [
        { day: 0, shift: 0, on: true, weight: 2 },
        { day: 1, shift: 0, on: true, weight: 3 },
        { day: 1, shift: 1, on: false, weight: 5 },
        { day: 2, shift: 1, on: false, weight: 7 },
      ],
    );
    expect(penalty).toBe(8);
    expect(missed).toHaveLength(2);
  });
});

describe('limits from the contract', () => {
  const full = { type: 'full' as const, weeklyMinutes: 40 * 60, rosterRules: NO_ROSTER_RULES };
  it('plans full time up to the contract hours of the period, at least less a day and the days off', () => {
    const l = personLimitsOf(full, { days: 14, shiftIds: ['a'], daysOff: [3], daysPerWeek: 5 });
    expect(l.maxMinutes).toBe(80 * 60);
    expect(l.minMinutes).toBe(80 * 60 - 2 * 8 * 60);
  });
  it('sets no minimum for flex contracts, and scales counts per four weeks to the period (rounded up)', () => {
    const flex = {
      type: 'flex' as const,
      weeklyMinutes: 20 * 60,
      rosterRules: { ...NO_ROSTER_RULES, maxWeekends: 2, maxShifts: { a: 4 } },
    };
    const l = personLimitsOf(flex, { days: 14, shiftIds: ['a', 'b'], daysOff: [] });
    expect(l.minMinutes).toBe(0);
    expect(l.maxWeekends).toBe(1);
    expect(l.maxShifts).toEqual([2, 14]);
  });
  it('limits people without a contract by the working-time law only', () => {
    const l = personLimitsOf(null, { days: 7, shiftIds: ['a'], daysOff: [] });
    expect(l.maxMinutes).toBe(48 * 60);
    expect(l.minMinutes).toBe(0);
  });
});

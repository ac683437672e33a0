import { describe, expect, it } from 'vitest';
import { breachesOf, evaluate, penaltyOf } from './evaluate';
import { OFF, type Roster } from './instance';
import { readInstance } from './read-instance';
import { readRoster, writeRoster } from './roster-table';
import { TINY } from './tiny.test-kit';

const instance = readInstance(TINY, 'tiny');
const E = 0;
const L = 1;
const _ = OFF;

describe('readInstance', () => {
  it('reads every section', () => {
    expect(instance.days).toBe(7);
    expect(instance.shifts.map((s) => [s.id, s.minutes, s.notFollowedBy])).toEqual([
      ['E', 480, []],
      ['L', 480, [0]],
    ]);
    expect(instance.people[0]).toMatchObject({
      id: 'A',
      maxShifts: [7, 2],
      maxTotalMinutes: 2400,
      minTotalMinutes: 960,
      maxConsecutiveShifts: 3,
      minConsecutiveShifts: 2,
      minConsecutiveDaysOff: 2,
      maxWeekends: 1,
      daysOff: [6],
    });
    expect(instance.onRequests).toEqual([
      { person: 0, day: 0, shift: 0, weight: 2 },
      { person: 1, day: 1, shift: 1, weight: 3 },
    ]);
    expect(instance.offRequests).toEqual([{ person: 0, day: 2, shift: 0, weight: 1 }]);
    expect(instance.covers).toHaveLength(14);
    expect(instance.covers[1]).toEqual({ day: 0, shift: 1, requirement: 1, underWeight: 100, overWeight: 1 });
  });

  it('refuses unknown ids and days outside the horizon', () => {
    expect(() => readInstance(TINY.replace('A,6', 'Z,6'))).toThrow(/unknown employee Z/);
    expect(() => readInstance(TINY.replace('A,6', 'A,9'))).toThrow(/outside the horizon/);
    expect(() => readInstance(TINY.replace('0,E,1,100,1', '0,X,1,100,1'))).toThrow(/unknown shift X/);
  });
});

describe('roster table', () => {
  it('writes and reads back a roster', () => {
    const roster: Roster = [
      [E, E, _, _, E, E, _],
      [L, L, E, E, _, _, E],
    ];
    const text = writeRoster(instance, roster);
    expect(text.split('\n')[0]).toBe('A\tE\tE\t\t\tE\tE\t');
    expect(readRoster(instance, text)).toEqual(roster);
  });
});

describe('evaluate', () => {
  it('scores a sound roster: cover and wishes', () => {
    const roster: Roster = [
      [E, E, _, _, E, E, _],
      [L, L, _, E, _, _, _],
    ];
    const { penalty, breaches } = evaluate(instance, roster);
    expect(breaches).toEqual([]);
    // Every cover line met but day 2's early shift (A needs two days off, B may not take an early after a late);
    // both on requests met, A's off request kept.
    expect(penalty).toEqual({ total: 100, under: 100, over: 0, onRequests: 0, offRequests: 0 });
  });

  it('weighs cover short, wishes missed and wishes broken', () => {
    const roster: Roster = [
      [_, _, E, E, _, _, _],
      [E, E, _, _, _, _, _],
    ];
    const p = penaltyOf(instance, roster);
    // Short: the late shifts of days 0 and 1, the early shifts of days 4 and 5.
    expect(p.under).toBe(400);
    expect(p.over).toBe(0);
    expect(p.onRequests).toBe(2 + 3);
    expect(p.offRequests).toBe(1);
    expect(p.total).toBe(406);
    // One too many on day 0's early shift.
    expect(
      penaltyOf(instance, [
        [E, _, _, _, _, _, _],
        [E, _, _, _, _, _, _],
      ]).over,
    ).toBe(1);
  });

  it('lists each hard rule broken', () => {
    const rules = (roster: Roster) => breachesOf(instance, roster).map((b) => `${b.rule}:${b.person}`);
    expect(
      rules([
        [E, E, E, E, _, _, E],
        [_, _, _, E, E, E, E],
      ]),
    ).toEqual(['dayOff:0', 'maxConsecutiveShifts:0', 'dayOff:1', 'maxWeekends:1']);
    expect(
      rules([
        [L, E, _, _, E, E, _],
        [E, E, E, _, E, _, _],
      ]),
    ).toEqual(['succession:0']);
    expect(
      rules([
        [E, _, E, E, _, _, _],
        [E, E, E, _, _, _, _],
      ]),
    ).toEqual(['minConsecutiveDaysOff:0']);
    expect(
      rules([
        [E, E, _, _, E, _, _],
        [E, E, E, _, _, _, _],
      ]),
    ).toEqual(['minConsecutiveShifts:0']);
    expect(
      rules([
        [_, _, _, _, _, _, _],
        [E, _, _, _, _, _, _],
      ]),
    ).toEqual(['minMinutes:0', 'minMinutes:1']);
    expect(
      rules([
        [L, L, L, _, _, _, _],
        [E, E, E, _, _, _, _],
      ]),
    ).toEqual(['maxShifts:0']);
    expect(
      rules([
        [E, E, E, _, E, E, E],
        [E, E, E, _, _, _, _],
      ]),
    ).toEqual(['dayOff:0', 'maxMinutes:0', 'minConsecutiveDaysOff:0']);
  });

  it('does not hold runs touching the ends of the horizon to the minimum', () => {
    // A: a single day at the start and at the end of the horizon is fine; so is a single day off at the start.
    expect(
      breachesOf(instance, [
        [E, _, _, E, E, _, _],
        [_, E, E, E, E, _, _],
      ]),
    ).toEqual([]);
  });

  it('reports a malformed roster', () => {
    expect(breachesOf(instance, [[E, E, _, _, E, E, _]]).map((b) => b.rule)).toEqual(['shape']);
    expect(
      breachesOf(instance, [
        [E, E, _, _, E, E, _],
        [9, E, _, _, _, _, _],
      ]).map((b) => b.rule),
    ).toEqual(['shape']);
  });
});

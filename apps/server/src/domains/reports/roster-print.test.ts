import { describe, expect, it } from 'vitest';
import { buildWeek, type PrintItem } from './roster-print';

const days = ['2031-03-24', '2031-03-25', '2031-03-26', '2031-03-27', '2031-03-28', '2031-03-29', '2031-03-30'];
const item = (over: Partial<PrintItem>): PrintItem => ({
  date: days[0],
  memberId: 'emma',
  name: 'Emma Schmidt',
  from: 8 * 60,
  until: 16 * 60,
  pause: 30,
  duty: 'Service',
  ...over,
});

describe('the printed week’s totals (buildWeek)', () => {
  it('sums each person’s hours less breaks, each day’s hours with open duties, and carries the contract', () => {
    const week = buildWeek(
      [
        item({}),
        item({ date: days[1], from: 22 * 60, until: 6 * 60, pause: 0 }),
        item({ memberId: null, name: null, from: 10 * 60, until: 14 * 60, pause: 0 }),
        item({ memberId: 'leon', name: 'Leon Wagner', date: days[2], from: null, until: null, pause: 0 }),
      ],
      days,
      'Europe/Berlin',
      (_id, name) => name,
      'Open duty',
      new Map([['emma', 40 * 60]]),
    );
    expect(week.people.map((r) => [r.name, r.minutes, r.contractMinutes])).toEqual([
      ['Emma Schmidt', 450 + 480, 2400],
      ['Leon Wagner', 0, null],
    ]);
    expect(week.people[0].cells[1]).toEqual(['22:00–06:00 Service']);
    expect(week.open).toMatchObject({ name: 'Open duty', minutes: 240, contractMinutes: null });
    expect(week.dayMinutes).toEqual([450 + 240, 480, 0, 0, 0, 0, 0]);
  });

  it('carries no contract where none is given (the mailed print)', () => {
    const week = buildWeek([item({})], days, 'Europe/Berlin', (_id, name) => name, 'Open duty', null);
    expect(week.people[0].contractMinutes).toBeNull();
  });
});

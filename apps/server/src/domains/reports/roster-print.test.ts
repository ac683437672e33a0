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
    expect(week.people[0].cells[1]).toEqual([{ text: '22:00–06:00 Service', color: null }]);
    expect(week.open).toMatchObject({ name: 'Open duty', minutes: 240, contractMinutes: null });
    expect(week.dayMinutes).toEqual([450 + 240, 480, 0, 0, 0, 0, 0]);
  });

  it('carries no contract where none is given (the mailed print)', () => {
    const week = buildWeek([item({})], days, 'Europe/Berlin', (_id, name) => name, 'Open duty', null);
    expect(week.people[0].contractMinutes).toBeNull();
  });

  it('gives each duty its colour and marks vacation and sickness, with a row for someone away all week', () => {
    const week = buildWeek(
      [item({ color: '#1098ad' })],
      days,
      'Europe/Berlin',
      (_id, name) => name,
      'Open duty',
      null,
      [
        { memberId: 'emma', name: 'Emma Schmidt', date: days[2], kind: 'vacation' },
        { memberId: 'leon', name: 'Leon Wagner', date: days[3], kind: 'sick' },
        { memberId: 'leon', name: 'Leon Wagner', date: days[4], kind: 'vacation' },
        { memberId: 'leon', name: 'Leon Wagner', date: days[4], kind: 'sick' },
        { memberId: 'leon', name: 'Leon Wagner', date: '2031-04-01', kind: 'sick' },
      ],
    );
    expect(week.people[0].cells[0]).toEqual([{ text: '08:00–16:00 Service', color: '#1098ad' }]);
    expect(week.people.map((r) => [r.name, r.marks.map((m) => m?.kind ?? null)])).toEqual([
      ['Emma Schmidt', [null, null, 'vacation', null, null, null, null]],
      // Vacation wins over sickness on a shared day, as on the grid; a day outside the week is left out.
      ['Leon Wagner', [null, null, null, 'sick', 'vacation', null, null]],
    ]);
    expect(week.people[1].minutes).toBe(0);
  });

  it('marks unavailable and limited availability with its window in the rows there are, below vacation and sickness', () => {
    const week = buildWeek(
      [item({}), item({ memberId: 'leon', name: 'Leon Wagner', date: days[1] })],
      days,
      'Europe/Berlin',
      (_id, name) => name,
      'Open duty',
      null,
      [
        { memberId: 'emma', name: 'Emma Schmidt', date: days[1], kind: 'unavailable' },
        { memberId: 'emma', name: 'Emma Schmidt', date: days[2], kind: 'limited', window: '10:00–14:00' },
        // Sickness wins over the availability of the same day, whichever comes first.
        { memberId: 'leon', name: 'Leon Wagner', date: days[3], kind: 'limited', window: '08:00–12:00' },
        { memberId: 'leon', name: 'Leon Wagner', date: days[3], kind: 'sick' },
        // Someone merely unavailable, without a duty or absence that week, gets no row of their own.
        { memberId: 'mia', name: 'Mia Wolf', date: days[4], kind: 'unavailable' },
        // A person away gets a row, which their availability marks too.
        { memberId: 'noah', name: 'Noah Becker', date: days[5], kind: 'limited', window: null },
        { memberId: 'noah', name: 'Noah Becker', date: days[4], kind: 'vacation' },
      ],
    );
    expect(week.people.map((r) => [r.name, r.marks])).toEqual([
      [
        'Emma Schmidt',
        [
          null,
          { kind: 'unavailable', window: null },
          { kind: 'limited', window: '10:00–14:00' },
          null,
          null,
          null,
          null,
        ],
      ],
      ['Leon Wagner', [null, null, null, { kind: 'sick', window: null }, null, null, null]],
      [
        'Noah Becker',
        [null, null, null, null, { kind: 'vacation', window: null }, { kind: 'limited', window: null }, null],
      ],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { computeStatistics } from './statistics';

/**
 * A hand-made fortnight, Monday 2027-05-03 to Sunday 2027-05-16, at two plannings (A, B):
 * - Ann (contract 20 h a week from the start): planned 3 × 8 h (one of them sick), worked 2 × 8 h at 1,000 ct each
 *   in week one and 8 h 30 in week two (1,100 ct);
 * - Ben (no contract): planned 4 h at B, worked 4 h (no cost known);
 * - Cleo (contract 7 h a week, ending after one week): nothing planned or worked;
 * - one open duty of 6 h at B; an item outside the range and a line outside it are left out.
 */
const items = [
  { date: '2027-05-03', membershipId: 'ann', locationId: 'A', dutyId: 'bar', minutes: 480, sick: false },
  { date: '2027-05-04', membershipId: 'ann', locationId: 'A', dutyId: 'bar', minutes: 480, sick: true },
  { date: '2027-05-11', membershipId: 'ann', locationId: 'A', dutyId: 'kitchen', minutes: 480, sick: false },
  { date: '2027-05-12', membershipId: 'ben', locationId: 'B', dutyId: null, minutes: 240, sick: false },
  { date: '2027-05-13', membershipId: null, locationId: 'B', dutyId: 'bar', minutes: 360, sick: false },
  { date: '2027-05-17', membershipId: 'ann', locationId: 'A', dutyId: 'bar', minutes: 480, sick: false },
];
const hours = [
  { date: '2027-05-03', membershipId: 'ann', locationId: 'A', dutyId: 'bar', minutes: 480, costCents: 1000 },
  { date: '2027-05-05', membershipId: 'ann', locationId: 'A', dutyId: null, minutes: 480, costCents: 1000 },
  { date: '2027-05-11', membershipId: 'ann', locationId: 'A', dutyId: 'kitchen', minutes: 510, costCents: 1100 },
  { date: '2027-05-12', membershipId: 'ben', locationId: 'B', dutyId: null, minutes: 240, costCents: null },
  { date: '2027-05-02', membershipId: 'ann', locationId: 'A', dutyId: 'bar', minutes: 480, costCents: 1000 },
];
const contracts = [
  { membershipId: 'ann', startDate: '2027-01-01', endDate: null, weeklyMinutes: 1200 },
  { membershipId: 'cleo', startDate: '2027-04-01', endDate: '2027-05-09', weeklyMinutes: 420 },
];

describe('computeStatistics', () => {
  const s = computeStatistics({ from: '2027-05-03', until: '2027-05-16', items, hours, contracts });

  it('adds up planned, worked, contract, overtime, sickness and open duties', () => {
    expect(s.totals).toEqual({
      plannedMinutes: 480 * 3 + 240,
      workedMinutes: 480 + 480 + 510 + 240,
      costCents: 3100,
      // Ann 2 × 1,200; Cleo one week of 420.
      contractMinutes: 2400 + 420,
      // Ann worked 1,470 of 2,400: no overtime; Ben has no contract; Cleo worked nothing.
      overtimeMinutes: 0,
      sickMinutes: 480,
      // 480 of 1,680 planned minutes.
      sicknessRate: 28.6,
      openDuties: 1,
      openMinutes: 360,
    });
  });

  it('splits per week, planning and duty', () => {
    expect(s.weeks).toEqual([
      { week: '2027-05-03', plannedMinutes: 960, workedMinutes: 960, costCents: 2000, contractMinutes: 1620 },
      { week: '2027-05-10', plannedMinutes: 720, workedMinutes: 750, costCents: 1100, contractMinutes: 1200 },
    ]);
    expect(s.locations).toEqual(
      expect.arrayContaining([
        { id: 'A', plannedMinutes: 1440, workedMinutes: 1470, costCents: 3100, openDuties: 0 },
        { id: 'B', plannedMinutes: 240, workedMinutes: 240, costCents: 0, openDuties: 1 },
      ]),
    );
    expect(s.duties).toEqual(
      expect.arrayContaining([
        { id: 'bar', plannedMinutes: 960, workedMinutes: 480, costCents: 1000 },
        { id: 'kitchen', plannedMinutes: 480, workedMinutes: 510, costCents: 1100 },
        { id: null, plannedMinutes: 240, workedMinutes: 720, costCents: 1000 },
      ]),
    );
  });

  it('counts overtime per person beyond their contract', () => {
    const week = computeStatistics({ from: '2027-05-10', until: '2027-05-16', items, hours, contracts });
    // Ann: 510 worked of 1,200 → none. With a 7-hour contract she is 90 minutes over.
    expect(week.totals.overtimeMinutes).toBe(0);
    const short = computeStatistics({
      from: '2027-05-10',
      until: '2027-05-16',
      items,
      hours,
      contracts: [{ membershipId: 'ann', startDate: '2027-01-01', endDate: null, weeklyMinutes: 420 }],
    });
    expect(short.people.find((p) => p.id === 'ann')).toEqual({
      id: 'ann',
      plannedMinutes: 480,
      workedMinutes: 510,
      contractMinutes: 420,
      overtimeMinutes: 90,
      sickMinutes: 0,
    });
    expect(short.people.find((p) => p.id === 'ben')?.overtimeMinutes).toBe(0);
  });
});

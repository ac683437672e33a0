import { describe, expect, it } from 'vitest';
import { staffingFromPreset } from './staffing';

describe('staffing needs from the preset', () => {
  it('averages each weekday, shift and duty over the preset weeks, rounded up, and skips items without a shift', () => {
    const needs = staffingFromPreset(
      [
        { dayIndex: 0, shiftId: 'f', dutyId: 'd' },
        { dayIndex: 0, shiftId: 'f', dutyId: 'd' },
        { dayIndex: 7, shiftId: 'f', dutyId: 'd' },
        { dayIndex: 9, shiftId: 's', dutyId: null },
        { dayIndex: 1, shiftId: null, dutyId: 'd' },
      ],
      2,
    );
    expect(needs).toEqual([
      { weekday: 0, shiftId: 'f', dutyId: 'd', count: 2, underWeight: 100, overWeight: 1 },
      { weekday: 2, shiftId: 's', dutyId: null, count: 1, underWeight: 100, overWeight: 1 },
    ]);
  });
  it('reads nothing from an empty preset', () => {
    expect(staffingFromPreset([{ dayIndex: 0, shiftId: 'f', dutyId: null }], 0)).toEqual([]);
  });
});

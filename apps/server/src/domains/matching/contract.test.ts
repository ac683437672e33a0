import { describe, expect, it } from 'vitest';
import { candidateContract } from './input';

describe('the matching wizard reads contracts', () => {
  it('full and part time aim at their weekly hours, within the legal week', () => {
    expect(candidateContract({ type: 'full', weeklyMinutes: 38 * 60 })).toEqual({
      kind: 'full',
      hoursPerWeek: 38,
      maxHoursPerWeek: 48,
    });
    expect(candidateContract({ type: 'part', weeklyMinutes: 1230 })).toMatchObject({ hoursPerWeek: 20.5 });
  });
  it("a flexible contract's hours are its most a week, with no target", () => {
    expect(candidateContract({ type: 'flex', weeklyMinutes: 600 })).toEqual({
      kind: 'flex',
      hoursPerWeek: null,
      maxHoursPerWeek: 10,
    });
  });
  it('a 0-hour contract sets no target, and no contract neither target nor limit', () => {
    expect(candidateContract({ type: 'part', weeklyMinutes: 0 })).toMatchObject({ hoursPerWeek: null });
    expect(candidateContract({ type: 'flex', weeklyMinutes: 0 })).toMatchObject({ maxHoursPerWeek: null });
    expect(candidateContract(undefined)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { keptAnchor, switchedStart } from './periodSwitch';

const base = { today: '2026-11-27', weekStartsOn: 'monday' as const };

describe('switching periods keeps the week in view', () => {
  it('Week → Month → Week returns to the week that was shown', () => {
    let anchor = keptAnchor(null, '2026-11-16', 'week');
    const month = switchedStart({ ...base, start: '2026-11-16', period: 'week', next: 'month', anchor });
    expect(month).toBe('2026-11-01');
    anchor = keptAnchor(anchor, month, 'month');
    expect(anchor).toBe('2026-11-16');
    expect(switchedStart({ ...base, start: month, period: 'month', next: 'week', anchor })).toBe('2026-11-16');
  });

  it('a month opened by link goes to the week of today when today is shown, else to the week of the 1st', () => {
    const anchor = keptAnchor(null, '2026-11-01', 'month');
    expect(anchor).toBeNull();
    expect(switchedStart({ ...base, start: '2026-11-01', period: 'month', next: 'week', anchor })).toBe('2026-11-23');
    expect(switchedStart({ ...base, start: '2026-12-01', period: 'month', next: 'week', anchor })).toBe('2026-11-30');
  });

  it('stepping to another month forgets the week of the month before', () => {
    const anchor = keptAnchor('2026-11-16', '2027-01-01', 'month');
    expect(anchor).toBeNull();
    expect(switchedStart({ ...base, start: '2027-01-01', period: 'month', next: 'week', anchor })).toBe('2026-12-28');
  });

  it('weeks starting on Sunday', () => {
    expect(
      switchedStart({
        ...base,
        weekStartsOn: 'sunday',
        start: '2026-11-01',
        period: 'month',
        next: 'week',
        anchor: '2026-11-15',
      }),
    ).toBe('2026-11-15');
  });
});

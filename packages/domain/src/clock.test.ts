import { describe, expect, it } from 'vitest';
import { clockFrom, now, setClock, withClock } from './clock';
import { todayIn } from './roster/period';

describe('the clock', () => {
  it('starts at the chosen instant and then runs at real speed', () => {
    let real = 1_000;
    const clock = clockFrom('2026-03-29T01:59:00+01:00', () => real);
    expect(clock.now().toISOString()).toBe('2026-03-29T00:59:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-03-29T01:00:30.000Z');
  });

  it('refuses what is not an instant', () => {
    expect(() => clockFrom('next Monday')).toThrow();
  });

  it('is what today and now read while it is in force, and is put back afterwards', async () => {
    const before = now().getTime();
    const seen = await withClock(clockFrom('2030-01-01T00:30:00+01:00'), () => ({
      berlin: todayIn('Europe/Berlin'),
      utc: todayIn('UTC'),
      auckland: todayIn('Pacific/Auckland'),
    }));
    expect(seen).toEqual({ berlin: '2030-01-01', utc: '2029-12-31', auckland: '2030-01-01' });
    expect(Math.abs(now().getTime() - before)).toBeLessThan(60_000);
  });

  it('can be replaced and answers the clock it replaced', () => {
    const fixed = { now: () => new Date('2026-11-23T07:00:00Z') };
    const previous = setClock(fixed);
    expect(now().toISOString()).toBe('2026-11-23T07:00:00.000Z');
    expect(setClock(previous)).toBe(fixed);
  });
});

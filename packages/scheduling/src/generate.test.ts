import { describe, expect, it } from 'vitest';
import { generateInstance, SIZES } from './generate';

describe('instance generator', () => {
  it('gives the same instance for the same seed and another for another seed', () => {
    expect(generateInstance('SMALL', 42)).toEqual(generateInstance('SMALL', 42));
    expect(generateInstance('SMALL', 42)).not.toEqual(generateInstance('SMALL', 43));
  });

  it('builds the sizes of the issue', () => {
    const small = generateInstance('SMALL', 1);
    expect(small.candidates).toHaveLength(15);
    expect(new Set(small.items.map((i) => i.date)).size).toBe(14);

    for (const seed of [1, 2, 3]) {
      const large = generateInstance('LARGE', seed);
      expect(large.candidates).toHaveLength(50);
      expect(large.locations).toHaveLength(7);
      expect(new Set(large.items.map((i) => i.date)).size).toBe(28);
      expect(large.items.length).toBeGreaterThanOrEqual(600);
      expect(large.items.length).toBeLessThanOrEqual(950);
    }

    const xl = generateInstance('XL', 1);
    expect(xl.candidates).toHaveLength(200);
    expect(new Set(xl.items.map((i) => i.date)).size).toBe(SIZES.XL.days);
  });

  it('gives every member plannings, duties and a contract, and unique ids', () => {
    const data = generateInstance('LARGE', 5);
    for (const c of data.candidates) {
      expect(c.locationIds.length).toBeGreaterThan(0);
      expect(c.dutyIds.length).toBeGreaterThan(0);
      expect(c.contract).not.toBeNull();
    }
    expect(new Set(data.items.map((i) => i.id)).size).toBe(data.items.length);
    expect(new Set(data.candidates.map((c) => c.id)).size).toBe(data.candidates.length);
  });
});

import type { InitResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { rosterLocation, rosterView } from './rosterStart';

/** The parts of init the roster's start reads. */
const initOf = (roles: string[], roster?: { period?: string; tab?: string }, location: string | null = null) =>
  ({ location, membership: { roles, preferences: roster ? { roster } : {} } }) as unknown as InitResponse;

describe("where the roster opens (the page's redirect and its first read's prefetch alike)", () => {
  it('a phone opens on one’s own duties for those who do not plan; the address’s tab wins, the stored one not', () => {
    const employee = initOf(['user'], { period: 'month', tab: 'all' });
    expect(rosterView(employee, new URLSearchParams(), true)).toEqual({ period: 'month', tab: 'mine' });
    expect(rosterView(employee, new URLSearchParams('tab=open'), true)).toEqual({ period: 'month', tab: 'open' });
    expect(rosterView(employee, new URLSearchParams(), false)).toEqual({ period: 'month', tab: 'all' });
    expect(rosterView(initOf(['planner']), new URLSearchParams(), true)).toEqual({ period: 'week', tab: 'all' });
    expect(rosterView(employee, new URLSearchParams('period=day&tab=x'), true)).toEqual({ period: 'day', tab: 'mine' });
  });

  it('the remembered location when active, else the first active, else the first', () => {
    const locations = [
      { id: 'a', status: 'archived' },
      { id: 'b', status: 'active' },
      { id: 'c', status: 'active' },
    ] as const;
    expect(rosterLocation(initOf(['user'], undefined, 'c'), locations, null)).toBe('c');
    expect(rosterLocation(initOf(['user'], undefined, 'a'), locations, null)).toBe('b');
    expect(rosterLocation(initOf(['user'], undefined, 'c'), locations, 'b')).toBe('b');
    expect(rosterLocation(initOf(['user']), [{ id: 'a', status: 'archived' }], null)).toBe('a');
    expect(rosterLocation(initOf(['user']), [], null)).toBeUndefined();
  });
});

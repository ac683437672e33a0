import type { InitResponse } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { rosterFirstRead, rosterLocation, rosterView } from './rosterStart';

/** The parts of init the roster's start reads. */
const initOf = (
  roles: string[],
  roster?: { period?: string; tab?: string },
  location: string | null = null,
  settings: { timeZone: string; weekStartsOn: 'monday' | 'sunday' } = { timeZone: 'UTC', weekStartsOn: 'monday' },
) =>
  ({
    location,
    account: { settings },
    membership: { roles, preferences: roster ? { roster } : {} },
  }) as unknown as InitResponse;

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

describe("the roster's first read, worked out from init and the locations before the page's code runs", () => {
  const locations = [{ id: 'hq', status: 'active' }] as const;

  it("starts at the period's first day around the server's today in the account's zone, not the device's", () => {
    // Sunday 23:30 in UTC is already Monday in Auckland: the next week there, in Europe the week that ends.
    const at = new Date('2027-03-28T23:30:00Z');
    const auckland = initOf(['user'], { period: 'week' }, 'hq', {
      timeZone: 'Pacific/Auckland',
      weekStartsOn: 'monday',
    });
    expect(rosterFirstRead(auckland, locations, new URLSearchParams(), true, at)).toEqual({
      location: 'hq',
      date: '2027-03-29',
      period: 'week',
      tab: 'mine',
    });
    const berlin = initOf(['planner'], { period: 'month' }, null, {
      timeZone: 'Europe/Berlin',
      weekStartsOn: 'sunday',
    });
    expect(rosterFirstRead(berlin, locations, new URLSearchParams(), false, at)).toEqual({
      location: 'hq',
      date: '2027-03-01',
      period: 'month',
      tab: 'all',
    });
    const sunday = initOf(['user'], undefined, null, { timeZone: 'Europe/Berlin', weekStartsOn: 'sunday' });
    expect(rosterFirstRead(sunday, locations, new URLSearchParams('period=week'), false, at)?.date).toBe('2027-03-28');
  });

  it('is none without a location', () => {
    expect(rosterFirstRead(initOf(['user']), [], new URLSearchParams(), true, new Date())).toBeUndefined();
  });
});

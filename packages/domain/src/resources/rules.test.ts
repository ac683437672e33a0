import { describe, expect, it } from 'vitest';
import { doubleBookedItems, mayManageResources, type ResourcedItem } from './rules';

const TZ = 'Europe/Amsterdam';
const item = (id: string, over: Partial<ResourcedItem> = {}): ResourcedItem => ({
  id,
  resourceId: 'van',
  date: '2027-03-29',
  fromMinutes: 8 * 60,
  untilMinutes: 12 * 60,
  ...over,
});

describe('doubleBookedItems', () => {
  it('marks both items of one resource at overlapping times', () => {
    const out = doubleBookedItems([item('a'), item('b', { fromMinutes: 11 * 60, untilMinutes: 15 * 60 })], TZ);
    expect([...out].sort()).toEqual(['a', 'b']);
  });

  it('lets one item end when the next begins, and other resources or days pass', () => {
    const out = doubleBookedItems(
      [
        item('a'),
        item('b', { fromMinutes: 12 * 60, untilMinutes: 16 * 60 }),
        item('c', { resourceId: 'bus' }),
        item('d', { date: '2027-03-30' }),
        item('e', { resourceId: null }),
      ],
      TZ,
    );
    expect(out.size).toBe(0);
  });

  it('lets one ride (driver and passengers over the same span) share the vehicle, but not a second ride', () => {
    const ride = [item('d', { travelRole: 'driver' }), item('p', { travelRole: 'passenger' })];
    expect(doubleBookedItems(ride, TZ).size).toBe(0);
    const other = item('x', { fromMinutes: 11 * 60, untilMinutes: 15 * 60, travelRole: 'driver' });
    expect([...doubleBookedItems([...ride, other], TZ)].sort()).toEqual(['d', 'p', 'x']);
    // A duty planned by hand at the same time is no passenger of the ride.
    expect([...doubleBookedItems([ride[0], item('h')], TZ)].sort()).toEqual(['d', 'h']);
  });

  it('holds the resource all day for an item without times, and into the next day overnight', () => {
    const allDay = doubleBookedItems([item('a', { fromMinutes: null, untilMinutes: null }), item('b')], TZ);
    expect([...allDay].sort()).toEqual(['a', 'b']);
    const overnight = doubleBookedItems(
      [item('n', { fromMinutes: 22 * 60, untilMinutes: 6 * 60 }), item('m', { date: '2027-03-30' })],
      TZ,
    );
    expect(overnight.size).toBe(0);
    const early = doubleBookedItems(
      [item('n', { fromMinutes: 22 * 60, untilMinutes: 6 * 60 }), item('m', { date: '2027-03-30', fromMinutes: 300 })],
      TZ,
    );
    expect([...early].sort()).toEqual(['m', 'n']);
  });

  it('finds an overlap past an item in between', () => {
    const out = doubleBookedItems(
      [
        item('long', { fromMinutes: 6 * 60, untilMinutes: 18 * 60 }),
        item('short', { fromMinutes: 7 * 60, untilMinutes: 8 * 60 }),
        item('late', { fromMinutes: 17 * 60, untilMinutes: 19 * 60 }),
      ],
      TZ,
    );
    expect([...out].sort()).toEqual(['late', 'long', 'short']);
  });
});

describe('mayManageResources', () => {
  const member = (roles: string[], rights: string[] = []) =>
    ({ roles, rights, managerLimited: false }) as unknown as Parameters<typeof mayManageResources>[0];
  it('is the planners, managers, owners and those who edit the team', () => {
    expect(mayManageResources(member(['planner']))).toBe(true);
    expect(mayManageResources(member(['employee'], ['user.edit']))).toBe(true);
    expect(mayManageResources(member(['employee']))).toBe(false);
  });
});

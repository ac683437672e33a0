import type { ItemChangeResponse, RosterItem, RosterResponse } from '@app/contracts';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rosterKeys } from './api';
import { applyItemChange, applyItemsRead } from './cache';

const item = (id: string, over: Partial<RosterItem> = {}): RosterItem => ({
  id,
  date: '2030-03-04',
  location: 'hq',
  user: null,
  assigned: false,
  duty: 'service',
  shift: null,
  times: null,
  tags: [],
  notes: null,
  internal: null,
  flag: null,
  conflicts: null,
  hour: null,
  stats: null,
  resource: null,
  travelRole: null,
  project: null,
  applications: [],
  pending: false,
  ...over,
});
const timed = (id: string, user: string | null, minutes: number, over: Partial<RosterItem> = {}) =>
  item(id, {
    user,
    assigned: user !== null,
    times: { from: '09:00', until: '17:00', break: 0 },
    stats: { minutes },
    ...over,
  });

/** A week at Headquarter: Mia on two items, Leon on one, one open item. */
const week = (): RosterResponse => ({
  days: ['2030-03-04', '2030-03-05', '2030-03-06', '2030-03-07', '2030-03-08', '2030-03-09', '2030-03-10'].map(
    (date) => ({ date, released: false, past: false }),
  ),
  items: [
    timed('a', 'mia', 480),
    timed('c', 'leon', 480),
    timed('b', 'mia', 240, { date: '2030-03-05' }),
    item('open', { date: '2030-03-06', times: { from: '10:00', until: '14:00', break: 0 }, stats: { minutes: 240 } }),
  ],
  client: null,
  users: {},
  duties: {},
  shifts: {},
  locations: {},
  comments: [],
  notes: {},
  tags: {},
  availability: [],
  periods: { default: 'week', options: ['week'], from: '2030-03-04', until: '2030-03-10' },
  weather: null,
  stats: { mia: { minutes: 720, items: 2 }, leon: { minutes: 480, items: 1 } },
});

const key = rosterKeys.load('hq', '2030-03-04', 'week');
const otherKey = rosterKeys.load('hq', '2030-03-11', 'week');

/** A cache holding this week (watched, as the page does) and the next (not watched); counts the loads. */
function cache() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
  const load = vi.fn(async () => week());
  queryClient.setQueryData(key, week());
  queryClient.setQueryData(otherKey, week());
  // An observer, as the roster page has: an invalidation loads this week again at once.
  new QueryObserver(queryClient, { queryKey: key, queryFn: load, staleTime: 60_000 }).subscribe(() => undefined);
  return { queryClient, load, data: () => queryClient.getQueryData<RosterResponse>(key)! };
}

const answer = (over: Partial<ItemChangeResponse>): ItemChangeResponse => ({
  item: null,
  revalidated: [],
  // The item's week at every location: another measure than the grid's, never taken over.
  stats: { mia: { minutes: 9999, items: 99 } },
  ...over,
});

afterEach(() => vi.restoreAllMocks());

describe("useItemEdit's cache merge (applyItemChange)", () => {
  it('merges the answered item and the revalidated ones, counts the stats of the people concerned again, loads nothing', () => {
    const { queryClient, load, data } = cache();
    const before = data().items.find((i) => i.id === 'a')!;
    // The optimistic version (Leon instead of Mia) is in the cache already when the answer comes.
    queryClient.setQueryData<RosterResponse>(key, (d) => ({
      ...d!,
      items: d!.items.map((i) => (i.id === 'a' ? { ...i, user: 'leon' } : i)),
    }));
    const reloading = applyItemChange(
      queryClient,
      key,
      'a',
      answer({
        item: timed('a', 'leon', 450, { conflicts: ['AVAILABILITY'] }),
        revalidated: [timed('c', 'leon', 480, { conflicts: ['AVAILABILITY'] })],
      }),
      true,
      before,
    );
    expect(reloading).toBe(false);
    const after = data();
    expect(after.items.find((i) => i.id === 'a')).toMatchObject({ user: 'leon', conflicts: ['AVAILABILITY'] });
    expect(after.items.find((i) => i.id === 'c')?.conflicts).toEqual(['AVAILABILITY']);
    // Mia lost an item (the one before the optimistic change), Leon gained it with its new minutes.
    expect(after.stats).toEqual({ mia: { minutes: 240, items: 1 }, leon: { minutes: 930, items: 2 } });
    expect(load).not.toHaveBeenCalled();
    expect(queryClient.getQueryState(key)?.isInvalidated).toBe(false);
    // The other periods are stale for when they are shown again, and not loaded now.
    expect(queryClient.getQueryState(otherKey)?.isInvalidated).toBe(true);
  });

  it('drops a deleted item and its member with no items left from the stats', () => {
    const { queryClient, load, data } = cache();
    expect(applyItemChange(queryClient, key, 'c', answer({ item: null }), true)).toBe(false);
    expect(data().items.map((i) => i.id)).toEqual(['a', 'b', 'open']);
    expect(data().stats).toEqual({ mia: { minutes: 720, items: 2 } });
    expect(load).not.toHaveBeenCalled();
  });

  it('adds a created item in its place in the period', () => {
    const { queryClient, data } = cache();
    applyItemChange(
      queryClient,
      key,
      undefined,
      answer({ item: timed('new', 'mia', 60, { date: '2030-03-04' }) }),
      true,
    );
    expect(data().items.map((i) => i.id)).toEqual(['a', 'c', 'new', 'b', 'open']);
    expect(data().stats.mia).toEqual({ minutes: 780, items: 3 });
    // One without times goes after the timed ones of its day, where the load puts it.
    applyItemChange(queryClient, key, undefined, answer({ item: item('untimed', { date: '2030-03-04' }) }), true);
    expect(data().items.map((i) => i.id)).toEqual(['a', 'c', 'new', 'untimed', 'b', 'open']);
  });

  it('shows the answer and loads the period again where the merge is not exact', async () => {
    const { queryClient, load, data } = cache();
    // Not exact for this viewer (an employee, a restricted planner).
    expect(applyItemChange(queryClient, key, 'open', answer({ item: timed('open', 'mia', 240) }), false)).toBe(true);
    expect(data().items.find((i) => i.id === 'open')?.user).toBe('mia');
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    // A person the viewer does not see: the stats cannot be counted here either.
    const second = cache();
    const hidden = answer({ item: item('open', { assigned: true, user: null }) });
    expect(applyItemChange(second.queryClient, key, 'open', hidden, true)).toBe(true);
    await vi.waitFor(() => expect(second.load).toHaveBeenCalledTimes(1));
  });
});

describe('the items a realtime event names, read again (applyItemsRead)', () => {
  it('merges those answered and drops those asked for and not answered or out of the period', () => {
    const { queryClient, load, data } = cache();
    const merged = applyItemsRead(
      queryClient,
      key,
      ['a', 'b', 'c', 'fresh', 'elsewhere'],
      [
        // Moved to the next week: out of this period.
        timed('a', 'mia', 480, { date: '2030-03-12' }),
        timed('c', 'leon', 300),
        timed('fresh', 'leon', 120, { date: '2030-03-07' }),
        // Another location's item (as a bulk move can leave it): not this load's.
        timed('elsewhere', 'leon', 60, { location: 'cafe' }),
      ],
    );
    expect(merged).toBe(true);
    // 'b' was not answered (deleted, or on a day not shown): gone.
    expect(data().items.map((i) => i.id)).toEqual(['c', 'open', 'fresh']);
    expect(data().stats).toEqual({ leon: { minutes: 420, items: 2 } });
    expect(load).not.toHaveBeenCalled();
  });

  it('does not merge an item whose person the viewer does not see', () => {
    const { queryClient, data } = cache();
    const before = data();
    expect(applyItemsRead(queryClient, key, ['open'], [item('open', { assigned: true, user: null })])).toBe(false);
    expect(data()).toBe(before);
  });
});

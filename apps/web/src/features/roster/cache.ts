import type { ItemChangeResponse, RosterItem, RosterResponse, RosterStats } from '@app/contracts';
import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { rosterKeys } from './api';
import { withItem } from './model';

/**
 * Merging what the server answers about a few items into the loaded roster, instead of loading the period again
 * (a month of a big location is the largest answer of the app). The load's `stats` are the planned minutes and the
 * number of items of each member over the load's own items, so the merge counts them again from the merged items for
 * the members concerned. An edit's answer carries `stats` too, but over the item's week at every location: another
 * measure than the period's at this location, so the grid does not take them over.
 *
 * That recount is exact only when the roster shows who is assigned on every item (planners without the planner
 * restriction); for everyone else, whose colleagues' names depend on the day, the merge does not apply and the
 * period is loaded again.
 */

/** The members planned on these items (null: an open item, or one whose person the viewer does not see). */
const membersOf = (items: (RosterItem | null | undefined)[]) =>
  items.map((i) => i?.user).filter((m): m is string => Boolean(m));

/** Whether the roster shows who is assigned on each of these items (else their stats cannot be counted here). */
const showsPeople = (items: (RosterItem | null | undefined)[]) => items.every((i) => !i?.assigned || i.user !== null);

/** The load's stats of these members, counted again from its items (as the server counts them for the load). */
export function recountStats(data: RosterResponse, members: Iterable<string>): RosterResponse {
  const wanted = new Set(members);
  if (wanted.size === 0) return data;
  const counted: RosterStats = {};
  for (const item of data.items) {
    if (!item.user || !wanted.has(item.user)) continue;
    counted[item.user] ??= { minutes: 0, items: 0 };
    counted[item.user].items++;
    counted[item.user].minutes += item.stats?.minutes ?? 0;
  }
  const stats = { ...data.stats };
  for (const member of wanted) {
    if (counted[member]) stats[member] = counted[member];
    else delete stats[member];
  }
  return { ...data, stats };
}

/** Whether an item belongs in this load: its location and a day the load shows. */
function inLoad(data: RosterResponse, location: string | null, item: RosterItem): boolean {
  const first = data.days[0]?.date;
  const last = data.days[data.days.length - 1]?.date;
  return (location === null || item.location === location) && !!first && item.date >= first && item.date <= last;
}

/**
 * Merges items the server answered (each as it is now, or null when it is gone or not to be shown) into a load and
 * counts the stats of the members concerned again; null when the merge cannot apply (someone's person hidden).
 */
export function mergeItems(
  data: RosterResponse,
  location: string | null,
  changes: { id: string; item: RosterItem | null }[],
  /** The items as they were before an optimistic change already in the load (their members are counted too). */
  earlier: (RosterItem | null)[] = [],
): RosterResponse | null {
  const byId = new Map(data.items.map((i) => [i.id, i]));
  const before = [...changes.map((c) => byId.get(c.id)), ...earlier];
  const after = changes.map((c) => c.item);
  if (!showsPeople(before) || !showsPeople(after)) return null;
  let next = data;
  for (const { id, item } of changes) {
    const shown = item && inLoad(data, location, item) ? item : null;
    if (shown || byId.has(id)) next = withItem(next, id, shown);
  }
  return recountStats(next, [...membersOf(before), ...membersOf(after)]);
}

/** The location a roster load's key names (`rosterKeys.load`). */
const locationOfKey = (key: QueryKey): string | null => {
  const location = key[2];
  return typeof location === 'string' && location ? location : null;
};

const loading = (queryClient: QueryClient, key: QueryKey) => queryClient.isFetching({ queryKey: key, exact: true }) > 0;

/** Marks the other loads of the roster stale (other periods, other locations) without loading them now. */
function staleOtherLoads(queryClient: QueryClient, key: QueryKey) {
  const own = JSON.stringify(key);
  void queryClient.invalidateQueries({
    queryKey: rosterKeys.loads(),
    predicate: (query) => JSON.stringify(query.queryKey) !== own,
    refetchType: 'none',
  });
}

/**
 * An edit's answer into the roster in the cache (`useItemEdit`): the item as it is now (or gone), the other items
 * whose conflicts the edit changed, the stats of the members concerned. Where the merge is exact (`exact`: the
 * viewer sees everyone's person) the period is not loaded again; otherwise the answer is shown at once and the
 * period loaded again, as before. Answers whether the period is being loaded again.
 */
export function applyItemChange(
  queryClient: QueryClient,
  key: QueryKey,
  itemId: string | undefined,
  answer: ItemChangeResponse,
  exact: boolean,
  /** The item before the edit, when an optimistic version of it is in the load already. */
  before: RosterItem | null = null,
): boolean {
  const changes = [
    ...(answer.item ? [{ id: answer.item.id, item: answer.item }] : itemId ? [{ id: itemId, item: null }] : []),
    ...answer.revalidated.map((other) => ({ id: other.id, item: other })),
  ];
  let merged = false;
  // A load on its way may predate the edit: it is loaded again below rather than merged into.
  const mergeable = exact && !loading(queryClient, key);
  queryClient.setQueryData<RosterResponse>(key, (data) => {
    if (!data) return data;
    const next = mergeable ? mergeItems(data, locationOfKey(key), changes, [before]) : null;
    if (next) {
      merged = true;
      return next;
    }
    // The answer at once; the period follows from the server below.
    let shown = data;
    for (const { id, item } of changes) shown = withItem(shown, id, item);
    return shown;
  });
  if (merged) {
    staleOtherLoads(queryClient, key);
    return false;
  }
  void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
  return true;
}

/**
 * Items a realtime event named, read again (`itemCalls.byIds`), into the roster in the cache: those answered are
 * merged, those asked for and not answered (deleted, moved to another location, on a day not shown) disappear.
 * Answers false when the merge cannot apply, so the caller loads the period again.
 */
export function applyItemsRead(
  queryClient: QueryClient,
  key: QueryKey,
  asked: readonly string[],
  items: readonly RosterItem[],
): boolean {
  const data = queryClient.getQueryData<RosterResponse>(key);
  // An employee's offers depend on all their items, not only the ones read: the period loads again.
  if (!data || loading(queryClient, key) || data.offers) return false;
  const answered = new Map(items.map((i) => [i.id, i]));
  const next = mergeItems(
    data,
    locationOfKey(key),
    asked.map((id) => ({ id, item: answered.get(id) ?? null })),
  );
  if (!next) return false;
  queryClient.setQueryData<RosterResponse>(key, next);
  staleOtherLoads(queryClient, key);
  return true;
}

import { ROLES, type Role, type RosterItem, type RosterResponse } from '@app/contracts';
import { cellKey, OPEN_ROW, type RosterRow } from '../model';

/**
 * How the planner arranges the grid's rows in a big planning (docs/product/roster.md, "A big planning"): grouped by
 * main duty or role, sorted, filtered by a search, groups collapsed. Pure: the grid keeps the choices.
 */
export const GROUPINGS = ['none', 'duty', 'role'] as const;
export type Grouping = (typeof GROUPINGS)[number];
export const SORTINGS = ['lastName', 'firstName', 'hours'] as const;
export type Sorting = (typeof SORTINGS)[number];

/** A group's head row: what is grouped (`key`: a duty id, a role, or `none`), its people and whether it is closed. */
export interface GroupRow {
  id: string;
  kind: 'group';
  grouping: Exclude<Grouping, 'none'>;
  key: string;
  count: number;
  collapsed: boolean;
}
/**
 * A resource's line (docs/product/resources.md, "On the roster"): the items that carry the vehicle or the piece of
 * equipment, under the people. It shows them only; the items are planned in their person's (or the open) row.
 */
export interface ResourceLine {
  id: string;
  kind: 'resource';
  resource: string;
}
/** A line of the grid: the open duties, a group's head, a person, or a resource. */
export type GridLine = RosterRow | GroupRow | ResourceLine;

const resourceRowId = (resource: string) => `resource:${resource}`;

export const NO_GROUP = 'none';
export const groupRowId = (key: string) => `group:${key}`;

type Data = Pick<RosterResponse, 'users' | 'items' | 'duties' | 'stats' | 'resources'>;

/**
 * A person's main duty: the duty of most of their items in the period (the earlier one in the duty list on a tie),
 * else the first duty they hold (in the duty list's order), else none.
 */
export function mainDuties(data: Pick<Data, 'users' | 'items' | 'duties'>): Map<string, string | null> {
  const order = new Map(Object.keys(data.duties).map((id, i) => [id, i]));
  const rank = (id: string) => order.get(id) ?? Number.MAX_SAFE_INTEGER;
  const counts = new Map<string, Map<string, number>>();
  for (const item of data.items) {
    if (!item.assigned || !item.user || !item.duty) continue;
    const mine = counts.get(item.user) ?? new Map<string, number>();
    counts.set(item.user, mine);
    mine.set(item.duty, (mine.get(item.duty) ?? 0) + 1);
  }
  const out = new Map<string, string | null>();
  const ids = new Set([...Object.keys(data.users), ...counts.keys()]);
  for (const id of ids) {
    const planned = [...(counts.get(id)?.entries() ?? [])].sort((a, b) => b[1] - a[1] || rank(a[0]) - rank(b[0]));
    const held = [...(data.users[id]?.duties ?? [])].sort((a, b) => rank(a) - rank(b));
    out.set(id, planned[0]?.[0] ?? held[0] ?? null);
  }
  return out;
}

/** A person's main role: the first of the roles they hold in the product's order (owner … employee), else none. */
export function mainRole(roles: readonly Role[] | undefined): Role | null {
  if (!roles?.length) return null;
  return ROLES.find((r) => roles.includes(r)) ?? null;
}

/** Lower case without accents: "Łukasz" and "lukasz", "José" and "jose" match. */
export function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .replace(/ł/g, 'l')
    .replace(/Ł/g, 'L')
    .toLowerCase();
}

/** Whether a person matches the search: each word in the name, or in the name of one of their duties. */
export function matchesSearch(name: string | null, dutyNames: readonly string[], query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (!words.length) return true;
  const haystack = [name ?? '', ...dutyNames].map(folded);
  return words.every((w) => haystack.some((h) => h.includes(w)));
}

export interface RowViewOptions {
  grouping: Grouping;
  sorting: Sorting;
  query: string;
  /** Keys of the closed groups. */
  collapsed: ReadonlySet<string>;
  /** Show a line per resource under the people. */
  resources?: boolean;
}

/** The first name of a display name (its first word). */
const firstName = (name: string | null) => name?.trim().split(/\s+/)[0] ?? '';

/**
 * The grid's lines: the open duties first (always), then the people that match the search, sorted, under a head
 * per group (groups in the duty list's or the roles' order, "none" last; a closed group keeps its head only).
 * `rows` come in the load's order (by last name).
 */
export function arrangeRows(rows: readonly RosterRow[], data: Data, options: RowViewOptions): GridLine[] {
  const duties = options.grouping === 'duty' || options.query.trim() ? mainDuties(data) : null;
  const dutyName = (id: string | null | undefined) => (id ? (data.duties[id]?.name ?? '') : '');
  const people = rows.filter(
    (r) =>
      r.kind === 'person' &&
      matchesSearch(
        r.name,
        [dutyName(duties?.get(r.id)), ...(data.users[r.id]?.duties ?? []).map(dutyName)].filter(Boolean),
        options.query,
      ),
  );
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  const loadOrder = new Map(rows.map((r, i) => [r.id, i]));
  const byLoad = (a: RosterRow, b: RosterRow) => (loadOrder.get(a.id) ?? 0) - (loadOrder.get(b.id) ?? 0);
  const named = (a: RosterRow, b: RosterRow) => Number(a.name === null) - Number(b.name === null);
  const minutes = (r: RosterRow) => data.stats[r.id]?.minutes ?? 0;
  const compare: Record<Sorting, (a: RosterRow, b: RosterRow) => number> = {
    lastName: byLoad,
    firstName: (a, b) =>
      named(a, b) ||
      collator.compare(firstName(a.name), firstName(b.name)) ||
      collator.compare(a.name ?? '', b.name ?? '') ||
      byLoad(a, b),
    hours: (a, b) => minutes(b) - minutes(a) || byLoad(a, b),
  };
  people.sort(compare[options.sorting]);
  const out: GridLine[] = rows.filter((r) => r.kind === 'open');
  const resources = options.resources ? resourceLines(data, options.query) : [];
  if (options.grouping === 'none') return [...out, ...people, ...resources];
  const keyOf = (r: RosterRow): string =>
    (options.grouping === 'duty' ? duties?.get(r.id) : mainRole(data.users[r.id]?.roles)) ?? NO_GROUP;
  const groups = new Map<string, RosterRow[]>();
  for (const person of people) {
    const key = keyOf(person);
    const list = groups.get(key);
    if (list) list.push(person);
    else groups.set(key, [person]);
  }
  const order: readonly string[] = options.grouping === 'duty' ? Object.keys(data.duties) : ROLES;
  const rank = (key: string) => (key === NO_GROUP ? Number.MAX_SAFE_INTEGER : order.indexOf(key));
  for (const key of [...groups.keys()].sort((a, b) => rank(a) - rank(b))) {
    const members = groups.get(key) ?? [];
    const collapsed = options.collapsed.has(key);
    out.push({
      id: groupRowId(key),
      kind: 'group',
      grouping: options.grouping,
      key,
      count: members.length,
      collapsed,
    });
    if (!collapsed) out.push(...members);
  }
  return [...out, ...resources];
}

/**
 * The resources that get a line: those the period's items carry and the active ones the load offers (planners),
 * by name; a search keeps those whose name, type or kind matches.
 */
function resourceLines(data: Pick<RosterResponse, 'resources' | 'items'>, query: string): ResourceLine[] {
  const all = data.resources ?? {};
  const carried = new Set(data.items.map((i) => i.resource).filter((r): r is string => r !== null));
  const collator = new Intl.Collator(undefined, { sensitivity: 'base' });
  return Object.values(all)
    .filter((r) => (!r.archived || carried.has(r.id)) && matchesSearch(r.name, [r.type ?? ''], query))
    .sort((a, b) => collator.compare(a.name, b.name))
    .map((r) => ({ id: resourceRowId(r.id), kind: 'resource', resource: r.id }));
}

/** The items of each resource line's days (`cellKey(resourceRowId, date)`), the visible ones only. */
export function itemsByResource(
  items: readonly RosterItem[],
  visible: (item: RosterItem) => boolean,
): Map<string, RosterItem[]> {
  const out = new Map<string, RosterItem[]>();
  for (const item of items) {
    if (!item.resource || !visible(item)) continue;
    const key = cellKey(resourceRowId(item.resource), item.date);
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

/** Open duties per day, for the collapsed open row ("7 open"). */
export function openPerDay(cells: ReadonlyMap<string, readonly RosterItem[]>, dates: readonly string[]) {
  return new Map(dates.map((date) => [date, cells.get(cellKey(OPEN_ROW, date))?.length ?? 0]));
}

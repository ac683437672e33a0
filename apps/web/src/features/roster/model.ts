import type { ItemOffer, RosterItem, RosterResponse } from '@app/contracts';
import { addDays, type Period, weekdayOf } from '@app/domain';
import { formatTime, formatDuration as formatUiDuration } from '../../ui/format';
import type { RosterTab } from './view';

export { isIsoDate, isPeriod } from './loadPath';
export { isRosterTab, periodStart, ROSTER_TABS, type RosterTab } from './view';

/** The first day of the previous (-1) or next (+1) period. */
export function stepPeriod(start: string, period: Period, direction: -1 | 1): string {
  switch (period) {
    case 'day':
      return addDays(start, direction);
    case 'week':
      return addDays(start, 7 * direction);
    case '2weeks':
      return addDays(start, 14 * direction);
    case '4weeks':
      return addDays(start, 28 * direction);
    case 'month': {
      const [y, m] = start.split('-').map(Number);
      const next = new Date(Date.UTC(y, m - 1 + direction, 1));
      return next.toISOString().slice(0, 10);
    }
  }
}

/** ISO 8601 week number (weeks start on Monday; week 1 holds the year's first Thursday). */
export function isoWeek(date: string): number {
  const thursday = addDays(date, 3 - weekdayOf(date));
  const yearStart = `${thursday.slice(0, 4)}-01-01`;
  const days = Math.round((Date.parse(`${thursday}T00:00:00Z`) - Date.parse(`${yearStart}T00:00:00Z`)) / 86_400_000);
  return Math.floor(days / 7) + 1;
}

/** Worked minutes as hours and minutes, e.g. 450 → "7:30". */
export const formatDuration = (minutes: number): string => formatUiDuration(minutes);

export const OPEN_ROW = 'open';

/** A row of the grid: the open duties, or one person. */
export interface RosterRow {
  id: string;
  kind: 'open' | 'person';
  /** Null when the viewer may not see the person's name. */
  name: string | null;
}

export interface RowsInput {
  data: Pick<RosterResponse, 'users' | 'items'>;
  me: string;
  tab: RosterTab;
  /** Keep only items of these duties (empty: all). */
  duties?: readonly string[];
  /** Keep only these people (empty: all). */
  people?: readonly string[];
  /** Keep only items carrying every one of these tags (empty: all). */
  tags?: readonly string[];
}

/** Whether an item shows under the tab and filters. */
export function itemVisible(item: RosterItem, input: Omit<RowsInput, 'data'>): boolean {
  if (input.tab === 'mine' && item.user !== input.me) return false;
  if (input.tab === 'open' && item.assigned) return false;
  if (input.tab === 'applied' && !item.applications.some((a) => a.membership === input.me)) return false;
  if (input.duties?.length && !(item.duty && input.duties.includes(item.duty))) return false;
  if (input.tags?.length && !input.tags.every((tag) => item.tags.includes(tag))) return false;
  return true;
}

/**
 * The rows of the grid: open duties first, then the people of the planning in the load's order (by last name),
 * then anyone planned here who is not among them. "My duties" keeps only the viewer's row, "open duties" only the
 * open row; a person filter keeps the open row (to plan those people into it). Items of colleagues whose names the viewer may not see have no row.
 */
export function rosterRows(input: RowsInput): RosterRow[] {
  const { data, me, tab, people } = input;
  const rows: RosterRow[] = [];
  if (tab !== 'mine') rows.push({ id: OPEN_ROW, kind: 'open', name: null });
  if (tab === 'open') return rows;
  const seen = new Set<string>();
  const add = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    if ((tab === 'mine' || tab === 'applied') && id !== me) return;
    if (people?.length && !people.includes(id)) return;
    rows.push({ id, kind: 'person', name: data.users[id]?.name ?? null });
  };
  for (const id of Object.keys(data.users)) add(id);
  for (const item of data.items) if (item.user) add(item.user);
  return rows;
}

export const cellKey = (row: string, date: string) => `${row}|${date}`;

/** The items of each cell (row and date), in the load's order (by date and start time). */
export function itemsByCell(items: readonly RosterItem[], filter: Omit<RowsInput, 'data'>): Map<string, RosterItem[]> {
  const out = new Map<string, RosterItem[]>();
  for (const item of items) {
    if (!itemVisible(item, filter)) continue;
    const row = item.assigned ? item.user : OPEN_ROW;
    if (!row) continue;
    const key = cellKey(row, item.date);
    const list = out.get(key);
    if (list) list.push(item);
    else out.set(key, [item]);
  }
  return out;
}

/** Worked minutes per date of the visible items. */
export function minutesPerDay(items: readonly RosterItem[], filter: Omit<RowsInput, 'data'>): Map<string, number> {
  const out = new Map<string, number>();
  for (const item of items) {
    if (!item.stats || !itemVisible(item, filter)) continue;
    out.set(item.date, (out.get(item.date) ?? 0) + item.stats.minutes);
  }
  return out;
}

/** The tabs of the item toolbox (docs/product/roster.md, "Tabs and the item toolbox"), in their order. */
export const TOOLBOX_TABS = [
  'flags',
  'conflicts',
  'times',
  'shift',
  'duty',
  'user',
  'tags',
  'notes',
  'internal',
  'sick',
  'delete',
] as const;
export type ToolboxTab = (typeof TOOLBOX_TABS)[number];

export interface ToolboxContext {
  modules: { shifts: boolean; tags: boolean; sickness: boolean };
  /** Shifts of the planning that are not trashed. */
  activeShifts: number;
  activeDuties: number;
  tags: number;
  plannerRestricted: boolean;
  touch: boolean;
}

/** The planner's tabs for an item, in order, each only under its condition. */
export function toolboxTabs(item: RosterItem, ctx: ToolboxContext): ToolboxTab[] {
  const resource = item.resource !== null;
  // An item of a resource alone (no person) has no tags and no sickness; a person's item may carry a vehicle too.
  const resourceOnly = resource && !item.assigned;
  const shown: Record<ToolboxTab, boolean> = {
    flags: item.flag === 'signout',
    conflicts: (item.conflicts?.length ?? 0) > 0,
    times: true,
    shift: ctx.modules.shifts && ctx.activeShifts > 0,
    duty: ctx.activeDuties > 0,
    user: !(ctx.plannerRestricted && !resource && item.applications.length === 0),
    tags: ctx.modules.tags && !resourceOnly && ctx.tags > 0,
    notes: true,
    internal: true,
    sick: ctx.modules.sickness && item.assigned,
    delete: ctx.touch,
  };
  return TOOLBOX_TABS.filter((t) => shown[t]);
}

/**
 * The tab the toolbox opens on: user when unassigned; shift or duty when the item has neither; user once times or
 * a shift exist; the flags, sick or conflicts tab when those are present. Later rules win; a tab that is not shown
 * falls back to the first one shown.
 */
export function openingTab(item: RosterItem, tabs: readonly ToolboxTab[]): ToolboxTab {
  const has = (t: ToolboxTab) => tabs.includes(t);
  let tab: ToolboxTab = 'times';
  if (!item.assigned && has('user')) tab = 'user';
  if (!item.shift && !item.duty) {
    if (has('shift')) tab = 'shift';
    else if (has('duty')) tab = 'duty';
  }
  if ((item.times || item.shift) && has('user')) tab = 'user';
  if (item.flag === 'signout' && has('flags')) tab = 'flags';
  if (item.flag === 'sick' && has('sick')) tab = 'sick';
  if (item.conflicts?.length && has('conflicts')) tab = 'conflicts';
  return has(tab) ? tab : (tabs[0] ?? 'times');
}

/**
 * Time picker defaults (docs/product/roster.md): hour alone gives minute 00, minute alone gives hour 08; nothing is
 * ignored.
 */
export function pickedTime(hour: number | null, minute: number | null): string | null {
  if (hour === null && minute === null) return null;
  const h = hour ?? 8;
  const m = minute ?? 0;
  return formatTime(h * 60 + m);
}

/** The current time rounded down to the minute step, e.g. 14:37 → 14:30. */
export function currentTimeRounded(now: Date, step = 15): { hour: number; minute: number } {
  return { hour: now.getHours(), minute: Math.floor(now.getMinutes() / step) * step };
}

export interface EmployeeContext {
  me: string;
  today: string;
  /** Duties the viewer holds. */
  duties: readonly string[];
  mayPlan: boolean;
  maySignUp: boolean;
  mustApply: boolean;
  observerOnly: boolean;
}

/**
 * What the employee panel offers on an item (docs/product/roster.md): take or apply for an open item the server
 * offers them (`offer`: its rules decide), give up an own upcoming item, keep it after all.
 */
export function employeeActions(item: RosterItem, ctx: EmployeeContext, offer: ItemOffer | undefined) {
  const upcoming = item.date >= ctx.today;
  const own = item.user === ctx.me;
  const applied = item.applications.some((a) => a.membership === ctx.me && a.accepted !== false);
  const eligible = !ctx.observerOnly && ctx.maySignUp && !item.assigned && offer?.can === true;
  return {
    signIn: eligible && !ctx.mustApply,
    apply: eligible && ctx.mustApply && !applied,
    withdraw: !ctx.observerOnly && applied && !item.assigned,
    signOut: !ctx.observerOnly && own && upcoming && item.flag === null,
    cancelSignOut: !ctx.observerOnly && own && item.flag === 'signout',
  };
}

/** The roster with one item changed (or removed when `next` is null), for optimistic updates. */
export function withItem(data: RosterResponse, id: string, next: RosterItem | null): RosterResponse {
  const exists = data.items.some((i) => i.id === id);
  if (!exists && next) return { ...data, items: sortItems([...data.items, next]) };
  const items = next ? data.items.map((i) => (i.id === id ? next : i)) : data.items.filter((i) => i.id !== id);
  return { ...data, items };
}

/** The load's order: by date, then start time, items without times last (as the server sorts, nulls last). */
function sortItems(items: RosterItem[]): RosterItem[] {
  const startOf = (item: RosterItem) => item.times?.from ?? '24:00';
  return [...items].sort(
    (a, b) => a.date.localeCompare(b.date) || (startOf(a) < startOf(b) ? -1 : startOf(a) > startOf(b) ? 1 : 0),
  );
}

/** Availability types that stand against planning someone (marked in the user tab). */
export const UNAVAILABLE_TYPES = new Set(['unavailable', 'vacation', 'limited']);

/**
 * What picking a day in the release calendar does (docs/product/roster.md): past days and the release date itself
 * cannot be picked; a day up to the release date revokes from that day on; a later day releases up to it.
 */
export function releaseChoice(
  date: string,
  releasedUntil: string | null,
  today: string,
): 'release' | 'revoke' | 'blocked' {
  if (date < today || date === releasedUntil) return 'blocked';
  return releasedUntil !== null && date <= releasedUntil ? 'revoke' : 'release';
}

/** One API call that reverses part of an edit (each undo is the call that reverses one edit). */
export type UndoStep =
  | { kind: 'remove'; id: string }
  | {
      kind: 'create';
      location: string;
      date: string;
      duty: string | null;
      shift: string | null;
      times: { start: string; end: string; break: number } | null;
      user: string | null;
      tags: string[];
      notes: string | null;
    }
  | { kind: 'times'; id: string; start: string; end: string; break: number }
  | { kind: 'removeTimes'; id: string }
  | { kind: 'shift'; id: string; shift: string }
  | { kind: 'removeShift'; id: string }
  | { kind: 'duty'; id: string; duty: string }
  | { kind: 'user'; id: string; user: string }
  | { kind: 'removeUser'; id: string }
  | { kind: 'tags'; id: string; tags: string[] }
  | { kind: 'notes'; id: string; notes: string | null }
  | { kind: 'internal'; id: string; internal: string | null }
  | { kind: 'removeSick'; id: string };

const sameTimes = (a: RosterItem['times'], b: RosterItem['times']) =>
  a?.from === b?.from && a?.until === b?.until && a?.break === b?.break;

/**
 * The calls that take an item back from `after` to `before`: a created item is removed, a deleted one created
 * again, changed fields set back (times and shift first, then duty, person, tags and notes).
 */
export function undoSteps(before: RosterItem | null, after: RosterItem | null): UndoStep[] {
  if (!before && after) return [{ kind: 'remove', id: after.id }];
  if (before && !after) {
    return [
      {
        kind: 'create',
        location: before.location,
        date: before.date,
        duty: before.duty,
        shift: before.shift,
        times: before.times ? { start: before.times.from, end: before.times.until, break: before.times.break } : null,
        user: before.user,
        tags: before.tags,
        notes: before.notes,
      },
    ];
  }
  if (!before || !after) return [];
  const id = after.id;
  const steps: UndoStep[] = [];
  if (before.shift !== after.shift && before.shift) steps.push({ kind: 'shift', id, shift: before.shift });
  if (!sameTimes(before.times, after.times)) {
    if (before.times) {
      steps.push({ kind: 'times', id, start: before.times.from, end: before.times.until, break: before.times.break });
    } else if (!before.shift) steps.push({ kind: 'removeTimes', id });
  }
  if (before.shift !== after.shift && !before.shift && before.times) steps.push({ kind: 'removeShift', id });
  if (before.duty !== after.duty && before.duty) steps.push({ kind: 'duty', id, duty: before.duty });
  if (before.user !== after.user) {
    if (before.user) steps.push({ kind: 'user', id, user: before.user });
    else steps.push({ kind: 'removeUser', id });
  }
  if (before.tags.join() !== after.tags.join()) steps.push({ kind: 'tags', id, tags: before.tags });
  if (before.notes !== after.notes) steps.push({ kind: 'notes', id, notes: before.notes });
  if (before.internal !== after.internal) steps.push({ kind: 'internal', id, internal: before.internal });
  if (before.flag !== 'sick' && after.flag === 'sick') steps.push({ kind: 'removeSick', id });
  return steps;
}

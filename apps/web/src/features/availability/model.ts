import type {
  AvailabilityDefaultType,
  AvailabilityEntry,
  AvailabilityListResponse,
  AvailabilityType,
} from '@app/contracts';
import { addDays, availabilityWeekday } from '@app/domain';

/** What holds for a member on a date: an entry, a weekday default, or nothing entered. */
export interface DayState {
  type: AvailabilityType | null;
  start: string | null;
  end: string | null;
  note: string | null;
  status: AvailabilityEntry['status'];
  /** From the weekday default, not a dated entry. */
  fromDefault: boolean;
}

const NOTHING: DayState = { type: null, start: null, end: null, note: null, status: null, fromDefault: false };

type Defaults = AvailabilityListResponse['defaults'];

/** Indexes entries and defaults once, then answers a member's state on a date. */
export function stateIndex(entries: readonly AvailabilityEntry[], defaults: Defaults) {
  const byKey = new Map(entries.map((e) => [`${e.membership}|${e.date}`, e]));
  const rules = new Map(defaults.map((d) => [`${d.membership}|${d.weekday}`, d]));
  return (membership: string, date: string): DayState => {
    const entry = byKey.get(`${membership}|${date}`);
    if (entry)
      return {
        type: entry.type,
        start: entry.start,
        end: entry.end,
        note: entry.note,
        status: entry.status,
        fromDefault: false,
      };
    const rule = rules.get(`${membership}|${availabilityWeekday(date)}`);
    if (rule) return { ...NOTHING, type: rule.type, start: rule.start, end: rule.end, fromDefault: true };
    return NOTHING;
  };
}

/** The dated entry a day holds, as the availability abilities read it (a weekday default is none). */
export const dayEntry = (state: DayState | null | undefined) =>
  state?.type && !state.fromDefault ? { type: state.type, status: state.status } : null;

/** The first and last day of the month of a date. */
export function monthRange(date: string): { from: string; until: string } {
  const from = `${date.slice(0, 7)}-01`;
  const [y, m] = from.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, until: addDays(next, -1) };
}

/** Every date from one to another, both included. */
export function daysOf(from: string, until: string): string[] {
  const days: string[] = [];
  for (let d = from; d <= until; d = addDays(d, 1)) days.push(d);
  return days;
}

/** The types a person chooses on the calendar (vacation is requested on its own page). */
export const CHOOSABLE: readonly AvailabilityDefaultType[] = ['available', 'limited', 'unavailable', 'wish'];

/** One colour per type, the same on every screen. */
export const TYPE_COLORS: Record<AvailabilityType, string> = {
  available: 'teal',
  limited: 'yellow',
  unavailable: 'red',
  wish: 'violet',
  vacation: 'blue',
};

/** Whether someone counts as free that day for the planner's "who is free" view. */
export const isFree = (state: DayState) =>
  state.type === 'available' || state.type === 'limited' || state.type === 'wish';

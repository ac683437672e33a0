import { BREAK_OPTIONS, MINUTES_PER_DAY } from '@app/contracts';
import { TZDate } from '@date-fns/tz';
import { UTCDate } from '@date-fns/utc';
import {
  addDays as addCalendarDays,
  addMonths as addCalendarMonths,
  differenceInCalendarDays,
  formatISO,
} from 'date-fns';

/** Times of a roster item as the calls send them: local "HH:mm" and break minutes. */
export interface ItemTimes {
  from: string;
  until: string;
  break: number;
}

/** An interval on the time line, in epoch milliseconds, end exclusive. */
export interface Span {
  start: number;
  end: number;
}

const HHMM = /^([01]\d|2[0-3]):([0-5]\d)$/;

/** Minutes since midnight of "HH:mm", or null when it is not a valid time of day. */
export function parseHHmm(value: string): number | null {
  const m = HHMM.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

/** Minutes since midnight of an "HH:mm" a contract already validated (throws on anything else: a bug). */
export function minutesOfHHmm(hhmm: string): number {
  const m = parseHHmm(hhmm);
  if (m === null) throw new Error(`invalid time ${hhmm}`);
  return m;
}

export function formatHHmm(minutes: number): string {
  const m = ((minutes % MINUTES_PER_DAY) + MINUTES_PER_DAY) % MINUTES_PER_DAY;
  return `${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/**
 * A calendar date (YYYY-MM-DD) as a date-fns date in UTC: calendar arithmetic on it never meets a daylight-saving
 * change or the machine's time zone.
 */
export function calendarDate(date: string): UTCDate {
  const [y, mo, d] = date.split('-').map(Number);
  return new UTCDate(y, mo - 1, d);
}

/** The YYYY-MM-DD of a calendar date. */
export const isoDate = (date: Date): string => formatISO(date, { representation: 'date' });

/** Adds days to an ISO date (YYYY-MM-DD), in the calendar, not in hours. */
export function addDays(date: string, days: number): string {
  return isoDate(addCalendarDays(calendarDate(date), days));
}

/** Adds months to an ISO date; a day the target month lacks becomes its last day (31 January + 1 → 28 February). */
export function addMonths(date: string, months: number): string {
  return isoDate(addCalendarMonths(calendarDate(date), months));
}

/** Calendar days from one ISO date to another (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return differenceInCalendarDays(calendarDate(to), calendarDate(from));
}

// Instants already computed: a zone's offset is read through Intl, which costs microseconds a call, and a month's
// roster asks for the same few dates and times thousands of times. Bounded: cleared when it grows large.
const instants = new Map<string, number>();
const MAX_CACHED_INSTANTS = 100_000;

/** The instant of a local date and minute of day in a time zone (a time in a DST gap moves forward). */
export function instantOf(date: string, minutes: number, timeZone: string): number {
  const key = `${timeZone} ${date} ${minutes}`;
  const known = instants.get(key);
  if (known !== undefined) return known;
  const [y, mo, d] = date.split('-').map(Number);
  const instant = new TZDate(y, mo - 1, d, Math.floor(minutes / 60), minutes % 60, timeZone).getTime();
  if (instants.size >= MAX_CACHED_INSTANTS) instants.clear();
  instants.set(key, instant);
  return instant;
}

/** Whether an item runs past midnight: its end is not after its start. */
export const isOvernight = (fromMinutes: number, untilMinutes: number) => untilMinutes <= fromMinutes;

/**
 * The span of an item on the time line. An item whose end is not after its start ends the next day; the span is
 * computed on instants, so a night across a daylight-saving change has its real length.
 */
export function itemSpan(date: string, fromMinutes: number, untilMinutes: number, timeZone: string): Span {
  const endDate = isOvernight(fromMinutes, untilMinutes) ? addDays(date, 1) : date;
  return { start: instantOf(date, fromMinutes, timeZone), end: instantOf(endDate, untilMinutes, timeZone) };
}

/** The whole local day of a date, for items without times. */
export function daySpan(date: string, timeZone: string): Span {
  return { start: instantOf(date, 0, timeZone), end: instantOf(addDays(date, 1), 0, timeZone) };
}

/** Worked minutes of an item: its span less the break. */
export function workedMinutes(span: Span, breakMinutes: number): number {
  return Math.round((span.end - span.start) / 60_000) - breakMinutes;
}

export const overlaps = (a: Span, b: Span) => a.start < b.end && b.start < a.end;

export type TimesProblem = 'ERR_TIMES' | 'ERR_EQUAL' | 'ERR_NEGATIVE' | 'ERR_BREAK';

/**
 * The times rule of docs/product/roster.md: both or neither, start and end differ, the duration less the break is not
 * negative, the break is one of the options.
 */
export function timesProblem(
  input: { from?: string | null; until?: string | null; break?: number | null },
  date: string,
  timeZone: string,
): TimesProblem | null {
  const hasFrom = input.from != null && input.from !== '';
  const hasUntil = input.until != null && input.until !== '';
  if (hasFrom !== hasUntil) return 'ERR_TIMES';
  if (!hasFrom) return null;
  const from = parseHHmm(input.from as string);
  const until = parseHHmm(input.until as string);
  if (from === null || until === null) return 'ERR_TIMES';
  if (from === until) return 'ERR_EQUAL';
  const brk = input.break ?? 0;
  if (!(BREAK_OPTIONS as readonly number[]).includes(brk)) return 'ERR_BREAK';
  if (workedMinutes(itemSpan(date, from, until, timeZone), brk) < 0) return 'ERR_NEGATIVE';
  return null;
}

/**
 * Rest after a duty: the earlier item's duty asks for `restHours` free after its end. Answers whether the later
 * item starts inside that rest period.
 */
export function breaksRest(earlier: Span, earlierRestHours: number, later: Span): boolean {
  if (earlierRestHours <= 0 || later.start < earlier.end) return false;
  return later.start < earlier.end + earlierRestHours * 3_600_000;
}

/** Whether placing `item` next to `other` (of the same person) breaks either one's rest period. */
export function restConflict(item: Span, itemRestHours: number, other: Span, otherRestHours: number): boolean {
  return breaksRest(other, otherRestHours, item) || breaksRest(item, itemRestHours, other);
}

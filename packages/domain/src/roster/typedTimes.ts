import { BREAK_OPTIONS } from '@app/contracts';
import { formatHHmm } from './time';

/**
 * Times typed into the toolbox (docs/product/roster.md, "Typed times"): "10-18:30", "9–17", "22-6" (overnight),
 * "9.30-17", "0930-1700". Hours alone, or hours and minutes separated by ":", "." or "h", or four digits; the two
 * times separated by "-", "–", "—" or "to"/"bis"/"tot"/"do" between spaces. An end not after the start runs
 * overnight, as every item does.
 */
export type TypedTimesReason = 'empty' | 'format' | 'hour' | 'minute' | 'equal';

export type TypedTimes =
  | { ok: true; from: string; until: string; overnight: boolean }
  | { ok: false; reason: TypedTimesReason };

const SEPARATOR = /\s*(?:-|–|—|\s(?:to|bis|tot|do)\s)\s*/i;
const TIME = /^(\d{1,2})(?:[:.h](\d{2}))?$|^(\d{2})(\d{2})$/i;

function parseTime(text: string): { minutes: number } | { reason: TypedTimesReason } {
  const m = TIME.exec(text.trim());
  if (!m) return { reason: 'format' };
  const hour = Number(m[1] ?? m[3]);
  const minute = Number(m[2] ?? m[4] ?? 0);
  if (hour > 23) return { reason: 'hour' };
  if (minute > 59) return { reason: 'minute' };
  return { minutes: hour * 60 + minute };
}

/** Reads a typed span of times; an unreadable one answers why (for the message under the field). */
export function parseTypedTimes(input: string): TypedTimes {
  const text = input.trim();
  if (!text) return { ok: false, reason: 'empty' };
  const parts = text.split(SEPARATOR);
  if (parts.length !== 2 || !parts[0] || !parts[1]) return { ok: false, reason: 'format' };
  const from = parseTime(parts[0]);
  if ('reason' in from) return { ok: false, reason: from.reason };
  const until = parseTime(parts[1]);
  if ('reason' in until) return { ok: false, reason: until.reason };
  if (from.minutes === until.minutes) return { ok: false, reason: 'equal' };
  return {
    ok: true,
    from: formatHHmm(from.minutes),
    until: formatHHmm(until.minutes),
    overnight: until.minutes < from.minutes,
  };
}

/** How times read back in the field: "10:00-18:30". */
export const typedTimesText = (from: string, until: string) => `${from}-${until}`;

/** The account's break rule: the break after more than 6 and more than 9 hours (account settings). */
export interface BreakRule {
  breakAfterSixHours: number;
  breakAfterNineHours: number;
}

/** The working-time law the product follows unless the account sets its own rule. */
export const DEFAULT_BREAK_RULE: BreakRule = { breakAfterSixHours: 30, breakAfterNineHours: 45 };

/**
 * The break a new span of times starts with: the shift's own break when the item has a shift; otherwise the
 * account's break rule (by default more than 6 hours: 30 minutes; more than 9: 45), as one of the break options.
 */
export function defaultBreak(
  spanMinutes: number,
  shiftBreak: number | null | undefined,
  rule: BreakRule = DEFAULT_BREAK_RULE,
): number {
  if (shiftBreak !== null && shiftBreak !== undefined) return shiftBreak;
  const minutes = spanMinutes > 9 * 60 ? rule.breakAfterNineHours : spanMinutes > 6 * 60 ? rule.breakAfterSixHours : 0;
  return (BREAK_OPTIONS as readonly number[]).includes(minutes) ? minutes : 0;
}

/** Minutes between two "HH:mm" times, overnight when the end is not after the start. */
export function spanOfTimes(from: string, until: string): number {
  const [fh, fm] = from.split(':').map(Number);
  const [uh, um] = until.split(':').map(Number);
  const a = fh * 60 + fm;
  const b = uh * 60 + um;
  return b > a ? b - a : b + 1440 - a;
}

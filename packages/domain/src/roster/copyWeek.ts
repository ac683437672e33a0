import type { CopyWeekSkip, UnavailablePolicy } from '@app/contracts';
import type { AvailabilityState } from './availability';
import { leftOutReason } from './picker';
import type { PlacedItem } from './placement';
import { addDays, daysBetween } from './time';

/** An item of the roster as copying reads it. */
export interface CopySource {
  id: string;
  date: string;
  membershipId: string | null;
  dutyId: string | null;
  shiftId: string | null;
  fromMinutes: number | null;
  untilMinutes: number | null;
  breakMinutes: number;
  tagIds: readonly string[];
}

/** What the rules know of one person for the week copied into. */
export interface CopyMember {
  duties: ReadonlySet<string>;
  tags: ReadonlySet<string>;
  /** Reported sick on the date. */
  sick: (date: string) => boolean;
  /** Their effective availability on the date (entry, else weekday default). */
  availability: (date: string) => AvailabilityState | null;
  /** Their items (at any planning) from the day before the week to the day after it, placed. */
  others: readonly PlacedItem[];
}

export interface CopyWeekInput {
  /** The items of the week copied from. */
  sources: readonly CopySource[];
  /** The first day of the week copied into; the sources move by the days between their week and it. */
  into: string;
  /** The first day of the week copied from. */
  from: string;
  /** The items already in the week copied into (of the same planning). */
  existing: readonly CopySource[];
  /** Why a day takes no copy (past, released, closed, billed, holiday), or null. */
  dayRefusal: (date: string) => CopyWeekSkip | null;
  /** The person's facts, or null when they are no longer an active member of the planning. */
  member: (membershipId: string) => CopyMember | null;
  /** The item placed (its instants and rest hours), for the placement rules. */
  place: (item: CopySource) => PlacedItem;
  policy: UnavailablePolicy;
  timeZone: string;
}

export interface CopyWeekPlan {
  create: { source: CopySource; date: string }[];
  skip: { source: CopySource; date: string; reason: CopyWeekSkip }[];
}

/** The same duty at the same times for the same person (or open): copying it again would double it. */
const sameDuty = (a: CopySource, b: CopySource) =>
  a.membershipId === b.membershipId &&
  a.dutyId === b.dutyId &&
  a.shiftId === b.shiftId &&
  a.fromMinutes === b.fromMinutes &&
  a.untilMinutes === b.untilMinutes;

/**
 * Copying last week into this one (docs/product/roster.md, "Copy last week"): each item of the week before lands on
 * the same weekday, with its person, duty, shift, times, break and tags, unless
 *
 * - its day takes no copy (the first that holds of past, released, closed, billed, a holiday);
 * - the week already has it (same person or open, duty, shift and times: copying twice does not double it);
 * - its person is no longer an active member of the planning;
 * - its person may not take it now, for the person picker's reason (`leftOutReason`: on vacation, sick, unavailable,
 *   limited, lacks the duty or a tag, overlaps one of their duties, would break the rest period), the copies made
 *   before it counting as their duties.
 *
 * Open duties skip only for their day and for being there already.
 */
export function planCopyWeek(input: CopyWeekInput): CopyWeekPlan {
  const shift = daysBetween(input.from, input.into);
  const plan: CopyWeekPlan = { create: [], skip: [] };
  const unmatched = [...input.existing];
  const made = new Map<string, PlacedItem[]>();
  const sources = [...input.sources].sort(
    (a, b) => a.date.localeCompare(b.date) || (a.fromMinutes ?? -1) - (b.fromMinutes ?? -1),
  );
  for (const source of sources) {
    const date = addDays(source.date, shift);
    const moved: CopySource = { ...source, id: `copy-${source.id}`, date };
    const skip = (reason: CopyWeekSkip) => plan.skip.push({ source, date, reason });
    const day = input.dayRefusal(date);
    if (day) {
      skip(day);
      continue;
    }
    const twin = unmatched.findIndex((e) => e.date === date && sameDuty(e, moved));
    if (twin >= 0) {
      unmatched.splice(twin, 1);
      skip('exists');
      continue;
    }
    if (source.membershipId) {
      const member = input.member(source.membershipId);
      if (!member) {
        skip('inactive');
        continue;
      }
      const placed = input.place(moved);
      const reason = leftOutReason({
        item: {
          ...placed,
          fromMinutes: moved.fromMinutes,
          untilMinutes: moved.untilMinutes,
          dutyId: moved.dutyId,
          tagIds: moved.tagIds,
        },
        duties: member.duties,
        tags: member.tags,
        sick: member.sick(date),
        availability: member.availability(date),
        others: [...member.others, ...(made.get(source.membershipId) ?? [])],
        policy: input.policy,
        timeZone: input.timeZone,
      });
      if (reason) {
        skip(reason);
        continue;
      }
      made.set(source.membershipId, [...(made.get(source.membershipId) ?? []), placed]);
    }
    plan.create.push({ source, date });
  }
  return plan;
}

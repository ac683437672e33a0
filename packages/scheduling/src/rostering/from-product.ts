import { forbiddenSuccessions, type PersonLimits, type ShiftKind, type Wish } from '@app/domain';
import { OFF, type Roster, type RosterInstance } from './instance';

/** A period to roster in the product's terms (packages/domain's contract rules), for auto-roster. */
export interface ProductRoster {
  name: string;
  days: number;
  /** The weekday of day 0, 0 = Monday. */
  firstWeekday: number;
  kinds: (ShiftKind & { id: string })[];
  people: { id: string; limits: PersonLimits; wishes: Wish[] }[];
  covers: { day: number; shift: number; requirement: number; underWeight: number; overWeight: number }[];
}

/**
 * The solver's instance of a product period. The solver's horizon starts on a Monday, so a period starting later in
 * the week is preceded by `lead` days everyone has off (no cover); a roster of the instance read back with
 * `productPlanOf` keeps every contract rule of packages/domain (the lead only makes the minimum run lengths at the
 * period's start stricter).
 */
export function rosterInstanceOf(p: ProductRoster): { instance: RosterInstance; lead: number } {
  const lead = ((p.firstWeekday % 7) + 7) % 7;
  const notFollowedBy = forbiddenSuccessions(p.kinds);
  const leadDays = Array.from({ length: lead }, (_, d) => d);
  // A rule the contract leaves open is the loosest the horizon allows (the solver sizes its tables by the limits).
  const days = lead + p.days;
  const longest = Math.max(0, ...p.kinds.map((k) => k.minutes));
  const instance: RosterInstance = {
    name: p.name,
    days,
    shifts: p.kinds.map((k, i) => ({ id: k.id, minutes: k.minutes, notFollowedBy: notFollowedBy[i] })),
    people: p.people.map(({ id, limits: l }) => ({
      id,
      maxShifts: p.kinds.map((_, s) => Math.min(days, l.maxShifts[s] ?? days)),
      maxTotalMinutes: Math.min(days * longest, l.maxMinutes ?? days * longest),
      minTotalMinutes: l.minMinutes,
      maxConsecutiveShifts: Math.min(days, l.maxConsecutiveDays ?? days),
      minConsecutiveShifts: l.minConsecutiveDays ?? 1,
      minConsecutiveDaysOff: l.minConsecutiveDaysOff ?? 1,
      maxWeekends: Math.min(Math.ceil(days / 7), l.maxWeekends ?? days),
      daysOff: [...leadDays, ...l.daysOff.filter((d) => d >= 0 && d < p.days).map((d) => d + lead)],
    })),
    onRequests: p.people.flatMap((person, e) =>
      person.wishes
        .filter((w) => w.on)
        .map((w) => ({ person: e, day: w.day + lead, shift: w.shift, weight: w.weight })),
    ),
    offRequests: p.people.flatMap((person, e) =>
      person.wishes
        .filter((w) => !w.on)
        .map((w) => ({ person: e, day: w.day + lead, shift: w.shift, weight: w.weight })),
    ),
    covers: [
      ...leadDays.flatMap((day) =>
        p.kinds.map((_, shift) => ({ day, shift, requirement: 0, underWeight: 0, overWeight: 0 })),
      ),
      ...p.covers.map((c) => ({ ...c, day: c.day + lead })),
    ],
  };
  return { instance, lead };
}

/** A solver roster read back as each person's plan of the product period (null: a day off). */
export function productPlanOf(roster: Roster, lead: number): (number | null)[][] {
  return roster.map((row) => row.slice(lead).map((s) => (s === OFF ? null : s)));
}

/** The solver's roster of product plans (for checks and starting points). */
export function rosterOfPlans(plans: readonly (readonly (number | null)[])[], lead: number): Roster {
  return plans.map((plan) => [...new Array<number>(lead).fill(OFF), ...plan.map((s) => (s === null ? OFF : s))]);
}

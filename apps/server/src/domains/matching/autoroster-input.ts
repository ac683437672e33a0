import { AUTOROSTER_MAX_PEOPLE } from '@app/contracts';
import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  availabilityVerdict,
  daysBetween,
  effectiveAvailability,
  type PersonLimits,
  personLimitsOf,
  type Wish,
  weekdayOf,
} from '@app/domain';
import type { ProductRoster } from '@app/scheduling';
import { and, between, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  availability,
  availabilityDefaults,
  duties,
  membershipDuties,
  membershipLocations,
  memberships,
  rosterItems,
  shifts,
} from '../../db/schema';
import type { accountSettings } from '../../platform/account-settings';
import { fieldError } from '../../platform/errors';
import { runningContracts } from '../../platform/running-contracts';
import { needsOf } from '../staffing/service';

type Settings = ReturnType<typeof accountSettings>;

/**
 * Weights of what people tell in their availability (docs/product/autoroster.md): a wish to work, an "unavailable"
 * the account allows to plan over, and what the roster would warn about (limited times not kept, unavailable under
 * the warn policy) which auto-roster avoids unless nobody else can. A duty someone already holds is kept (weight far
 * above anything else) unless the planner allows moves; then it is a slight preference.
 */
export const WEIGHTS = { wish: 5, unavailable: 10, warned: 1000, keep: 100_000, stay: 1 } as const;

/** A kind of shift the period is staffed with: a planning's shift, with the duty its needs name. */
export interface KindMeta {
  location: string;
  shiftId: string;
  dutyId: string | null;
}

/** Someone's existing item in the range that matches a kind: kept (or moved when allowed). */
export interface Holding {
  person: number;
  day: number;
  kind: number;
  item: string;
}

export interface AutoRosterInput {
  product: ProductRoster;
  dates: string[];
  kinds: KindMeta[];
  /** Per person: membership id, the contract's minutes for the range (null without one), eligibility per kind. */
  people: { id: string; contractMinutes: number | null; eligible: boolean[] }[];
  /** The real wishes per person (the holdings' preferences left out). */
  wishes: Wish[][];
  holdings: Holding[];
  /** Open items per day and kind, to fill before new ones are made. */
  openItems: Map<string, string[]>;
}

export const slotKey = (day: number, kind: number) => `${day}|${kind}`;

/**
 * Gathers auto-roster's period (docs/product/autoroster.md): the plannings' staffing needs as shift kinds and cover
 * per day, their active members with what each may work, limits from their running contracts, fixed days off
 * (approved vacation, unavailability the account refuses to plan over, items elsewhere that day), wishes, and the
 * duties they already hold in the range.
 */
export async function autoRosterInput(
  db: DbOrTx,
  accountId: string,
  settings: Settings,
  locationIds: string[],
  range: { from: string; until: string; allowMoves: boolean },
): Promise<AutoRosterInput> {
  const { from, until } = range;
  const days = daysBetween(from, until) + 1;
  const dates = Array.from({ length: days }, (_, d) => addDays(from, d));
  const firstWeekday = weekdayOf(from);

  const needs = await needsOf(db, locationIds);
  if (needs.length === 0) throw fieldError({ locations: ['validation.autorosterNoNeeds'] });
  const [shiftRows, dutyRows] = await Promise.all([
    db.select().from(shifts).where(eq(shifts.accountId, accountId)),
    db.select({ id: duties.id, restHours: duties.restHours }).from(duties).where(eq(duties.accountId, accountId)),
  ]);
  const shiftOf = new Map(shiftRows.map((s) => [s.id, s]));
  const rest = new Map(dutyRows.map((d) => [d.id, d.restHours]));

  const kinds: KindMeta[] = [];
  const kindIndex = new Map<string, number>();
  const keyOf = (location: string, shiftId: string | null, dutyId: string | null) =>
    `${location}|${shiftId ?? ''}|${dutyId ?? ''}`;
  for (const n of needs) {
    const key = keyOf(n.locationId, n.shiftId, n.dutyId);
    if (kindIndex.has(key) || !shiftOf.get(n.shiftId) || shiftOf.get(n.shiftId)?.trashed) continue;
    kindIndex.set(key, kinds.length);
    kinds.push({ location: n.locationId, shiftId: n.shiftId, dutyId: n.dutyId });
  }
  const shiftKinds = kinds.map((k, i) => {
    const s = shiftOf.get(k.shiftId);
    if (!s) throw new Error(`shift ${k.shiftId} of kind ${i} is gone`);
    const length = s.endMinutes > s.startMinutes ? s.endMinutes - s.startMinutes : s.endMinutes + 1440 - s.startMinutes;
    return {
      id: keyOf(k.location, k.shiftId, k.dutyId),
      minutes: Math.max(0, length - s.breakMinutes),
      startMinutes: s.startMinutes,
      endMinutes: s.endMinutes,
      restHours: k.dutyId ? (rest.get(k.dutyId) ?? 0) : 0,
    };
  });
  // Every day has a line per kind: a weekday without a need for it wants nobody, and each person on it costs the
  // kind's weight of one too many.
  const overOf = kinds.map((_, k) =>
    Math.max(
      1,
      ...needs.filter((n) => kindIndex.get(keyOf(n.locationId, n.shiftId, n.dutyId)) === k).map((n) => n.overWeight),
    ),
  );
  const covers = dates.flatMap((_, day) =>
    kinds.map((_, kind) => {
      const n = needs.find(
        (x) =>
          x.weekday === (firstWeekday + day) % 7 && kindIndex.get(keyOf(x.locationId, x.shiftId, x.dutyId)) === kind,
      );
      return n
        ? { day, shift: kind, requirement: n.count, underWeight: n.underWeight, overWeight: n.overWeight }
        : { day, shift: kind, requirement: 0, underWeight: 0, overWeight: overOf[kind] };
    }),
  );
  const demand = covers.reduce((sum, c) => sum + c.requirement * shiftKinds[c.shift].minutes, 0);
  const longest = Math.max(0, ...shiftKinds.map((k) => k.minutes));

  const memberRows = await db
    .selectDistinct({ id: memberships.id })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.status, 'active'),
        inArray(membershipLocations.locationId, locationIds),
      ),
    );
  if (memberRows.length > AUTOROSTER_MAX_PEOPLE) throw fieldError({ locations: ['validation.autorosterTooMany'] });
  const ids = memberRows.map((m) => m.id).sort();
  const none = Promise.resolve([]);
  const [locationLinks, dutyLinks, entries, defaults, items, contracts] = await Promise.all([
    ids.length ? db.select().from(membershipLocations).where(inArray(membershipLocations.membershipId, ids)) : none,
    ids.length ? db.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, ids)) : none,
    ids.length
      ? db
          .select()
          .from(availability)
          .where(and(inArray(availability.membershipId, ids), between(availability.date, from, until)))
      : none,
    ids.length ? db.select().from(availabilityDefaults).where(inArray(availabilityDefaults.membershipId, ids)) : none,
    db
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.accountId, accountId), between(rosterItems.date, from, until))),
    runningContracts(db, accountId, ids, from),
  ]);
  const person = new Map(ids.map((id, e) => [id, e]));

  const holdings: Holding[] = [];
  const openItems = new Map<string, string[]>();
  const busy = ids.map(() => new Set<number>());
  for (const item of items) {
    const day = daysBetween(from, item.date);
    const kind = kindIndex.get(keyOf(item.locationId, item.shiftId, item.dutyId));
    if (!item.membershipId) {
      if (kind !== undefined)
        openItems.set(slotKey(day, kind), [...(openItems.get(slotKey(day, kind)) ?? []), item.id]);
      continue;
    }
    const e = person.get(item.membershipId);
    if (e === undefined) continue;
    if (kind !== undefined && !holdings.some((h) => h.person === e && h.day === day)) {
      holdings.push({ person: e, day, kind, item: item.id });
    } else busy[e].add(day);
  }

  const people = ids.map((id) => {
    const plannings = new Set(locationLinks.filter((l) => l.membershipId === id).map((l) => l.locationId));
    const held = new Set(dutyLinks.filter((l) => l.membershipId === id).map((l) => l.dutyId));
    const eligible = kinds.map((k) => plannings.has(k.location) && (k.dutyId === null || held.has(k.dutyId)));
    return { id, eligible };
  });

  const contractTotal = ids.reduce((sum, id) => sum + (contracts.get(id)?.weeklyMinutes ?? 0), 0);
  const wishes: Wish[][] = [];
  const productPeople = people.map(({ id, eligible }, e) => {
    const rules = defaults.filter((d) => d.membershipId === id) as AvailabilityDefaultRule[];
    const own: Wish[] = [];
    const daysOff = new Set(busy[e]);
    dates.forEach((date, day) => {
      const entry = entries.find((x) => x.membershipId === id && x.date === date) as AvailabilityState | undefined;
      const state = effectiveAvailability(entry ?? null, rules, date);
      if (!state) return;
      if (state.type === 'vacation' && state.status === 'approved') {
        daysOff.add(day);
        return;
      }
      const verdicts = shiftKinds.map((k) =>
        availabilityVerdict(
          state,
          { date, fromMinutes: k.startMinutes, untilMinutes: k.endMinutes },
          settings.unavailablePolicy,
        ),
      );
      if (verdicts.every((v) => v === 'ERR_UNAVAILABLE_DENY')) {
        daysOff.add(day);
        return;
      }
      verdicts.forEach((v, shift) => {
        if (v)
          own.push({ day, shift, on: false, weight: v === 'ERR_UNAVAILABLE_DENY' ? WEIGHTS.keep : WEIGHTS.warned });
        else if (state.type === 'unavailable') own.push({ day, shift, on: false, weight: WEIGHTS.unavailable });
      });
      if (state.type === 'wish') {
        // The wish names no shift: the one most needed that day that the person may work.
        const wanted = covers
          .filter((c) => c.day === day && eligible[c.shift] && !verdicts[c.shift])
          .sort((a, b) => b.requirement - a.requirement)[0];
        if (wanted) own.push({ day, shift: wanted.shift, on: true, weight: WEIGHTS.wish });
      }
    });
    wishes.push(own);
    const contract = contracts.get(id) ?? null;
    const limits: PersonLimits = personLimitsOf(contract, {
      days,
      shiftIds: kinds.map((k) => k.shiftId),
      daysOff: [...daysOff].sort((a, b) => a - b),
      daysPerWeek: contract?.daysPerWeek,
    });
    // Minimum hours never make auto-roster staff beyond the needs: each person's minimum is at most their share of
    // the period's needed hours (by contract hours), less one shift.
    const share = contractTotal > 0 && contract ? (demand * contract.weeklyMinutes) / contractTotal - longest : 0;
    limits.minMinutes = Math.max(0, Math.min(limits.minMinutes, Math.floor(share)));
    const keeps = holdings
      .filter((h) => h.person === e)
      .map((h) => ({ day: h.day, shift: h.kind, on: true, weight: range.allowMoves ? WEIGHTS.stay : WEIGHTS.keep }));
    // A duty the person already holds stays possible for them even where they would not be picked for it now.
    const holds = new Set(holdings.filter((h) => h.person === e).map((h) => h.kind));
    return {
      id,
      limits: { ...limits, maxShifts: limits.maxShifts.map((n, k) => (eligible[k] || holds.has(k) ? n : 0)) },
      wishes: [...own, ...keeps],
    };
  });

  return {
    product: { name: 'auto-roster', days, firstWeekday, kinds: shiftKinds, people: productPeople, covers },
    dates,
    kinds,
    people: people.map((p) => {
      const c = contracts.get(p.id);
      return { ...p, contractMinutes: c && c.weeklyMinutes > 0 ? Math.round((c.weeklyMinutes * days) / 7) : null };
    }),
    wishes,
    holdings,
    openItems,
  };
}

import type { AvailabilityDefaultRule, AvailabilityState } from '@app/domain';
import { addDays, itemSpan, type PlacedItem, placementProblem, weekdayOf } from '@app/domain';
import { rng } from './random';
import type { Candidate, CandidateContract, ExistingItem, MatchingInput, MatchingPolicies, OpenItem } from './types';

/** Parameters of a generated instance. */
export interface GeneratorParams {
  employees: number;
  days: number;
  locations: number;
  /** Open items per location and day, drawn evenly from [min, max]. */
  itemsPerLocationDay: [number, number];
  /** First day of the period (a Monday keeps whole weeks). */
  startDate: string;
  timeZone: string;
  policies: MatchingPolicies;
  /** Chance that a member already has an item on a given day (existing roster). */
  existingPerDay: number;
  /** Chance that an open item has applicants (one to three members of its planning). */
  applicantShare: number;
  /** The first location is released (published) for this many days from the start (0: none). */
  releasedDays: number;
}

export type InstanceSize = 'SMALL' | 'LARGE' | 'XL';

const BASE: Omit<GeneratorParams, 'employees' | 'days' | 'locations' | 'itemsPerLocationDay'> = {
  // Four weeks from this Monday cross the change to summer time in Europe/Berlin (29 March 2026).
  startDate: '2026-03-16',
  timeZone: 'Europe/Berlin',
  policies: { unavailablePolicy: 'warn', employeesMustApply: false, maxItemsPerDay: 1 },
  existingPerDay: 0.1,
  applicantShare: 0.25,
  releasedDays: 2,
};

/** The sizes of the issue: SMALL 15 people and 14 days; LARGE 50, 28 days, 7 plannings; XL 200, 28 days. */
export const SIZES: Record<InstanceSize, GeneratorParams> = {
  SMALL: { ...BASE, startDate: '2026-03-23', employees: 15, days: 14, locations: 2, itemsPerLocationDay: [3, 5] },
  LARGE: { ...BASE, employees: 50, days: 28, locations: 7, itemsPerLocationDay: [3, 5] },
  XL: { ...BASE, employees: 200, days: 28, locations: 28, itemsPerLocationDay: [3, 5] },
};

interface ShiftDef {
  id: string | null;
  from: number | null;
  until: number | null;
  break: number;
  weight: number;
}

const SHIFTS: ShiftDef[] = [
  { id: 'shift-F', from: 6 * 60, until: 14 * 60, break: 30, weight: 3 },
  { id: 'shift-M', from: 10 * 60, until: 18 * 60, break: 30, weight: 2 },
  { id: 'shift-S', from: 14 * 60, until: 22 * 60, break: 30, weight: 3 },
  { id: 'shift-N', from: 22 * 60, until: 6 * 60, break: 45, weight: 1 },
  // A short evening without a shift, and (rarely) an item without times.
  { id: null, from: 17 * 60, until: 21 * 60, break: 0, weight: 1 },
  { id: null, from: null, until: null, break: 0, weight: 0.15 },
];

const DUTIES = [
  { id: 'duty-service', restHours: 11, weight: 4 },
  { id: 'duty-kitchen', restHours: 11, weight: 3 },
  { id: 'duty-bar', restHours: 8, weight: 2 },
  { id: 'duty-cashier', restHours: 0, weight: 2 },
  { id: 'duty-cleaning', restHours: 8, weight: 1 },
  { id: 'duty-lead', restHours: 11, weight: 1 },
];

const TAGS = ['tag-first-aid', 'tag-forklift', 'tag-senior'];

const LIMITED_WINDOWS: [number, number][] = [
  [8 * 60, 16 * 60],
  [12 * 60, 23 * 60],
  [6 * 60, 15 * 60],
];

/** A reproducible instance: the same size (or parameters) and seed give the same input. */
export function generateInstance(size: InstanceSize | GeneratorParams, seed: number): MatchingInput {
  const params = typeof size === 'string' ? SIZES[size] : size;
  const random = rng(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const pickWeighted = <T extends { weight: number }>(list: readonly T[]): T => {
    const total = list.reduce((s, x) => s + x.weight, 0);
    let r = random() * total;
    for (const x of list) {
      r -= x.weight;
      if (r < 0) return x;
    }
    return list[list.length - 1];
  };
  const chance = (p: number) => random() < p;
  const between = (lo: number, hi: number) => lo + Math.floor(random() * (hi - lo + 1));

  const tz = params.timeZone;
  const dates = Array.from({ length: params.days }, (_, k) => addDays(params.startDate, k));
  const locations = Array.from({ length: params.locations }, (_, k) => ({
    id: `loc-${k + 1}`,
    releasedUntil: k === 0 && params.releasedDays > 0 ? addDays(params.startDate, params.releasedDays - 1) : null,
  }));

  const candidates: Candidate[] = [];
  for (let k = 0; k < params.employees; k++) {
    const home = locations[k % locations.length].id;
    const locationIds = [home];
    for (const extra of [0.5, 0.15]) {
      if (chance(extra) && locations.length > locationIds.length) {
        const other = pick(locations.filter((l) => !locationIds.includes(l.id)));
        locationIds.push(other.id);
      }
    }
    const dutyIds = [pickWeighted(DUTIES).id];
    for (const extra of [0.5, 0.2]) {
      if (chance(extra)) {
        const d = pickWeighted(DUTIES).id;
        if (!dutyIds.includes(d)) dutyIds.push(d);
      }
    }
    const tagIds = TAGS.filter(() => chance(0.3));
    const kind = pickWeighted([
      { kind: 'full' as const, weight: 0.35 },
      { kind: 'part' as const, weight: 0.4 },
      { kind: 'flex' as const, weight: 0.25 },
    ]).kind;
    let contract: CandidateContract;
    if (kind === 'full') contract = { kind, hoursPerWeek: between(38, 40), maxHoursPerWeek: 48 };
    else if (kind === 'part') {
      const hours = between(16, 30);
      contract = { kind, hoursPerWeek: hours, maxHoursPerWeek: hours + 8 };
    } else contract = { kind, hoursPerWeek: null, maxHoursPerWeek: 20 };

    const availabilityDefaults: AvailabilityDefaultRule[] = [];
    if (chance(0.5)) {
      availabilityDefaults.push({ weekday: between(0, 6), type: 'unavailable', startMinutes: null, endMinutes: null });
    }
    if (chance(0.3)) {
      const weekday = between(0, 6);
      if (!availabilityDefaults.some((d) => d.weekday === weekday)) {
        const [startMinutes, endMinutes] = pick(LIMITED_WINDOWS);
        availabilityDefaults.push({ weekday, type: 'limited', startMinutes, endMinutes });
      }
    }
    const availability: AvailabilityState[] = [];
    const entry = (date: string, e: Omit<AvailabilityState, 'date'>) => {
      if (!availability.some((a) => a.date === date)) availability.push({ date, ...e });
    };
    if (chance(0.2)) {
      const from = between(0, params.days - 1);
      const status = pickWeighted([
        { s: 'approved' as const, weight: 0.7 },
        { s: 'requested' as const, weight: 0.2 },
        { s: 'denied' as const, weight: 0.1 },
      ]).s;
      for (let d = from; d < Math.min(params.days, from + between(3, 7)); d++) {
        entry(dates[d], { type: 'vacation', startMinutes: null, endMinutes: null, status });
      }
    }
    for (const date of dates) {
      const r = random();
      if (r < 0.03) entry(date, { type: 'unavailable', startMinutes: null, endMinutes: null, status: null });
      else if (r < 0.11) entry(date, { type: 'wish', startMinutes: null, endMinutes: null, status: null });
      else if (r < 0.14) {
        const [startMinutes, endMinutes] = pick(LIMITED_WINDOWS);
        entry(date, { type: 'limited', startMinutes, endMinutes, status: null });
      } else if (r < 0.19) entry(date, { type: 'available', startMinutes: null, endMinutes: null, status: null });
    }

    // The roster they already have: the day before the period too (its rest reaches into the first day).
    const existingItems: ExistingItem[] = [];
    const placed: PlacedItem[] = [];
    for (const date of [addDays(params.startDate, -1), ...dates]) {
      if (!chance(params.existingPerDay)) continue;
      const shift = pickWeighted(SHIFTS.filter((s) => s.from !== null));
      const duty = DUTIES.find((d) => d.id === dutyIds[0])!;
      const e: ExistingItem = {
        id: `existing-${k + 1}-${date}`,
        date,
        fromMinutes: shift.from,
        untilMinutes: shift.until,
        breakMinutes: shift.break,
        shiftId: shift.id,
        restHours: duty.restHours,
      };
      const p: PlacedItem = {
        id: e.id,
        date,
        span: itemSpan(date, shift.from!, shift.until!, tz),
        shiftId: e.shiftId,
        restHours: e.restHours,
      };
      if (placementProblem(p, placed, tz)) continue;
      placed.push(p);
      existingItems.push(e);
    }

    candidates.push({
      id: `member-${String(k + 1).padStart(3, '0')}`,
      dutyIds,
      tagIds,
      locationIds,
      availability,
      availabilityDefaults,
      contract,
      existingItems,
      hourlyRateCents: chance(0.1) ? null : between(14, 30) * 100,
    });
  }

  const items: OpenItem[] = [];
  for (const location of locations) {
    const staff = candidates.filter((c) => c.locationIds.includes(location.id));
    for (const date of dates) {
      const weekend = weekdayOf(date) >= 5;
      const [lo, hi] = params.itemsPerLocationDay;
      const count = between(lo, hi) + (weekend && chance(0.5) ? 1 : 0);
      for (let n = 0; n < count; n++) {
        const shift = pickWeighted(SHIFTS);
        // Mostly duties the planning's people hold, sometimes one nobody there holds.
        const held = staff.length > 0 && chance(0.95) ? pick(pick(staff).dutyIds) : null;
        const duty = DUTIES.find((d) => d.id === held) ?? pickWeighted(DUTIES);
        const applicants = chance(params.applicantShare)
          ? [...new Set(Array.from({ length: between(1, 3) }, () => pick(staff)?.id).filter((id) => id !== undefined))]
          : [];
        items.push({
          id: `item-${location.id}-${date}-${n + 1}`,
          locationId: location.id,
          date,
          fromMinutes: shift.from,
          untilMinutes: shift.until,
          breakMinutes: shift.break,
          shiftId: shift.id,
          restHours: duty.restHours,
          dutyId: duty.id,
          tagIds: chance(0.15) ? [pick(TAGS)] : [],
          applicantIds: applicants,
        });
      }
    }
  }

  return {
    timeZone: tz,
    weekStartsOn: 'monday',
    policies: { ...params.policies },
    locations,
    items,
    candidates,
  };
}

import type { AvailabilityDefaultRule, AvailabilityState } from '@app/domain';
import { addDays } from '@app/domain';
import type { Candidate, MatchingInput, OpenItem } from '@app/scheduling';
import { and, between, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  availability,
  availabilityDefaults,
  duties,
  itemApplications,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  rosterItems,
} from '../../db/schema';
import type { accountSettings } from '../../platform/account-settings';
import { runningContracts } from '../../platform/running-contracts';

type Settings = ReturnType<typeof accountSettings>;

/** The most hours a week the working-time law allows on average (Germany, ArbZG section 3). */
const LEGAL_MAX_HOURS_PER_WEEK = 48;

/**
 * A member's running contract as the wizard reads it: full and part time aim at their contract hours (hours above
 * count as overtime); a flexible contract has no target, and its hours are the most it may be planned a week.
 * Without a contract the wizard has neither target nor limit.
 */
export function candidateContract(c: { type: 'full' | 'part' | 'flex'; weeklyMinutes: number } | undefined) {
  if (!c) return null;
  const hours = c.weeklyMinutes / 60;
  if (c.type === 'flex') return { kind: c.type, hoursPerWeek: null, maxHoursPerWeek: hours > 0 ? hours : null };
  return { kind: c.type, hoursPerWeek: hours > 0 ? hours : null, maxHoursPerWeek: LEGAL_MAX_HOURS_PER_WEEK };
}
type Location = { id: string; releasedUntil: string | null };

/**
 * Gathers what the matching wizard needs about a location's period: its open items (with applicants), the active
 * members of the planning with their duties, tags, plannings, availability, rates and the items they already have
 * anywhere two days either side.
 */
export async function matchingInput(
  db: DbOrTx,
  accountId: string,
  settings: Settings,
  location: Location,
  from: string,
  until: string,
): Promise<MatchingInput> {
  const around = { from: addDays(from, -2), until: addDays(until, 2) };
  const dutyRows = await db
    .select({ id: duties.id, restHours: duties.restHours })
    .from(duties)
    .where(eq(duties.accountId, accountId));
  const rest = new Map(dutyRows.map((d) => [d.id, d.restHours]));
  const openRows = await db
    .select()
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, accountId),
        eq(rosterItems.locationId, location.id),
        between(rosterItems.date, from, until),
        isNull(rosterItems.membershipId),
      ),
    );
  const applications = openRows.length
    ? await db
        .select()
        .from(itemApplications)
        .where(
          and(
            inArray(
              itemApplications.itemId,
              openRows.map((i) => i.id),
            ),
            isNull(itemApplications.accepted),
          ),
        )
    : [];
  const members = await db
    .select({ membership: memberships })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(membershipLocations.locationId, location.id),
        eq(memberships.status, 'active'),
      ),
    );
  const ids = members.map((m) => m.membership.id);
  const contracts = await runningContracts(db, accountId, ids, from);
  const none = Promise.resolve([]);
  const [dutyLinks, tagLinks, locationLinks, entries, defaults, existing] = await Promise.all([
    ids.length ? db.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, ids)) : none,
    ids.length ? db.select().from(membershipTags).where(inArray(membershipTags.membershipId, ids)) : none,
    ids.length ? db.select().from(membershipLocations).where(inArray(membershipLocations.membershipId, ids)) : none,
    ids.length
      ? db
          .select()
          .from(availability)
          .where(and(inArray(availability.membershipId, ids), between(availability.date, around.from, around.until)))
      : none,
    ids.length ? db.select().from(availabilityDefaults).where(inArray(availabilityDefaults.membershipId, ids)) : none,
    ids.length
      ? db
          .select()
          .from(rosterItems)
          .where(
            and(
              eq(rosterItems.accountId, accountId),
              inArray(rosterItems.membershipId, ids),
              isNotNull(rosterItems.membershipId),
              between(rosterItems.date, around.from, around.until),
            ),
          )
      : none,
  ]);

  const items: OpenItem[] = openRows.map((i) => ({
    id: i.id,
    locationId: i.locationId,
    date: i.date,
    fromMinutes: i.fromMinutes,
    untilMinutes: i.untilMinutes,
    breakMinutes: i.breakMinutes,
    shiftId: i.shiftId,
    restHours: i.dutyId ? (rest.get(i.dutyId) ?? 0) : 0,
    dutyId: i.dutyId,
    tagIds: i.tagIds,
    applicantIds: applications.filter((a) => a.itemId === i.id).map((a) => a.membershipId),
  }));
  const candidates: Candidate[] = members.map(({ membership: m }) => ({
    id: m.id,
    dutyIds: dutyLinks.filter((l) => l.membershipId === m.id).map((l) => l.dutyId),
    tagIds: tagLinks.filter((l) => l.membershipId === m.id).map((l) => l.tagId),
    locationIds: locationLinks.filter((l) => l.membershipId === m.id).map((l) => l.locationId),
    availability: entries.filter((e) => e.membershipId === m.id) as AvailabilityState[],
    availabilityDefaults: defaults.filter((d) => d.membershipId === m.id) as AvailabilityDefaultRule[],
    contract: candidateContract(contracts.get(m.id)),
    existingItems: existing
      .filter((e) => e.membershipId === m.id)
      .map((e) => ({
        id: e.id,
        date: e.date,
        fromMinutes: e.fromMinutes,
        untilMinutes: e.untilMinutes,
        breakMinutes: e.breakMinutes,
        shiftId: e.shiftId,
        restHours: e.dutyId ? (rest.get(e.dutyId) ?? 0) : 0,
      })),
    hourlyRateCents: m.rateCents,
  }));
  return {
    timeZone: settings.timeZone,
    weekStartsOn: settings.weekStartsOn,
    policies: {
      unavailablePolicy: settings.unavailablePolicy,
      employeesMustApply: settings.employeesMustApply,
      maxItemsPerDay: settings.maxItemsPerDay,
    },
    locations: [location],
    items,
    candidates,
  };
}

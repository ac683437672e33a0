import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  availabilityVerdict,
  doubleBookedItems,
  effectiveAvailability,
  now,
  todayIn,
} from '@app/domain';
import { and, between, eq, gte, inArray, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import {
  accounts,
  availability,
  availabilityDefaults,
  duties,
  membershipDuties,
  membershipLocations,
  memberships,
  rosterItems,
  shifts,
} from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import type { Command } from '../../platform/command';
import { contractConflicts } from './contract';

/** The conflict codes this check owns; others (hours, check-ins) are kept as they are. */
export const STORED_CONFLICTS = [
  'AVAILABILITY',
  'CONTRACT',
  'INVALID_DUTY',
  'INVALID_SHIFT',
  'INVALID_USER',
  'NO_DUTY_SET',
  'RESOURCE',
] as const;

/** An id no item has, for an empty id list. */
const NO_ITEM = '00000000-0000-0000-0000-000000000000';

export interface Revalidated {
  id: string;
  locationId: string;
}

/**
 * Recomputes the stored conflicts of upcoming items after something they depend on changed: a member's
 * availability, duties, plannings or status, or a trashed shift or duty. Answers the items whose codes changed.
 */
export async function revalidateItems(
  tx: Tx,
  accountId: string,
  scope: {
    membershipId?: string;
    dates?: string[];
    shiftId?: string;
    dutyId?: string;
    itemIds?: string[];
    resourceId?: string;
  },
): Promise<Revalidated[]> {
  const [account] = await tx.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  const settings = accountSettings(account?.settings);
  const filters: SQL[] = [eq(rosterItems.accountId, accountId), gte(rosterItems.date, todayIn(settings.timeZone))];
  if (scope.membershipId) filters.push(eq(rosterItems.membershipId, scope.membershipId));
  if (scope.dates) filters.push(inArray(rosterItems.date, scope.dates.length ? scope.dates : ['1900-01-01']));
  if (scope.shiftId) filters.push(eq(rosterItems.shiftId, scope.shiftId));
  if (scope.dutyId) filters.push(eq(rosterItems.dutyId, scope.dutyId));
  if (scope.itemIds) filters.push(inArray(rosterItems.id, scope.itemIds.length ? scope.itemIds : [NO_ITEM]));
  if (scope.resourceId) filters.push(eq(rosterItems.resourceId, scope.resourceId));
  const items = await tx
    .select()
    .from(rosterItems)
    .where(and(...filters));
  if (items.length === 0) return [];

  const memberIds = [...new Set(items.map((i) => i.membershipId).filter((m): m is string => Boolean(m)))];
  const dates = [...new Set(items.map((i) => i.date))];
  const [members, dutyLinks, locationLinks, entries, defaults, dutyRows, shiftRows] = await Promise.all([
    memberIds.length ? tx.select().from(memberships).where(inArray(memberships.id, memberIds)) : [],
    memberIds.length ? tx.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, memberIds)) : [],
    memberIds.length
      ? tx.select().from(membershipLocations).where(inArray(membershipLocations.membershipId, memberIds))
      : [],
    memberIds.length
      ? tx
          .select()
          .from(availability)
          .where(and(inArray(availability.membershipId, memberIds), inArray(availability.date, dates)))
      : [],
    memberIds.length
      ? tx.select().from(availabilityDefaults).where(inArray(availabilityDefaults.membershipId, memberIds))
      : [],
    tx.select({ id: duties.id, trashed: duties.trashed }).from(duties).where(eq(duties.accountId, accountId)),
    tx.select({ id: shifts.id, trashed: shifts.trashed }).from(shifts).where(eq(shifts.accountId, accountId)),
  ]);
  const trashedDuties = new Set(dutyRows.filter((d) => d.trashed).map((d) => d.id));
  const trashedShifts = new Set(shiftRows.filter((s) => s.trashed).map((s) => s.id));
  const overContract = await contractConflicts(tx, accountId, items);
  const doubleBooked = await resourceConflicts(tx, accountId, items, settings.timeZone);

  const changed: Revalidated[] = [];
  for (const item of items) {
    const codes = new Set<string>();
    if (!item.dutyId) codes.add('NO_DUTY_SET');
    if (item.dutyId && trashedDuties.has(item.dutyId)) codes.add('INVALID_DUTY');
    if (item.shiftId && trashedShifts.has(item.shiftId)) codes.add('INVALID_SHIFT');
    if (item.membershipId) {
      const member = members.find((m) => m.id === item.membershipId);
      const inPlanning = locationLinks.some(
        (l) => l.membershipId === item.membershipId && l.locationId === item.locationId,
      );
      if (member?.status !== 'active' || !inPlanning) codes.add('INVALID_USER');
      if (item.dutyId && !dutyLinks.some((l) => l.membershipId === item.membershipId && l.dutyId === item.dutyId)) {
        codes.add('INVALID_DUTY');
      }
      const entry = entries.find((e) => e.membershipId === item.membershipId && e.date === item.date) as
        | AvailabilityState
        | undefined;
      const rules = defaults.filter((d) => d.membershipId === item.membershipId) as AvailabilityDefaultRule[];
      const state = effectiveAvailability(entry ?? null, rules, item.date);
      // Under the policy "allow" unavailability is no conflict; limited availability always is.
      if (availabilityVerdict(state, item, settings.unavailablePolicy)) codes.add('AVAILABILITY');
      if (overContract.has(item.id)) codes.add('CONTRACT');
    }
    if (doubleBooked.has(item.id)) codes.add('RESOURCE');
    const kept = item.conflicts.filter((c) => !(STORED_CONFLICTS as readonly string[]).includes(c));
    const next = [...kept, ...STORED_CONFLICTS.filter((c) => codes.has(c))];
    if (next.join(',') !== item.conflicts.join(',')) {
      await tx.update(rosterItems).set({ conflicts: next, updatedAt: now() }).where(eq(rosterItems.id, item.id));
      changed.push({ id: item.id, locationId: item.locationId });
    }
  }
  return changed;
}

/**
 * The items among `items` whose resource another item holds at an overlapping time (docs/product/resources.md):
 * the other items of their resources from the day before to the day after (overnight items) are read with them.
 */
async function resourceConflicts(
  tx: Tx,
  accountId: string,
  items: readonly (typeof rosterItems.$inferSelect)[],
  timeZone: string,
): Promise<Set<string>> {
  const carrying = items.filter((i) => i.resourceId !== null);
  if (carrying.length === 0) return new Set();
  const dates = carrying.map((i) => i.date).sort();
  const neighbours = await tx
    .select({
      id: rosterItems.id,
      resourceId: rosterItems.resourceId,
      date: rosterItems.date,
      fromMinutes: rosterItems.fromMinutes,
      untilMinutes: rosterItems.untilMinutes,
      travelRole: rosterItems.travelRole,
    })
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, accountId),
        inArray(rosterItems.resourceId, [...new Set(carrying.map((i) => i.resourceId as string))]),
        between(rosterItems.date, addDays(dates[0], -1), addDays(dates[dates.length - 1], 1)),
      ),
    );
  return doubleBookedItems(neighbours, timeZone);
}

/** Tells open rosters about items whose conflicts changed, once the change's command committed. */
export function announceRevalidated(command: Command, accountId: string, changed: Revalidated[]) {
  const byLocation = new Map<string, string[]>();
  for (const c of changed) byLocation.set(c.locationId, [...(byLocation.get(c.locationId) ?? []), c.id]);
  for (const [location, ids] of byLocation) command.emit(`account.${accountId}`, 'LocationUpdated', { location, ids });
}

import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  availabilityVerdict,
  effectiveAvailability,
  mayAssignMembers,
  placementProblem,
} from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import {
  availability,
  availabilityDefaults,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  rosterItems,
} from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { requirePlanningInScope } from '../members/scope';
import { placedItem, restHoursByDuty } from './checks';
import type { ItemRow } from './present';
import { itemOf, locationOf, sickOn } from './repo';

/**
 * The members a planner is offered for an item: active members of the planning who hold its duty and every one
 * of its tags, whose availability does not stand against it and whose other items leave room for it. Without an
 * item (a date of a location), everyone of the planning not unavailable that day.
 */
async function candidates(ctx: AppContext, actor: Actor, locationId: string, date: string, item: ItemRow | null) {
  const db = ctx.db;
  const settings = actor.settings;
  const rows = await db
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(and(eq(memberships.accountId, actor.accountId), eq(membershipLocations.locationId, locationId)));
  let ids = rows.filter((r) => r.status === 'active').map((r) => r.id);
  if (ids.length === 0) return [];
  if (item?.dutyId) {
    const holders = await db
      .select({ id: membershipDuties.membershipId })
      .from(membershipDuties)
      .where(and(eq(membershipDuties.dutyId, item.dutyId), inArray(membershipDuties.membershipId, ids)));
    const set = new Set(holders.map((h) => h.id));
    ids = ids.filter((id) => set.has(id));
  }
  if (item?.tagIds.length && ids.length) {
    const links = await db
      .select()
      .from(membershipTags)
      .where(and(inArray(membershipTags.membershipId, ids), inArray(membershipTags.tagId, item.tagIds)));
    ids = ids.filter((id) => item.tagIds.every((t) => links.some((l) => l.membershipId === id && l.tagId === t)));
  }
  if (ids.length === 0) return [];
  // Members with sickness reported over the date are no replacement for anyone.
  const sick = new Set((await sickOn(db, actor.accountId, ids, date)).map((s) => s.membershipId));
  ids = ids.filter((id) => !sick.has(id));
  if (ids.length === 0) return [];
  const [entries, defaults, others, rest] = await Promise.all([
    db
      .select()
      .from(availability)
      .where(and(inArray(availability.membershipId, ids), eq(availability.date, date))),
    db.select().from(availabilityDefaults).where(inArray(availabilityDefaults.membershipId, ids)),
    db
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, actor.accountId),
          inArray(rosterItems.membershipId, ids),
          inArray(rosterItems.date, [addDays(date, -1), date, addDays(date, 1)]),
        ),
      ),
    restHoursByDuty(db, actor.accountId),
  ]);
  const placed = (r: ItemRow) => placedItem(r, rest, settings.timeZone);
  return ids.filter((id) => {
    const entry = entries.find((e) => e.membershipId === id) as AvailabilityState | undefined;
    const state = effectiveAvailability(
      entry ?? null,
      defaults.filter((d) => d.membershipId === id) as AvailabilityDefaultRule[],
      date,
    );
    if (!item) return state?.type !== 'unavailable' && !(state?.type === 'vacation' && state.status !== 'denied');
    if (availabilityVerdict(state, item, settings.unavailablePolicy) !== null) return false;
    const mine = others.filter((o) => o.membershipId === id && o.id !== item.id).map(placed);
    return placementProblem(placed(item), mine, settings.timeZone) === null;
  });
}

export async function candidatesForItem(ctx: AppContext, actor: Actor, itemId: string) {
  const item = await itemOf(ctx.db, actor.accountId, itemId);
  requireAllowed(mayAssignMembers(actor));
  await requirePlanningInScope(ctx.db, actor, item.locationId);
  return candidates(ctx, actor, item.locationId, item.date, item);
}

export async function candidatesForDate(ctx: AppContext, actor: Actor, locationId: string, date: string) {
  await locationOf(ctx.db, actor.accountId, locationId);
  requireAllowed(mayAssignMembers(actor));
  await requirePlanningInScope(ctx.db, actor, locationId);
  return candidates(ctx, actor, locationId, date, null);
}

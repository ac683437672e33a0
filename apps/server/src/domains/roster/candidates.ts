import type { UserIdsResponse } from '@app/contracts';
import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  effectiveAvailability,
  leftOutReason,
  mayAssignMembers,
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
 * The members a planner is offered for an item, and the others of the planning with the reason they are left out
 * (`leftOutReason`, docs/product/roster.md "The person picker"): active members of the planning who hold its duty
 * and every one of its tags, not reported sick, whose availability does not stand against it and whose other items
 * leave room for it. Without an item (a date of a location), everyone of the planning not absent that day.
 */
async function candidates(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  date: string,
  item: ItemRow | null,
): Promise<UserIdsResponse> {
  const db = ctx.db;
  const settings = actor.settings;
  const rows = await db
    .select({ id: memberships.id, status: memberships.status })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(and(eq(memberships.accountId, actor.accountId), eq(membershipLocations.locationId, locationId)));
  const ids = rows.filter((r) => r.status === 'active').map((r) => r.id);
  if (ids.length === 0) return { users: [], leftOut: [] };
  const [held, tagged, sickRows, entries, defaults, others, rest] = await Promise.all([
    item?.dutyId
      ? db
          .select({ id: membershipDuties.membershipId })
          .from(membershipDuties)
          .where(and(eq(membershipDuties.dutyId, item.dutyId), inArray(membershipDuties.membershipId, ids)))
      : [],
    item?.tagIds.length
      ? db
          .select()
          .from(membershipTags)
          .where(and(inArray(membershipTags.membershipId, ids), inArray(membershipTags.tagId, item.tagIds)))
      : [],
    sickOn(db, actor.accountId, ids, date),
    db
      .select()
      .from(availability)
      .where(and(inArray(availability.membershipId, ids), eq(availability.date, date))),
    db.select().from(availabilityDefaults).where(inArray(availabilityDefaults.membershipId, ids)),
    item
      ? db
          .select()
          .from(rosterItems)
          .where(
            and(
              eq(rosterItems.accountId, actor.accountId),
              inArray(rosterItems.membershipId, ids),
              inArray(rosterItems.date, [addDays(date, -1), date, addDays(date, 1)]),
            ),
          )
      : [],
    restHoursByDuty(db, actor.accountId),
  ]);
  const sick = new Set(sickRows.map((s) => s.membershipId));
  const dutiesOf = new Map<string, Set<string>>();
  for (const h of held) dutiesOf.set(h.id, new Set([item?.dutyId ?? '']));
  const tagsOf = new Map<string, Set<string>>();
  for (const l of tagged) tagsOf.set(l.membershipId, new Set([...(tagsOf.get(l.membershipId) ?? []), l.tagId]));
  const placed = (r: ItemRow) => placedItem(r, rest, settings.timeZone);
  const target = item && { ...placed(item), fromMinutes: item.fromMinutes, untilMinutes: item.untilMinutes };
  const none = new Set<string>();
  const users: string[] = [];
  const leftOut: NonNullable<UserIdsResponse['leftOut']> = [];
  for (const id of ids) {
    const entry = entries.find((e) => e.membershipId === id) as AvailabilityState | undefined;
    const state = effectiveAvailability(
      entry ?? null,
      defaults.filter((d) => d.membershipId === id) as AvailabilityDefaultRule[],
      date,
    );
    const reason = leftOutReason({
      item: target && item ? { ...target, dutyId: item.dutyId, tagIds: item.tagIds } : null,
      duties: dutiesOf.get(id) ?? none,
      tags: tagsOf.get(id) ?? none,
      sick: sick.has(id),
      availability: state,
      others: item ? others.filter((o) => o.membershipId === id && o.id !== item.id).map(placed) : [],
      policy: settings.unavailablePolicy,
      timeZone: settings.timeZone,
    });
    if (reason) leftOut.push({ user: id, reason });
    else users.push(id);
  }
  return { users, leftOut };
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

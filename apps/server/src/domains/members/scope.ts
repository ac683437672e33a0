import type { Holdings } from '@app/contracts';
import { memberHasRole, withinPlanningScope } from '@app/domain';
import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { membershipDuties, membershipLocations, membershipTags } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { planningScopeOf } from './repo';

/**
 * What a member holds, how far their restriction by plannings lets them reach, and which plannings they oversee:
 * the one place these are read. Other domains (roster, catalog, hours, check-ins, today, ...) ask here.
 */

/** The plannings a member holds (belongs to), by id. */
export async function heldLocationIds(db: DbOrTx, membershipId: string): Promise<string[]> {
  const rows = await db
    .select({ id: membershipLocations.locationId })
    .from(membershipLocations)
    .where(eq(membershipLocations.membershipId, membershipId))
    .orderBy(asc(membershipLocations.locationId));
  return rows.map((r) => r.id);
}

/** The plannings, duties and tags a member holds, each by id. */
export async function holdingsOf(db: DbOrTx, membershipId: string): Promise<Holdings> {
  // One after another: a transaction is one connection.
  const locationIds = await heldLocationIds(db, membershipId);
  const duts = await db
    .select({ id: membershipDuties.dutyId })
    .from(membershipDuties)
    .where(eq(membershipDuties.membershipId, membershipId))
    .orderBy(asc(membershipDuties.dutyId));
  const tgs = await db
    .select({ id: membershipTags.tagId })
    .from(membershipTags)
    .where(eq(membershipTags.membershipId, membershipId))
    .orderBy(asc(membershipTags.tagId));
  return { locationIds, dutyIds: duts.map((r) => r.id), tagIds: tgs.map((r) => r.id) };
}

/**
 * The plannings whose hours and check-ins a member oversees beyond their own: null (all of them) for owners and
 * unlimited managers, the plannings they hold otherwise (supervisors, billers).
 */
export async function reachOf(db: DbOrTx, actor: Pick<Actor, 'membershipId' | 'roles' | 'managerLimited'>) {
  if (memberHasRole(actor, 'manager') && !actor.managerLimited) return null;
  return heldLocationIds(db, actor.membershipId);
}

/**
 * The restriction by plannings (all, own or some, set on the employee page; docs/product/members.md) as the server
 * applies it. Every route that takes a planning, or shows the people of plannings, reaches it here, on top of the
 * pure rule `withinPlanningScope` (the README's security section). A planning outside answers 403 after the
 * planning was found in the account (another account's stays 404).
 */
export interface PlanningReach {
  /** The plannings within the restriction; null when there is none (every planning). */
  ids: ReadonlySet<string> | null;
  includes(locationId: string): boolean;
}

const EVERY: PlanningReach = { ids: null, includes: () => true };

type Who = Pick<Actor, 'membershipId'>;

/** What a member's restriction by plannings lets them reach. */
export async function planningReachOf(db: DbOrTx, actor: Who): Promise<PlanningReach> {
  const scope = await planningScopeOf(db, actor.membershipId);
  if (!scope || scope.planningScope === 'all') return EVERY;
  const held = new Set(scope.planningScope === 'own' ? await heldLocationIds(db, actor.membershipId) : []);
  const ids = new Set(scope.planningScope === 'own' ? held : scope.scopeLocationIds);
  return { ids, includes: (id) => withinPlanningScope(scope, id, held.has(id)) };
}

/** Refuses (403) a planning outside the actor's restriction by plannings. */
export async function requirePlanningInScope(db: DbOrTx, actor: Who, locationId: string): Promise<void> {
  if (!(await planningReachOf(db, actor)).includes(locationId)) throw new AppError('FORBIDDEN');
}

/** Refuses (403) unless every planning lies within the actor's restriction. */
export async function requirePlanningsInScope(db: DbOrTx, actor: Who, locationIds: readonly string[]): Promise<void> {
  if (locationIds.length === 0) return;
  const reach = await planningReachOf(db, actor);
  if (!locationIds.every((id) => reach.includes(id))) throw new AppError('FORBIDDEN');
}

/**
 * The members a restricted member reaches as a planner: themself and whoever holds a planning within the
 * restriction; null when there is none (everyone of the account).
 */
export async function membersInScope(db: DbOrTx, actor: Who): Promise<ReadonlySet<string> | null> {
  const reach = await planningReachOf(db, actor);
  if (!reach.ids) return null;
  const rows = reach.ids.size
    ? await db
        .select({ id: membershipLocations.membershipId })
        .from(membershipLocations)
        .where(inArray(membershipLocations.locationId, [...reach.ids]))
    : [];
  return new Set([actor.membershipId, ...rows.map((r) => r.id)]);
}

/** Refuses (403) a member outside the actor's restriction by plannings (sickness, availability of others). */
export async function requireMemberInScope(db: DbOrTx, actor: Who, membershipId: string): Promise<void> {
  const members = await membersInScope(db, actor);
  if (members && !members.has(membershipId)) throw new AppError('FORBIDDEN');
}

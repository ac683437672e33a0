import { withinPlanningScope } from '@app/domain';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { membershipLocations } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { AppError } from '../../platform/errors';
import { heldLocationIds, planningScopeOf } from './repo';

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

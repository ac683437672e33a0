import type { InitResponse, Role } from '@app/contracts';
import { type AccessContext, effectiveRights, effectiveRoles } from '../access';

/**
 * The signed-in member as every policy reads it. The server's `Actor` has this shape (it is built from the
 * session); the web builds it from `/api/app/init` with `memberFromInit`. One shape, so a rule cannot read a
 * field one side lacks.
 */
export interface Member {
  membershipId: string;
  roles: readonly Role[];
  rights: readonly string[];
  /** The manager limitation: no settings, no implied manager rights. */
  managerLimited: boolean;
  /** The planner restriction: names hidden, no choosing of people. */
  plannerRestricted: boolean;
}

export function memberFromInit(init: Pick<InitResponse, 'membership'>): Member {
  return {
    membershipId: init.membership.id,
    roles: init.membership.roles,
    rights: init.membership.rights,
    managerLimited: init.membership.managerLimited,
    plannerRestricted: init.membership.plannerRestricted,
  };
}

/** The member as the route guards see it (they have no membership id): the same rules read both. */
export function memberOfContext(ctx: AccessContext): Pick<Member, 'roles' | 'rights' | 'managerLimited'> {
  return { roles: ctx.roles, rights: ctx.rights, managerLimited: ctx.membership.managerLimited };
}

/** A role held directly or through a higher one (an owner is also a manager, planner, ...). */
export function memberHasRole(member: Pick<Member, 'roles'>, ...roles: Role[]): boolean {
  const held = effectiveRoles(member.roles);
  return roles.some((r) => held.has(r));
}

/** A right set on the membership, or implied by the owner or an unlimited manager role. */
export function memberHasRight(member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>, right: string): boolean {
  return effectiveRights(member.roles, member.rights, member.managerLimited).has(right);
}

import type { Locale, ModuleKey, Role } from '@app/contracts';
import { effectiveRights, effectiveRoles } from '@app/domain';
import { AppError } from './errors';

/** Who is acting: every service function takes one. */
export interface Actor {
  sessionId: string;
  userId: string;
  accountId: string;
  membershipId: string;
  roles: Role[];
  rights: string[];
  managerLimited: boolean;
  superUser: boolean;
  /** The account's switched-on modules. */
  modules: ModuleKey[];
  shadow: boolean;
  locale: Locale;
}

export function actorHasRole(actor: Actor, ...roles: Role[]): boolean {
  const eff = effectiveRoles(actor.roles);
  return roles.some((r) => eff.has(r));
}

export function actorHasRight(actor: Actor, right: string): boolean {
  return effectiveRights(actor.roles, actor.rights, actor.managerLimited).has(right);
}

/** Refuses with 403 unless the actor holds one of the roles. */
export function requireRole(actor: Actor, ...roles: Role[]): void {
  if (!actorHasRole(actor, ...roles)) throw new AppError('FORBIDDEN');
}

/** Refuses with 403 unless the actor holds the right (owners and unrestricted managers hold the common ones). */
export function requireRight(actor: Actor, right: string): void {
  if (!actorHasRight(actor, right)) throw new AppError('FORBIDDEN');
}

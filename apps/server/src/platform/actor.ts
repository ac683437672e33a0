import type { AccountSettings, Locale, ModuleKey, Role } from '@app/contracts';
import { type Member, memberHasRight, memberHasRole } from '@app/domain';
import { AppError } from './errors';

/** Who is acting: every service function takes one. The policies of `@app/domain` read it as a `Member`. */
export interface Actor extends Member {
  sessionId: string;
  userId: string;
  accountId: string;
  membershipId: string;
  roles: Role[];
  rights: string[];
  managerLimited: boolean;
  plannerRestricted: boolean;
  superUser: boolean;
  /** The account's switched-on modules. */
  modules: ModuleKey[];
  /** The account's settings as the session read them (time zone, country, language, rules): no service re-reads them. */
  settings: AccountSettings;
  shadow: boolean;
  locale: Locale;
  /** The realtime socket of the app that made this request (X-Socket-Id): its own changes are not echoed to it. */
  socketId?: string | null;
}

export function actorHasRole(actor: Actor, ...roles: Role[]): boolean {
  return memberHasRole(actor, ...roles);
}

export function actorHasRight(actor: Actor, right: string): boolean {
  return memberHasRight(actor, right);
}

/** Refuses with 403 unless the actor holds one of the roles. */
export function requireRole(actor: Actor, ...roles: Role[]): void {
  if (!actorHasRole(actor, ...roles)) throw new AppError('FORBIDDEN');
}

/** Refuses with 403 unless the actor holds the right (owners and unrestricted managers hold the common ones). */
export function requireRight(actor: Actor, right: string): void {
  if (!actorHasRight(actor, right)) throw new AppError('FORBIDDEN');
}

/** Refuses with 403 unless a policy of `@app/domain` allowed it. Check after the ids are found (404 first). */
export function requireAllowed(allowed: boolean): void {
  if (!allowed) throw new AppError('FORBIDDEN');
}

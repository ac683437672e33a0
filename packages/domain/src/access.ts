import type { ModuleKey, Role } from '@app/contracts';

/**
 * Everything the route guards and the menu read about the signed-in member. The server builds it from the
 * session; the web builds it from /api/app/init. Both call the same rules below.
 */
export interface AccessContext {
  roles: readonly Role[];
  rights: readonly string[];
  modules: readonly ModuleKey[];
  account: {
    demo: boolean;
    special: boolean;
    /** False when the account is expired, cancelled past its period or deleted. */
    usable: boolean;
    companyVisible: boolean;
    contactsPublic: boolean;
  };
  membership: {
    /** Membership availability flag: this member enters availability. */
    availability: boolean;
    /** Membership balance flag: this member has a time-for-time balance. */
    balance: boolean;
    managerLimited: boolean;
    locationCount: number;
  };
  superUser: boolean;
  desktop: boolean;
}

/**
 * Roles carry the roles below them: the owner does everything a manager, planner, supervisor, accountant and
 * biller does; a manager also plans and supervises hours.
 */
const IMPLIED: Partial<Record<Role, readonly Role[]>> = {
  owner: ['manager', 'planner', 'supervisor', 'accountant', 'biller', 'observer'],
  manager: ['planner', 'supervisor', 'observer'],
  planner: ['observer'],
};

export function effectiveRoles(roles: readonly Role[]): Set<Role> {
  const out = new Set<Role>(roles);
  for (const r of roles) for (const implied of IMPLIED[r] ?? []) out.add(implied);
  return out;
}

/**
 * Rights that owners and unrestricted managers hold without them being set on the membership. Not
 * `reports.access`: the reports are the accountant's (a role owners hold), and a manager gets them by that role or
 * the right (docs/product/rights.md).
 */
const MANAGER_RIGHTS = ['user.edit', 'contacts.view', 'balances.overview'];

export function effectiveRights(
  roles: readonly Role[],
  rights: readonly string[],
  managerLimited = false,
): Set<string> {
  const out = new Set(rights);
  if (roles.includes('owner') || (roles.includes('manager') && !managerLimited)) {
    for (const r of MANAGER_RIGHTS) out.add(r);
  }
  return out;
}

export function hasRole(ctx: Pick<AccessContext, 'roles'>, ...roles: Role[]): boolean {
  const eff = effectiveRoles(ctx.roles);
  return roles.some((r) => eff.has(r));
}

/** A role held directly, not through another (the menu hides the profile link only for these). */
export function holdsRole(ctx: Pick<AccessContext, 'roles'>, ...roles: Role[]): boolean {
  return roles.some((r) => ctx.roles.includes(r));
}

export function hasRight(ctx: Pick<AccessContext, 'roles' | 'rights' | 'membership'>, right: string): boolean {
  return effectiveRights(ctx.roles, ctx.rights, ctx.membership.managerLimited).has(right);
}

export function hasModule(ctx: Pick<AccessContext, 'modules'>, module: ModuleKey): boolean {
  return ctx.modules.includes(module);
}

export const isReal = (ctx: AccessContext) => !ctx.account.demo;

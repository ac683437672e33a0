import { type OverviewResponse, ROLES } from '@app/contracts';
import { mayEditMembers, seesAllLocations } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { accounts, locations, membershipLocations, memberships } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { membershipsOfUser } from '../auth/memberships';

export async function overview(ctx: AppContext, actor: Actor): Promise<OverviewResponse> {
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, actor.accountId));
  // Planners and managers see every location of the account; others the ones they belong to.
  const seesAll = seesAllLocations(actor);
  const locs = seesAll
    ? await ctx.db
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .where(and(eq(locations.accountId, actor.accountId), inArray(locations.status, ['active', 'inactive'])))
        .orderBy(asc(locations.name))
    : await ctx.db
        .select({ id: locations.id, name: locations.name })
        .from(locations)
        .innerJoin(membershipLocations, eq(membershipLocations.locationId, locations.id))
        .where(and(eq(locations.accountId, actor.accountId), eq(membershipLocations.membershipId, actor.membershipId)))
        .orderBy(asc(locations.name));

  let team: OverviewResponse['team'] = null;
  if (mayEditMembers(actor)) {
    const rows = await ctx.db
      .select({ status: memberships.status, roles: memberships.roles })
      .from(memberships)
      .where(eq(memberships.accountId, actor.accountId));
    const byRole: Record<string, number> = {};
    let active = 0;
    let inactive = 0;
    for (const m of rows) {
      if (m.status === 'active') active++;
      else if (m.status === 'inactive') inactive++;
      else continue;
      for (const role of m.roles) byRole[role] = (byRole[role] ?? 0) + 1;
    }
    team = { active, inactive, byRole };
  }
  // The user's other accounts by design: the owner's handle (row-level security shows only this one).
  const own = await membershipsOfUser(ctx.owner, actor.userId);
  return {
    accountName: account.name,
    role: ROLES.find((r) => actor.roles.includes(r)) ?? 'user',
    locations: locs,
    team,
    modulesActive: account.modules.length,
    accounts: own
      .filter((r) => r.membership.status === 'active')
      .map((r) => ({ id: r.account.id, name: r.account.name })),
  };
}

import type { MembershipStatus, Role } from '@app/contracts';
import { and, eq, ne } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import { type Actor, requireRight } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { endMembershipSessions } from '../../platform/session';
import { announceRevalidated, revalidateItems } from '../roster/revalidate';
import { membershipInAccount } from './repo';

/** Stores one preference of the actor's own membership (e.g. the roster view). */
export async function setPreference(ctx: AppContext, actor: Actor, membershipId: string, key: string, value: unknown) {
  const membership = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  if (membership.id !== actor.membershipId) throw new AppError('FORBIDDEN');
  const preferences = { ...membership.preferences, [key]: value ?? null };
  await ctx.db.update(memberships).set({ preferences }).where(eq(memberships.id, membership.id));
}

/**
 * Sets a member active or inactive (or deleted). An inactive member cannot sign in or be planned: their sessions
 * end and their open apps receive `Logout`. The last active owner cannot be taken away.
 */
export async function setMembershipStatus(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  status: MembershipStatus,
) {
  requireRight(actor, 'user.edit');
  const changed = await ctx.db.transaction(async (tx) => {
    const membership = await membershipInAccount(tx, actor.accountId, membershipId);
    if (membership.id === actor.membershipId && status !== 'active') throw new AppError('FORBIDDEN');
    if (status !== 'active' && (membership.roles as Role[]).includes('owner')) {
      const others = await tx
        .select({ id: memberships.id, roles: memberships.roles })
        .from(memberships)
        .where(
          and(
            eq(memberships.accountId, actor.accountId),
            eq(memberships.status, 'active'),
            ne(memberships.id, membership.id),
          ),
        );
      if (!others.some((m) => m.roles.includes('owner'))) throw new AppError('LAST_OWNER');
    }
    await tx.update(memberships).set({ status }).where(eq(memberships.id, membership.id));
    if (status !== 'active') await endMembershipSessions(tx, membership.id);
    // Upcoming items of a member who can no longer be planned carry INVALID_USER (and lose it again on return).
    return revalidateItems(tx, actor.accountId, { membershipId: membership.id });
  });
  announceRevalidated(ctx, actor.accountId, changed);
  if (status !== 'active') ctx.realtime.logoutMember(membershipId, 'inactive');
}

import { type MembershipStatus, PREFERENCE_MAX_KEYS, type Role } from '@app/contracts';
import { mayChangeStatus, maySetPreference, takesOutAccountHolder } from '@app/domain';
import { and, eq, ne } from 'drizzle-orm';
import { memberships } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { revokeSessions } from '../../platform/revoke';
import { recordWebhook } from '../api/events';
import { announceRevalidated, revalidateItems } from '../conflicts/revalidate';
import { assertPlanRoom, membershipInAccount, memberTarget } from './repo';

/**
 * Stores one preference of the actor's own membership (e.g. the roster view); `null` deletes it. The contract
 * bounds each value; the number of keys is bounded here, as every `/api/app/init` carries them all.
 */
export async function setPreference(ctx: AppContext, actor: Actor, membershipId: string, key: string, value: unknown) {
  await runCommand(ctx, actor, async ({ tx }) => {
    const membership = await membershipInAccount(tx, actor.accountId, membershipId);
    requireAllowed(maySetPreference(actor, membership.id));
    const { [key]: _old, ...others } = membership.preferences;
    if (value !== null && Object.keys(others).length >= PREFERENCE_MAX_KEYS)
      throw fieldError({ key: ['validation.tooLong'] });
    const preferences = value === null ? others : { ...others, [key]: value };
    await tx.update(memberships).set({ preferences }).where(eq(memberships.id, membership.id));
  });
}

/**
 * Sets a member active or inactive (or deleted). An inactive member cannot sign in or be planned: their sessions
 * end and their open apps receive `Logout`. An owner's status is set by owners only; the account holder and the last
 * active owner cannot be taken away.
 */
export async function setMembershipStatus(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  status: MembershipStatus,
) {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const membership = await membershipInAccount(tx, actor.accountId, membershipId);
    const target = await memberTarget(tx, membership);
    requireAllowed(mayChangeStatus(actor, target, status));
    if (takesOutAccountHolder(target, { status })) throw new AppError('ACCOUNT_HOLDER');
    // Open apps of a member set inactive are told and closed once this commits (also when already inactive).
    if (status !== 'active') command.afterCommit(() => ctx.realtime.logoutMember(membershipId, 'inactive'));
    if (membership.status === status) return;
    // Coming back takes a seat of the plan again.
    if (status === 'active') await assertPlanRoom(tx, actor.accountId, 1);
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
    if (status !== 'active') await revokeSessions(ctx, { membershipId: membership.id }, { db: tx, reason: 'inactive' });
    if (status === 'inactive') {
      await recordWebhook(ctx, command, actor.accountId, 'member.deactivated', { id: membership.id });
    }
    // Upcoming items of a member who can no longer be planned carry INVALID_USER (and lose it again on return).
    announceRevalidated(
      command,
      actor.accountId,
      await revalidateItems(tx, actor.accountId, { membershipId: membership.id }),
    );
  });
}

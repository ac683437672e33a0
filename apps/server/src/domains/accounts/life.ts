import type { AccountStatus } from '@app/contracts';
import { type AccountLife, now as clockNow, transitionAccount } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { recordAccountActivity } from '../../platform/activity';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { revokeSessions } from '../../platform/revoke';

/** Statuses a tick can move on: the others wait for someone (subscribe, renew, delete). */
const TICKING: AccountStatus[] = ['trial', 'demo', 'cancelled', 'license'];

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The daily job (docs/product/account-access.md): every account whose trial, demo, paid period or licence ran out
 * by `now` moves on, as `transitionAccount` says, with an entry in its activity log. Running it twice changes
 * nothing more: each change is written only while the account is still as it was read. An account that is deleted
 * is of no use at once: its sessions end and their open apps are told.
 */
export async function tickAccounts(ctx: AppContext, now = clockNow()): Promise<{ changed: string[] }> {
  const rows = await ctx.db
    .select({
      id: accounts.id,
      status: accounts.status,
      trialEndsAt: accounts.trialEndsAt,
      periodEndsAt: accounts.periodEndsAt,
    })
    .from(accounts)
    .where(inArray(accounts.status, TICKING));
  const changed: string[] = [];
  for (const row of rows) {
    const life: AccountLife = {
      status: row.status as AccountStatus,
      trialEndsAt: row.trialEndsAt,
      periodEndsAt: row.periodEndsAt,
    };
    const next = transitionAccount(life, { type: 'tick' }, now);
    if (!next.ok || !next.changed) continue;
    // A job's write: no member acts.
    const moved = await runCommand(ctx, null, async ({ tx }) => {
      const updated = await tx
        .update(accounts)
        .set({
          status: next.life.status,
          trialEndsAt: next.life.trialEndsAt,
          periodEndsAt: next.life.periodEndsAt,
          statusChangedAt: now,
        })
        .where(and(eq(accounts.id, row.id), eq(accounts.status, row.status)))
        .returning({ id: accounts.id });
      if (updated.length === 0) return false;
      await recordAccountActivity(tx, row.id, {
        entity: 'account',
        entityId: row.id,
        action: 'status',
        before: { status: life.status, trialEndsAt: iso(life.trialEndsAt), periodEndsAt: iso(life.periodEndsAt) },
        after: {
          status: next.life.status,
          trialEndsAt: iso(next.life.trialEndsAt),
          periodEndsAt: iso(next.life.periodEndsAt),
        },
      });
      if (next.life.status === 'deleted') await revokeSessions(ctx, { accountId: row.id }, { db: tx, reason: 'ended' });
      return true;
    });
    if (moved) changed.push(row.id);
  }
  return { changed };
}

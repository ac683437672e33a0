import { now } from '@app/domain';
import { eq, sql } from 'drizzle-orm';
import { membershipsEverywhere } from '../../db/across-accounts';
import type { Tx } from '../../db/client';
import { accounts, memberships, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { revokeSessions } from '../../platform/revoke';
import { applyAccountEvent, assertNotShadow, assertOwner } from './service';

/**
 * Tables left out of the export: sign-in secrets and machinery (sessions, e-mail codes, calendar and push tokens, the
 * mail queue whose links carry codes). Everything else the account holds is in it.
 */
const NOT_EXPORTED = new Set([
  'sessions',
  'auth_codes',
  'calendar_feeds',
  'push_subscriptions',
  'outbox',
  'outbox_attachments',
]);

/** Bytes (avatars, contract templates, export files) travel as base64 in the JSON. */
const encode = (_key: string, value: unknown) =>
  value instanceof Uint8Array ? { base64: Buffer.from(value).toString('base64') } : value;

/**
 * Everything the account holds, as one JSON document (docs/product/subscription.md, "Deleting the account"): every
 * table under row-level security read in the account's own transaction, so each answers exactly the account's rows
 * (the account row, members, plannings, roster items, hours, vacation, availability, settings, chats, ...), and the
 * members' people (name, e-mail address, language; no password or two-factor secret).
 */
export async function exportAccount(ctx: AppContext, actor: Actor): Promise<{ fileName: string; body: string }> {
  assertOwner(actor);
  // A read, not a command: one transaction only so that every table answers from the same moment.
  const data = await ctx.db.transaction(async (tx) => {
    const tables = (await tx.execute(
      sql`select c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
          where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity order by c.relname`,
    )) as unknown as { rows: { name: string }[] };
    const out: Record<string, unknown[]> = {};
    for (const { name } of tables.rows) {
      if (NOT_EXPORTED.has(name)) continue;
      const rows = (await tx.execute(sql`select * from ${sql.identifier(name)}`)) as unknown as { rows: unknown[] };
      out[name] = rows.rows;
    }
    out.users = await tx
      .select({
        id: users.id,
        email: users.email,
        fname: users.fname,
        lname: users.lname,
        locale: users.locale,
        createdAt: users.createdAt,
      })
      .from(users)
      .innerJoin(memberships, eq(memberships.userId, users.id))
      .where(eq(memberships.accountId, actor.accountId));
    return out;
  });
  const at = now();
  const body = JSON.stringify({ format: 'rosterly-account-export', version: 1, exportedAt: at, data }, encode, 2);
  return { fileName: `account-export-${at.toISOString().slice(0, 10)}.json`, body };
}

/**
 * Deletes the account and all its data at once, after the company name was typed again (CONFIRMATION_MISMATCH
 * otherwise). The machine's `delete` event must allow it; every session in the account ends; the rows cascade from
 * `accounts`; people left without any membership are removed (super users stay). Nothing is written to the
 * deleted account's activity log: the server log records the deletion with ids and counts only.
 */
export async function deleteAccount(ctx: AppContext, actor: Actor, companyName: string): Promise<void> {
  assertOwner(actor);
  assertNotShadow(actor);
  const counts = await runCommand(ctx, actor, async ({ tx }) => {
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, actor.accountId)).for('update');
    if (!account) throw new AppError('NOT_FOUND');
    const expected = (account.companyName ?? account.name).trim().toLocaleLowerCase();
    if (companyName.trim().toLocaleLowerCase() !== expected) throw new AppError('CONFIRMATION_MISMATCH');
    await applyAccountEvent(tx, account, { type: 'delete' });
    const members = await tx
      .select({ id: memberships.id, userId: memberships.userId })
      .from(memberships)
      .where(eq(memberships.accountId, account.id));
    for (const m of members) await revokeSessions(ctx, { membershipId: m.id }, { db: tx, reason: 'ended' });
    await tx.delete(accounts).where(eq(accounts.id, account.id));
    const removed = await removeOrphanUsers(tx, [...new Set(members.map((m) => m.userId))]);
    return { members: members.length, usersRemoved: removed };
  });
  ctx.log.info({ event: 'account.deleted', accountId: actor.accountId, ...counts }, 'account deleted by its owner');
}

/** Removes the people of `userIds` who hold no membership in any account any more, except super users. */
async function removeOrphanUsers(tx: Tx, userIds: string[]): Promise<number> {
  if (userIds.length === 0) return 0;
  const elsewhere = new Set((await membershipsEverywhere(tx, userIds)).map((m) => m.userId));
  const orphans = userIds.filter((id) => !elsewhere.has(id));
  let removed = 0;
  for (const id of orphans) {
    const rows = await tx
      .delete(users)
      .where(sql`${users.id} = ${id} and not ${users.superUser}`)
      .returning({ id: users.id });
    removed += rows.length;
  }
  return removed;
}

import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { outbox } from '../../db/schema';

/**
 * The outbox as a queue (a transactional outbox): rows are written in the transaction of the change they tell about,
 * and workers on every instance claim the due ones. A claim takes rows with `FOR UPDATE SKIP LOCKED` (two workers
 * never take the same row) and holds them for a short lease; a worker that dies leaves its rows to be taken again
 * when the lease runs out. Only the holder of a row's lease may record how its delivery went, and a row once sent
 * is never claimed again.
 */

export type OutboxRow = typeof outbox.$inferSelect;

/** Rows still to deliver, and due. */
const due = (at: Date) => and(inArray(outbox.status, ['queued', 'sending']), lte(outbox.dueAt, at));

/**
 * Takes up to `limit` due rows (only those of `ids` when given) for `leaseMs`: they are `sending` under a new lease,
 * their try counted. Answers the lease and the rows taken, oldest due first.
 */
export async function claimDue(
  db: DbOrTx,
  opts: { at: Date; leaseMs: number; limit: number; ids?: string[] },
): Promise<{ lease: string; rows: OutboxRow[] }> {
  const lease = randomUUID();
  if (opts.ids?.length === 0) return { lease, rows: [] };
  const picked = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(due(opts.at), opts.ids ? inArray(outbox.id, opts.ids) : undefined))
    .orderBy(asc(outbox.dueAt))
    .limit(opts.limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(outbox)
    .set({
      status: 'sending',
      leaseId: lease,
      dueAt: new Date(opts.at.getTime() + opts.leaseMs),
      attempts: sql`${outbox.attempts} + 1`,
      lastAttemptAt: opts.at,
    })
    .where(and(inArray(outbox.id, picked), due(opts.at)))
    .returning();
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { lease, rows };
}

/** Extends the lease on the rows of `ids` still held under it; answers the ids still held. */
export async function renewLease(db: DbOrTx, lease: string, ids: string[], until: Date): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .update(outbox)
    .set({ dueAt: until })
    .where(and(inArray(outbox.id, ids), eq(outbox.leaseId, lease), eq(outbox.status, 'sending')))
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

/** Records the outcome of a try, only while the row is still held under `lease`; answers whether it was. */
export async function settle(
  db: DbOrTx,
  id: string,
  lease: string,
  outcome: { sent: true; at: Date } | { sent: false; error: string; retryAt: Date | null; at: Date },
): Promise<boolean> {
  const set = outcome.sent
    ? { status: 'sent', sentAt: outcome.at, error: null, leaseId: null }
    : outcome.retryAt
      ? { status: 'queued', dueAt: outcome.retryAt, error: outcome.error, leaseId: null }
      : { status: 'failed', dueAt: outcome.at, error: outcome.error, leaseId: null };
  const rows = await db
    .update(outbox)
    .set(set)
    .where(and(eq(outbox.id, id), eq(outbox.leaseId, lease), eq(outbox.status, 'sending')))
    .returning({ id: outbox.id });
  return rows.length === 1;
}

/**
 * Queues undelivered mails again from now (an owner's resend): the failed ones, and those waiting for their next try,
 * which are tried at once. A mail being tried at this moment is left to its worker; a sent one is never touched.
 * Answers the ids queued.
 */
export async function requeue(db: DbOrTx, where: { accountId: string; id?: string }, at: Date): Promise<string[]> {
  const rows = await db
    .update(outbox)
    .set({ status: 'queued', dueAt: at, queuedAt: at, attempts: 0, error: null, leaseId: null })
    .where(
      and(
        eq(outbox.accountId, where.accountId),
        where.id ? eq(outbox.id, where.id) : undefined,
        sql`${outbox.error} is not null`,
        inArray(outbox.status, ['queued', 'failed']),
      ),
    )
    .returning({ id: outbox.id });
  return rows.map((r) => r.id);
}

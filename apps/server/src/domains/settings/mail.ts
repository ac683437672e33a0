import type { MailDeliveryQuery, MailDeliveryResponse, UndeliveredMail } from '@app/contracts';
import { mayOpenSettingsSection, now } from '@app/domain';
import { and, count, desc, eq, inArray, isNotNull } from 'drizzle-orm';
import { outbox } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requeue } from '../../platform/mail/outbox';

/**
 * The settings page "Mail delivery": the account's mails that could not be delivered (failed for good, or being
 * retried after a failure), and resending them. Owners and managers without the limitation, as the other account
 * settings (`mayOpenSettingsSection`). The list names recipient, subject and how delivery went, never the text: its
 * links carry single-use codes.
 */

/** Failed at least once and not sent: what the page lists (the outbox's partial index `outbox_undelivered_idx`). */
const undelivered = (accountId: string) =>
  and(
    eq(outbox.accountId, accountId),
    isNotNull(outbox.error),
    inArray(outbox.status, ['queued', 'sending', 'failed']),
  );

function present(row: typeof outbox.$inferSelect): UndeliveredMail {
  const failed = row.status === 'failed';
  return {
    id: row.id,
    to: row.to,
    template: row.template,
    subject: row.subject,
    status: failed ? 'failed' : 'retrying',
    attempts: row.attempts,
    lastError: row.error ?? '',
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    // A mail being tried right now is due again at the latest when the worker's lease runs out.
    nextAttemptAt: failed ? null : row.dueAt.toISOString(),
  };
}

/** GET /api/settings/mail: the undelivered mails, newest first, a page at a time. */
export async function listUndelivered(
  ctx: AppContext,
  actor: Actor,
  query: MailDeliveryQuery,
): Promise<MailDeliveryResponse> {
  requireAllowed(mayOpenSettingsSection(actor, 'mail'));
  const where = undelivered(actor.accountId);
  const rows = await ctx.db
    .select()
    .from(outbox)
    .where(where)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(query.size)
    .offset((query.page - 1) * query.size);
  const [total] = await ctx.db.select({ n: count() }).from(outbox).where(where);
  return {
    delivers: ctx.mailer.delivers,
    mails: rows.map(present),
    paging: { page: query.page, size: query.size, total: Number(total?.n ?? 0) },
  };
}

/**
 * POST /api/settings/mail/{id}/resend: queues one undelivered mail again, tried at once and then on the full retry
 * schedule. Another account's mail answers 404; a mail already sent (or kept, without SMTP) is never sent again
 * (409). A mail being tried at this moment is left to its worker.
 */
export async function resendMail(ctx: AppContext, actor: Actor, id: string): Promise<{ count: number }> {
  return runCommand(ctx, actor, async (command) => {
    const [row] = await command.tx
      .select({ status: outbox.status, error: outbox.error })
      .from(outbox)
      .where(and(eq(outbox.id, id), eq(outbox.accountId, actor.accountId)))
      .for('update');
    // Another account's mail is one that does not exist, whoever asks.
    if (!row) throw new AppError('NOT_FOUND');
    requireAllowed(mayOpenSettingsSection(actor, 'mail'));
    if (row.status === 'sent' || row.status === 'kept' || row.error === null)
      throw new AppError('CONFLICT', { data: { reason: row.status } });
    const ids = await requeue(command.tx, { accountId: actor.accountId, id }, now());
    await recordActivity(command.tx, actor, { entity: 'mail', entityId: id, action: 'resend' });
    command.afterCommit(() => ctx.mailer.handOn(ids));
    return { count: ids.length };
  });
}

/** POST /api/settings/mail/resend: queues every undelivered mail of the account again. */
export async function resendAllMail(ctx: AppContext, actor: Actor): Promise<{ count: number }> {
  requireAllowed(mayOpenSettingsSection(actor, 'mail'));
  return runCommand(ctx, actor, async (command) => {
    const ids = await requeue(command.tx, { accountId: actor.accountId }, now());
    if (ids.length) {
      await recordActivity(command.tx, actor, { entity: 'mail', action: 'resend', after: { count: ids.length } });
      command.afterCommit(() => ctx.mailer.handOn(ids));
    }
    return { count: ids.length };
  });
}

import { randomUUID } from 'node:crypto';
import { type Locale, WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_MINUTES } from '@app/contracts';
import { localizedPath, now } from '@app/domain';
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { accounts, memberships, users, webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { loggableError } from '../../platform/log-safe';
import { formatMailDate } from '../../platform/mail/format';
import { webhookHeaders } from './signature';

/**
 * The webhook worker (docs/product/api.md): claims due deliveries of enabled endpoints with a lease (two workers never
 * send the same try), signs and posts each, and records the receiver's status. A 2xx is delivered; anything else is
 * tried again after a growing wait (`WEBHOOK_RETRY_MINUTES`) until `WEBHOOK_MAX_ATTEMPTS`; a delivery that used them
 * all without the endpoint accepting anything since it was made switches the endpoint off and mails the owners.
 */

type DeliveryRow = typeof webhookDeliveries.$inferSelect;

/** How long a worker holds a claimed delivery: one try takes at most ten seconds. */
const LEASE_MS = 60_000;
const BATCH = 20;

const due = (at: Date) => and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, at));

async function claimDue(db: Db, at: Date, ids?: string[]): Promise<{ lease: string; rows: DeliveryRow[] }> {
  const lease = randomUUID();
  const enabled = db
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.enabled, true));
  const picked = db
    .select({ id: webhookDeliveries.id })
    .from(webhookDeliveries)
    .where(
      and(
        due(at),
        inArray(webhookDeliveries.endpointId, enabled),
        ids ? inArray(webhookDeliveries.id, ids) : undefined,
      ),
    )
    .orderBy(asc(webhookDeliveries.nextAttemptAt))
    .limit(BATCH)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(webhookDeliveries)
    .set({
      lease,
      nextAttemptAt: new Date(at.getTime() + LEASE_MS),
      attempts: sql`${webhookDeliveries.attempts} + 1`,
      lastAttemptAt: at,
    })
    .where(and(inArray(webhookDeliveries.id, picked), due(at)))
    .returning();
  rows.sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  return { lease, rows };
}

/** The body a delivery posts. */
export const webhookBody = (row: Pick<DeliveryRow, 'event' | 'payload' | 'createdAt'>) =>
  JSON.stringify({ type: row.event, timestamp: row.createdAt.toISOString(), data: row.payload });

/** Sends one try; answers the receiver's status, or null and the reason when it could not be reached. */
export async function attempt(
  ctx: Pick<AppContext, 'webhooks'>,
  endpoint: { url: string; secret: string },
  row: Pick<DeliveryRow, 'event' | 'payload' | 'createdAt' | 'messageId'>,
  at: Date,
): Promise<{ status: number | null; error: string | null }> {
  const body = webhookBody(row);
  const headers = webhookHeaders(endpoint.secret, row.messageId, Math.floor(at.getTime() / 1000), body);
  try {
    const status = await ctx.webhooks.post(endpoint.url, headers, body);
    return { status, error: status >= 200 && status < 300 ? null : `HTTP ${status}` };
  } catch (err) {
    // Only the kind of failure is kept (a refused address, a timeout), never what the receiver said.
    const code = (err as NodeJS.ErrnoException).code;
    return { status: null, error: code ?? 'unreachable' };
  }
}

/** Tells the account's owners, in their language, that an endpoint was switched off. */
async function disableEndpoint(ctx: AppContext, endpointId: string, since: Date) {
  await runCommand(ctx, null, async (command) => {
    const { tx } = command;
    const [endpoint] = await tx
      .update(webhookEndpoints)
      .set({ enabled: false, disabledReason: 'failures', disabledAt: now() })
      .where(and(eq(webhookEndpoints.id, endpointId), eq(webhookEndpoints.enabled, true)))
      .returning();
    if (!endpoint) return;
    const [account] = await tx
      .select({ name: accounts.name })
      .from(accounts)
      .where(eq(accounts.id, endpoint.accountId));
    const owners = await tx
      .select({ email: users.email, fname: users.fname, locale: users.locale })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(memberships.accountId, endpoint.accountId),
          eq(memberships.status, 'active'),
          sql`${memberships.roles} @> array['owner']::text[]`,
        ),
      );
    const day = since.toISOString().slice(0, 10);
    await ctx.mailer.sendAll(
      command,
      owners.map((o) => {
        const locale = o.locale as Locale;
        return {
          to: o.email,
          locale,
          template: 'webhookDisabled' as const,
          accountId: endpoint.accountId,
          params: {
            name: o.fname,
            url: endpoint.url,
            account: account?.name ?? '',
            since: formatMailDate(day, locale),
            link: `${ctx.config.publicUrl}${localizedPath('apiAccess', locale)}`,
          },
        };
      }),
    );
  });
}

/** Records how a try went, only while the delivery is still held under `lease`. */
async function settle(
  ctx: AppContext,
  row: DeliveryRow,
  lease: string,
  outcome: { status: number | null; error: string | null },
  at: Date,
) {
  const db = ctx.owner;
  const held = and(eq(webhookDeliveries.id, row.id), eq(webhookDeliveries.lease, lease));
  if (outcome.error === null) {
    await db
      .update(webhookDeliveries)
      .set({ status: 'delivered', responseStatus: outcome.status, error: null, lease: null })
      .where(held);
    await db.update(webhookEndpoints).set({ lastSuccessAt: at }).where(eq(webhookEndpoints.id, row.endpointId));
    return;
  }
  const exhausted = row.attempts >= WEBHOOK_MAX_ATTEMPTS;
  const wait = WEBHOOK_RETRY_MINUTES[Math.min(row.attempts, WEBHOOK_RETRY_MINUTES.length) - 1] * 60_000;
  const [settled] = await db
    .update(webhookDeliveries)
    .set({
      status: exhausted ? 'failed' : 'pending',
      responseStatus: outcome.status,
      error: outcome.error,
      lease: null,
      nextAttemptAt: exhausted ? at : new Date(at.getTime() + wait),
    })
    .where(held)
    .returning({ id: webhookDeliveries.id });
  if (!settled || !exhausted) return;
  // Persistent failure: every try of this event failed and nothing was accepted since it was made.
  const [endpoint] = await db
    .select({ lastSuccessAt: webhookEndpoints.lastSuccessAt })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.id, row.endpointId));
  if (endpoint && (!endpoint.lastSuccessAt || endpoint.lastSuccessAt < row.createdAt)) {
    await disableEndpoint(ctx, row.endpointId, endpoint.lastSuccessAt ?? row.createdAt);
  }
}

/**
 * One pass of the worker: delivers every due delivery (only `ids` when given), batch after batch. Answers how many
 * tries it made. Runs as the owner: the queue spans accounts.
 */
export async function deliverDueWebhooks(ctx: AppContext, opts: { ids?: string[] } = {}): Promise<number> {
  let tries = 0;
  for (;;) {
    const at = now();
    const { lease, rows } = await claimDue(ctx.owner, at, opts.ids);
    if (rows.length === 0) return tries;
    const endpoints = await ctx.owner
      .select({ id: webhookEndpoints.id, url: webhookEndpoints.url, secret: webhookEndpoints.secret })
      .from(webhookEndpoints)
      .where(inArray(webhookEndpoints.id, [...new Set(rows.map((r) => r.endpointId))]));
    for (const row of rows) {
      const endpoint = endpoints.find((e) => e.id === row.endpointId);
      if (!endpoint) continue;
      try {
        const outcome = await attempt(ctx, endpoint, row, at);
        await settle(ctx, row, lease, outcome, now());
      } catch (err) {
        ctx.log.warn({ error: loggableError(err) }, 'webhook delivery not settled');
      }
      tries += 1;
    }
  }
}

import type {
  WebhookCreated,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventName,
  WebhookRequest,
  WebhookTestResult,
  WebhookUpdateRequest,
} from '@app/contracts';
import { mayManageIntegrations, now } from '@app/domain';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { attempt } from './delivery';
import { newMessageId } from './events';
import { newWebhookSecret } from './signature';

/**
 * Webhook endpoints (docs/product/api.md): owners register addresses for events, see each endpoint's deliveries,
 * send a test, and switch an endpoint off and on. The signing secret is answered once, when the endpoint is made.
 */

type EndpointRow = typeof webhookEndpoints.$inferSelect;

/** The deliveries shown per endpoint, newest first. */
const DELIVERY_LOG_SIZE = 50;

const present = (row: EndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  events: row.events as WebhookEventName[] as WebhookEndpoint['events'],
  enabled: row.enabled,
  disabledReason: (row.disabledReason as WebhookEndpoint['disabledReason']) ?? null,
  createdAt: row.createdAt.toISOString(),
  lastSuccessAt: row.lastSuccessAt?.toISOString() ?? null,
});

/** The address passes the outbound guard (https, public, no credentials), else 422 on the field. */
function requireAllowedUrl(ctx: AppContext, url: string) {
  if (!ctx.webhooks.allows(url)) throw fieldError({ url: ['validation.webhookUrl'] });
}

async function endpointOf(db: DbOrTx, actor: Actor, id: string, lock = false): Promise<EndpointRow> {
  const query = db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.accountId, actor.accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  requireAllowed(mayManageIntegrations(actor));
  return row;
}

export async function listWebhooks(ctx: AppContext, actor: Actor): Promise<WebhookEndpoint[]> {
  requireAllowed(mayManageIntegrations(actor));
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.accountId, actor.accountId))
    .orderBy(asc(webhookEndpoints.createdAt));
  return rows.map(present);
}

export async function createWebhook(ctx: AppContext, actor: Actor, input: WebhookRequest): Promise<WebhookCreated> {
  requireAllowed(mayManageIntegrations(actor));
  requireAllowed(!actor.shadow);
  requireAllowedUrl(ctx, input.url);
  const secret = newWebhookSecret();
  return runCommand(ctx, actor, async ({ tx }) => {
    const [row] = await tx
      .insert(webhookEndpoints)
      .values({
        accountId: actor.accountId,
        url: input.url,
        description: input.description,
        events: [...new Set(input.events)],
        secret,
        createdAt: now(),
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'webhook', entityId: row.id, action: 'create', after: present(row) });
    return { endpoint: present(row), secret };
  });
}

export async function updateWebhook(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: WebhookUpdateRequest,
): Promise<WebhookEndpoint> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const before = await endpointOf(tx, actor, id, true);
    requireAllowedUrl(ctx, input.url);
    const at = now();
    const switchedOn = input.enabled && !before.enabled;
    const [row] = await tx
      .update(webhookEndpoints)
      .set({
        url: input.url,
        description: input.description,
        events: [...new Set(input.events)],
        enabled: input.enabled,
        disabledReason: input.enabled ? null : before.enabled ? 'owner' : before.disabledReason,
        disabledAt: input.enabled ? null : (before.disabledAt ?? at),
      })
      .where(eq(webhookEndpoints.id, id))
      .returning();
    // Switched back on: what waited goes out now rather than at its next planned try.
    if (switchedOn) {
      await tx
        .update(webhookDeliveries)
        .set({ nextAttemptAt: at })
        .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.status, 'pending')));
    }
    await recordActivity(tx, actor, {
      entity: 'webhook',
      entityId: id,
      action: 'update',
      before: present(before),
      after: present(row),
    });
    return present(row);
  });
}

export async function deleteWebhook(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async ({ tx }) => {
    const before = await endpointOf(tx, actor, id, true);
    await tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id));
    await recordActivity(tx, actor, { entity: 'webhook', entityId: id, action: 'delete', before: present(before) });
  });
}

export async function webhookDeliveryLog(ctx: AppContext, actor: Actor, id: string): Promise<WebhookDelivery[]> {
  await endpointOf(ctx.db, actor, id);
  const rows = await ctx.db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, id), eq(webhookDeliveries.accountId, actor.accountId)))
    .orderBy(desc(webhookDeliveries.createdAt))
    .limit(DELIVERY_LOG_SIZE);
  return rows.map((r) => ({
    id: r.id,
    messageId: r.messageId,
    event: r.event,
    status: r.status,
    attempts: r.attempts,
    responseStatus: r.responseStatus,
    createdAt: r.createdAt.toISOString(),
    lastAttemptAt: r.lastAttemptAt?.toISOString() ?? null,
  }));
}

/**
 * The "send test" button: one signed `webhook.test` delivery, sent now (also to a switched-off endpoint, to see it
 * work before switching it on), answered with the receiver's status and kept in the delivery log. It is not retried.
 */
export async function testWebhook(ctx: AppContext, actor: Actor, id: string): Promise<WebhookTestResult> {
  const endpoint = await endpointOf(ctx.db, actor, id);
  const at = now();
  const row = {
    event: 'webhook.test',
    payload: { endpoint: endpoint.id },
    createdAt: at,
    messageId: newMessageId(),
  };
  const outcome = await attempt(ctx, endpoint, row, at);
  const ok = outcome.error === null;
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.insert(webhookDeliveries).values({
      ...row,
      accountId: actor.accountId,
      endpointId: endpoint.id,
      status: ok ? 'delivered' : 'failed',
      attempts: 1,
      nextAttemptAt: at,
      lastAttemptAt: at,
      responseStatus: outcome.status,
      error: outcome.error,
    });
    if (ok) await tx.update(webhookEndpoints).set({ lastSuccessAt: at }).where(eq(webhookEndpoints.id, endpoint.id));
  });
  return { ok, responseStatus: outcome.status };
}

import { WEBHOOK_EVENT_PAYLOADS, type WebhookEventName, type WebhookPayloads } from '@app/contracts';
import { now } from '@app/domain';
import { and, arrayContains, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints } from '../../db/schema';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { randomToken } from '../../platform/tokens';

/** A Standard Webhooks message id: the same on every try and every endpoint of one event. */
export const newMessageId = () => `msg_${randomToken(18)}`;

/**
 * Records an event for the account's webhooks inside the change's command (docs/product/api.md): one delivery per
 * enabled endpoint that listens to it, written in the change's transaction, so a committed change always has its
 * deliveries and a rolled-back one none. The payload is parsed by the event's contract schema (what is not in it
 * never leaves). The worker is nudged after the commit.
 */
export function recordWebhook<E extends WebhookEventName>(
  ctx: AppContext,
  command: Command,
  accountId: string,
  event: E,
  payload: WebhookPayloads[E],
): Promise<void> {
  return recordWebhooks(ctx, command, accountId, event, [payload]);
}

/** Several events of one kind (a bulk approval): one message per payload, in one insert. */
export async function recordWebhooks<E extends WebhookEventName>(
  ctx: AppContext,
  command: Command,
  accountId: string,
  event: E,
  payloads: WebhookPayloads[E][],
): Promise<void> {
  if (payloads.length === 0) return;
  const endpoints = await command.tx
    .select({ id: webhookEndpoints.id })
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.accountId, accountId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [event]),
      ),
    );
  if (endpoints.length === 0) return;
  const at = now();
  const messages = payloads.map((payload) => ({
    messageId: newMessageId(),
    data: WEBHOOK_EVENT_PAYLOADS[event].parse(payload) as Record<string, unknown>,
  }));
  await command.tx.insert(webhookDeliveries).values(
    messages.flatMap(({ messageId, data }) =>
      endpoints.map((e) => ({
        accountId,
        endpointId: e.id,
        messageId,
        event,
        payload: data,
        nextAttemptAt: at,
        createdAt: at,
      })),
    ),
  );
  command.afterCommit(() => (ctx.jobs.running ? ctx.jobs.send('webhooks.deliver', [{}]) : undefined));
}

import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * Standard Webhooks signatures (docs/product/api.md): the secret is `whsec_` and base64 of 24 random bytes; each
 * delivery carries `webhook-id`, `webhook-timestamp` (seconds) and `webhook-signature: v1,<base64 HMAC-SHA256 of
 * "id.timestamp.body">`, so a receiver checks it with any Standard Webhooks library.
 */

const PREFIX = 'whsec_';

export const newWebhookSecret = () => `${PREFIX}${randomBytes(24).toString('base64')}`;

const keyOf = (secret: string) =>
  Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');

export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const mac = createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64');
  return `v1,${mac}`;
}

/** The headers of one delivery. */
export function webhookHeaders(secret: string, id: string, timestamp: number, body: string): Record<string, string> {
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': signWebhook(secret, id, timestamp, body),
    'user-agent': 'Rosterly-Webhooks/1',
  };
}

/** Whether one of the signatures (space separated, as the convention allows during a secret's rotation) is ours. */
export function verifyWebhook(secret: string, headers: Record<string, string | undefined>, body: string): boolean {
  const id = headers['webhook-id'];
  const timestamp = Number(headers['webhook-timestamp']);
  const given = headers['webhook-signature'];
  if (!id || !Number.isInteger(timestamp) || !given) return false;
  const expected = Buffer.from(signWebhook(secret, id, timestamp, body));
  return given.split(' ').some((sig) => {
    const b = Buffer.from(sig);
    return b.length === expected.length && timingSafeEqual(b, expected);
  });
}

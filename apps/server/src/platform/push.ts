import { isIP } from 'node:net';
import { isPushServiceUrl } from '@app/contracts';
import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { appState } from '../db/schema';
import { guardedAgent } from './outbound';

export interface PushTarget {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface PushSender {
  /** The VAPID public key browsers subscribe with (base64url). */
  publicKey(): Promise<string>;
  /**
   * Sends one push; `gone` when the push service says the subscription no longer exists (404, 410). Throws, and
   * connects nowhere, for an endpoint that is not a push service's (a subscription stored before that rule) or a
   * name that resolves to an address that is not public.
   */
  send(target: PushTarget, payload: string): Promise<{ gone: boolean }>;
}

const KEY = 'vapid';

/**
 * The VAPID key pair: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, else a pair generated once and kept in `app_state`, so
 * every instance signs with the same key and browsers' subscriptions survive restarts.
 */
async function loadKeys(db: Db, config: Config): Promise<{ publicKey: string; privateKey: string }> {
  if (config.vapid) return config.vapid;
  const [row] = await db.select().from(appState).where(eq(appState.key, KEY));
  if (row) return JSON.parse(row.value);
  const fresh = webpush.generateVAPIDKeys();
  await db
    .insert(appState)
    .values({ key: KEY, value: JSON.stringify(fresh), updatedAt: now() })
    .onConflictDoNothing();
  // Two instances starting together: the first write wins, both use it.
  const [kept] = await db.select().from(appState).where(eq(appState.key, KEY));
  return JSON.parse(kept.value);
}

/** How long one push may take; a push service answers in well under a second. */
const PUSH_TIMEOUT_MS = 10_000;

/** Whether the server may send to this endpoint at all: a push service's https URL, by name (never an IP). */
export function pushEndpointAllowed(endpoint: string): boolean {
  if (!isPushServiceUrl(endpoint)) return false;
  return isIP(new URL(endpoint).hostname.replace(/^\[|\]$/g, '')) === 0;
}

export function createPushSender(db: Db, config: Config): PushSender {
  // Every push connects through it: the address connected is the one checked (platform/outbound.ts).
  const agent = guardedAgent();
  let keys: Promise<{ publicKey: string; privateKey: string }> | null = null;
  const vapid = () => {
    keys ??= loadKeys(db, config).catch((err) => {
      keys = null;
      throw err;
    });
    return keys;
  };
  return {
    async publicKey() {
      return (await vapid()).publicKey;
    },
    async send(target, payload) {
      if (!pushEndpointAllowed(target.endpoint)) throw new Error('push endpoint is not a push service');
      const { publicKey, privateKey } = await vapid();
      try {
        await webpush.sendNotification(target, payload, {
          TTL: 24 * 60 * 60,
          agent,
          timeout: PUSH_TIMEOUT_MS,
          vapidDetails: {
            subject: config.publicUrl.startsWith('https:') ? config.publicUrl : 'mailto:no-reply@rosterly.test',
            publicKey,
            privateKey,
          },
        });
        return { gone: false };
      } catch (err) {
        const status = (err as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return { gone: true };
        throw err;
      }
    },
  };
}

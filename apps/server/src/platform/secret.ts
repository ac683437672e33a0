import { createHmac, randomBytes } from 'node:crypto';
import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { appState } from '../db/schema';
import { safeEqual } from './tokens';

const KEY = 'secret';
const kept = new WeakMap<Db, Promise<string>>();

/**
 * The server's secret behind signed links: APP_SECRET, else one generated once and kept in `app_state`, so every
 * instance signs alike and links survive restarts. Read through the owner's handle (app_state has no tenant).
 */
export function serverSecret(db: Db, config: Pick<Config, 'appSecret'>): Promise<string> {
  if (config.appSecret) return Promise.resolve(config.appSecret);
  let secret = kept.get(db);
  if (!secret) {
    secret = (async () => {
      const [row] = await db.select().from(appState).where(eq(appState.key, KEY));
      if (row) return row.value;
      await db
        .insert(appState)
        .values({ key: KEY, value: randomBytes(32).toString('base64url'), updatedAt: now() })
        .onConflictDoNothing();
      // Two instances starting together: the first write wins, both use it.
      const [first] = await db.select().from(appState).where(eq(appState.key, KEY));
      return first.value;
    })();
    secret.catch(() => kept.delete(db));
    kept.set(db, secret);
  }
  return secret;
}

/** An HMAC of `purpose:value` with the server's secret, URL-safe and 32 characters long. */
export const signValue = (secret: string, purpose: string, value: string) =>
  createHmac('sha256', secret).update(`${purpose}:${value}`).digest('base64url').slice(0, 32);

/** Whether `hash` is the signature of `purpose:value`, compared in constant time. */
export const verifySigned = (secret: string, purpose: string, value: string, hash: string) =>
  safeEqual(signValue(secret, purpose, value), hash);

import {
  type AccountStatus,
  API_TOKEN_PREFIX,
  type ApiScope,
  knownRights,
  type Locale,
  type ModuleKey,
  type Role,
} from '@app/contracts';
import { accountUse, now as clockNow, memberHasRole } from '@app/domain';
import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import { eq } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client';
import { accounts, apiTokens, memberships, users } from '../db/schema';
import { settingsOfAccount } from './account-settings';
import type { Actor } from './actor';
import type { SessionMember } from './session';
import { randomToken, sha256 } from './tokens';

/**
 * Access tokens of the public API (docs/product/api.md). A token is `rst_` and 32 random bytes: with that much
 * entropy nobody guesses one, so a plain SHA-256 of it is a safe thing to store (a slow password hash protects
 * low-entropy secrets people choose; here it would only slow every call) and lets the lookup be one indexed read.
 */

/** A new secret, its stored hash, and the prefix lists show. */
export function newTokenSecret(): { secret: string; hash: string; prefix: string } {
  const secret = `${API_TOKEN_PREFIX}${randomToken(32)}`;
  return { secret, hash: sha256(secret), prefix: secret.slice(0, API_TOKEN_PREFIX.length + 6) };
}

/** The bearer token of a request, or null when it sends none (then the cookie session applies). */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return null;
  const m = /^Bearer[ ]+(\S+)\s*$/i.exec(header);
  return m ? m[1] : header.trim() === '' ? null : '';
}

/** Writes to last_used_at at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

export interface ResolvedToken {
  id: string;
  scopes: ApiScope[];
  actor: Actor;
  member: SessionMember;
}

/**
 * The live token behind a secret with the member it acts as, or null: unknown, revoked, expired, or its member can
 * no longer act (inactive, another person's membership, an integration token whose maker is no longer an owner).
 * `db` is the owner's handle: the token names its account.
 */
export async function resolveToken(db: Db, secret: string, at = clockNow()): Promise<ResolvedToken | null> {
  if (!secret.startsWith(API_TOKEN_PREFIX) || secret.length > 100) return null;
  const [row] = await db
    .select({ token: apiTokens, membership: memberships, account: accounts, user: users })
    .from(apiTokens)
    .innerJoin(memberships, eq(memberships.id, apiTokens.membershipId))
    .innerJoin(accounts, eq(accounts.id, apiTokens.accountId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(apiTokens.tokenHash, sha256(secret)));
  if (!row) return null;
  const { token, membership, account, user } = row;
  if (token.revokedAt || token.expiresAt.getTime() <= at.getTime()) return null;
  if (membership.accountId !== token.accountId || membership.status !== 'active') return null;
  const roles = membership.roles as Role[];
  if (accountUse(account.status as AccountStatus, roles) === 'none') return null;
  if (token.kind === 'integration' && !memberHasRole({ roles }, 'owner')) return null;
  if (!token.lastUsedAt || at.getTime() - token.lastUsedAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, token.id));
  }
  const actor: Actor = {
    // Not a session: realtime echo and session-bound work see the token instead.
    sessionId: `token:${token.id}`,
    userId: user.id,
    accountId: account.id,
    membershipId: membership.id,
    roles,
    rights: knownRights(membership.rights),
    managerLimited: membership.managerLimited,
    plannerRestricted: membership.plannerRestricted,
    superUser: false,
    modules: account.modules as ModuleKey[],
    settings: settingsOfAccount(account),
    shadow: false,
    locale: user.locale as Locale,
  };
  return { id: token.id, scopes: token.scopes as ApiScope[], actor, member: { membership, account, user } };
}

/** The per-token rate limit: counted in Redis while it answers, else in this process (platform/rate-store.ts). */
export interface TokenLimiter {
  /** Counts one call; answers the seconds to wait when the token is over its limit, else null. */
  hit(key: string): Promise<number | null>;
}

export function tokenLimiter(Store: FastifyRateLimitStoreCtor, perMinute: number): TokenLimiter {
  // The store's own constructor takes a key prefix after the plugin's options (platform/rate-store.ts).
  const WithPrefix = Store as unknown as new (options: unknown, prefix: string) => FastifyRateLimitStore;
  const store = new WithPrefix({}, 'api-token:');
  const windowMs = 60_000;
  return {
    hit(key) {
      return new Promise((resolve) => {
        store.incr(
          key,
          (error, result) => {
            if (error || !result) return resolve(null);
            resolve(result.current > perMinute ? Math.max(1, Math.ceil(result.ttl / 1000)) : null);
          },
          windowMs,
          perMinute,
        );
      });
    },
  };
}

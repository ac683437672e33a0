import { type Locale, type ModuleKey, type Role, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@app/contracts';
import { now as clockNow } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { accounts, memberships, sessions, users } from '../db/schema';
import type { Actor } from './actor';
import { randomToken, sha256 } from './tokens';

export type SessionRecord = typeof sessions.$inferSelect;
export type TwoFactorState = 'none' | 'verify' | 'setup';

/** Writes to last_seen_at at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Starts a new session (a new id on every login) and answers the cookie token and CSRF token. */
export async function createSession(
  db: DbOrTx,
  input: {
    userId: string;
    accountId: string;
    membershipId: string;
    locale: Locale;
    mobile?: boolean;
    twoFactor?: TwoFactorState;
    shadow?: boolean;
  },
): Promise<{ token: string; csrfToken: string; id: string }> {
  const token = randomToken();
  const csrfToken = randomToken();
  const id = sha256(token);
  const started = clockNow();
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    accountId: input.accountId,
    membershipId: input.membershipId,
    csrfToken,
    locale: input.locale,
    mobile: input.mobile ?? false,
    twoFactor: input.twoFactor ?? 'none',
    shadow: input.shadow ?? false,
    createdAt: started,
    lastSeenAt: started,
  });
  return { token, csrfToken, id };
}

/** The live session behind a cookie token; expired sessions (idle or absolute) are removed and answer null. */
export async function findSession(
  db: DbOrTx,
  token: string | undefined,
  now = clockNow(),
): Promise<SessionRecord | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id));
  if (!row) return null;
  const idle = now.getTime() - row.lastSeenAt.getTime() > SESSION_IDLE_MS;
  const absolute = now.getTime() - row.createdAt.getTime() > SESSION_ABSOLUTE_MS;
  if (idle || absolute) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  return row;
}

export async function endSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session acting as this membership (e.g. when the member is set inactive). */
export async function endMembershipSessions(db: DbOrTx, membershipId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.membershipId, membershipId));
}

/**
 * The actor behind a complete session, or null when the membership is no longer active or the account is gone:
 * such a session is ended.
 */
export async function loadActor(db: DbOrTx, session: SessionRecord): Promise<Actor | null> {
  if (!session.accountId || !session.membershipId) return null;
  const [row] = await db
    .select({
      membership: memberships,
      superUser: users.superUser,
      accountStatus: accounts.status,
      modules: accounts.modules,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, session.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(memberships.id, session.membershipId), eq(memberships.accountId, session.accountId)));
  const usable = row && row.membership.status === 'active' && row.accountStatus !== 'deleted';
  const ownsIt = row && (row.membership.userId === session.userId || (session.shadow && row.superUser));
  if (!usable || !ownsIt) {
    await endSession(db, session.id);
    return null;
  }
  return {
    sessionId: session.id,
    userId: session.userId,
    accountId: session.accountId,
    membershipId: session.membershipId,
    roles: row.membership.roles as Role[],
    rights: row.membership.rights,
    managerLimited: row.membership.managerLimited,
    superUser: row.superUser,
    modules: row.modules as ModuleKey[],
    shadow: session.shadow,
    locale: session.locale as Locale,
  };
}

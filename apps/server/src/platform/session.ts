import { type Locale, type ModuleKey, type Role, SESSION_ABSOLUTE_MS, SESSION_IDLE_MS } from '@app/contracts';
import { now as clockNow } from '@app/domain';
import { and, eq, sql } from 'drizzle-orm';
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

function buildSessionQuery(db: DbOrTx) {
  return db
    .select({ session: sessions, user: users, membership: memberships, account: accounts })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.id, sessions.membershipId), eq(memberships.accountId, sessions.accountId)),
    )
    .leftJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(sessions.id, sql.placeholder('id')))
    .prepare('resolve_session');
}

/** Every request runs this query: it is built once per database and prepared, not rebuilt per call. */
const preparedSessionQueries = new WeakMap<DbOrTx, ReturnType<typeof buildSessionQuery>>();
function sessionQuery(db: DbOrTx) {
  let query = preparedSessionQueries.get(db);
  if (!query) {
    query = buildSessionQuery(db);
    preparedSessionQueries.set(db, query);
  }
  return query;
}

/** What a complete session acts as: its membership, the membership's account, and the session's own user. */
export interface SessionMember {
  membership: typeof memberships.$inferSelect;
  account: typeof accounts.$inferSelect;
  /** The signed-in user (a super user acting as an account's owner is not that owner). */
  user: typeof users.$inferSelect;
}

export interface ResolvedSession {
  session: SessionRecord;
  /** Null while the session has no membership, or when it is gone. */
  member: SessionMember | null;
}

/**
 * The live session behind a cookie token with the member it acts as, in one round trip (every API call starts
 * here); expired sessions (idle or absolute) are removed and answer null.
 */
export async function resolveSession(
  db: DbOrTx,
  token: string | undefined,
  now = clockNow(),
): Promise<ResolvedSession | null> {
  if (!token || token.length > 100) return null;
  const id = sha256(token);
  const [row] = await sessionQuery(db).execute({ id });
  if (!row) return null;
  const { session } = row;
  const idle = now.getTime() - session.lastSeenAt.getTime() > SESSION_IDLE_MS;
  const absolute = now.getTime() - session.createdAt.getTime() > SESSION_ABSOLUTE_MS;
  if (idle || absolute) {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (now.getTime() - session.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
  }
  const member =
    row.membership && row.account ? { membership: row.membership, account: row.account, user: row.user } : null;
  return { session, member };
}

/** The live session behind a cookie token; expired sessions (idle or absolute) are removed and answer null. */
export async function findSession(
  db: DbOrTx,
  token: string | undefined,
  now = clockNow(),
): Promise<SessionRecord | null> {
  return (await resolveSession(db, token, now))?.session ?? null;
}

export async function endSession(db: DbOrTx, id: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, id));
}

/** Ends every session acting as this membership (e.g. when the member is set inactive). */
export async function endMembershipSessions(db: DbOrTx, membershipId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.membershipId, membershipId));
}

/**
 * The actor of a session and its member, or null when the membership is no longer active, the account is gone, or
 * the membership is not the session user's (unless a super user acts in shadow). Pure: the caller ends the session.
 */
export function actorOfMember(session: SessionRecord, member: SessionMember | null): Actor | null {
  if (!session.accountId || !session.membershipId || !member) return null;
  const { membership, account, user } = member;
  const usable = membership.status === 'active' && account.status !== 'deleted';
  const ownsIt = membership.userId === session.userId || (session.shadow && user.superUser);
  if (!usable || !ownsIt) return null;
  return {
    sessionId: session.id,
    userId: session.userId,
    accountId: session.accountId,
    membershipId: session.membershipId,
    roles: membership.roles as Role[],
    rights: membership.rights,
    managerLimited: membership.managerLimited,
    plannerRestricted: membership.plannerRestricted,
    superUser: user.superUser,
    modules: account.modules as ModuleKey[],
    shadow: session.shadow,
    locale: session.locale as Locale,
  };
}

/**
 * The actor behind a complete session, or null when the membership is no longer active or the account is gone:
 * such a session is ended.
 */
export async function loadActor(db: DbOrTx, session: SessionRecord): Promise<Actor | null> {
  const [row] = await db
    .select({ user: users, membership: memberships, account: accounts })
    .from(users)
    .innerJoin(memberships, eq(memberships.id, session.membershipId ?? sql`null`))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.id, session.userId), eq(memberships.accountId, session.accountId ?? sql`null`)));
  const actor = actorOfMember(session, row ?? null);
  if (!actor) await endSession(db, session.id);
  return actor;
}

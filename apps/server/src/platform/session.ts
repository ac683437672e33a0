import {
  type AccountStatus,
  knownRights,
  type Locale,
  type ModuleKey,
  type Role,
  SESSION_ABSOLUTE_MS,
  SESSION_IDLE_MS,
} from '@app/contracts';
import { accountUse, now as clockNow } from '@app/domain';
import { and, eq, ne, type SQL, sql } from 'drizzle-orm';
import type { ChangeFeed, Database, DbOrTx, RowChange, Tx } from '../db/client';
import { accounts, memberships, sessions, users } from '../db/schema';
import { settingsOfAccount } from './account-settings';
import type { Actor } from './actor';
import { randomToken, sha256 } from './tokens';

export type SessionRecord = typeof sessions.$inferSelect;
export type TwoFactorState = 'none' | 'verify' | 'setup';

/** Writes to last_seen_at at most this often, so reads stay reads. */
const TOUCH_EVERY_MS = 60_000;

/** Starts a new session (a new id on every login) and answers the cookie token and CSRF token. */
export async function createSession(
  db: Tx,
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

/** The query behind a cache miss: it is built once per database and prepared, not rebuilt per call. */
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
    await deleteSessions(db, { id });
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

/**
 * Which sessions to end: one, every one of a user (but `except`), every one acting as a membership, or every one
 * in an account (a deleted account).
 */
export type SessionScope =
  | { id: string }
  | { userId: string; except?: string }
  | { membershipId: string }
  | { accountId: string };

function scopeWhere(scope: SessionScope): SQL | undefined {
  if ('id' in scope) return eq(sessions.id, scope.id);
  if ('membershipId' in scope) return eq(sessions.membershipId, scope.membershipId);
  if ('accountId' in scope) return eq(sessions.accountId, scope.accountId);
  return scope.except
    ? and(eq(sessions.userId, scope.userId), ne(sessions.id, scope.except))
    : eq(sessions.userId, scope.userId);
}

/**
 * Deletes sessions and answers their ids: the one place session rows are deleted. Everything that revokes a session
 * goes through `revokeSessions` (platform/revoke.ts), which also closes the sessions' sockets.
 */
export async function deleteSessions(db: DbOrTx, scope: SessionScope): Promise<string[]> {
  const rows = await db.delete(sessions).where(scopeWhere(scope)).returning({ id: sessions.id });
  return rows.map((r) => r.id);
}

/**
 * The actor of a session and its member, or null when the membership is no longer active, the account is gone, or
 * the membership is not the session user's (unless a super user acts in shadow). Pure: the caller ends the session.
 */
export function actorOfMember(session: SessionRecord, member: SessionMember | null): Actor | null {
  if (!session.accountId || !session.membershipId || !member) return null;
  const { membership, account, user } = member;
  // A deleted account is of no use to anyone (docs/product/account-access.md): its sessions end.
  const usable =
    membership.status === 'active' &&
    accountUse(account.status as AccountStatus, membership.roles as Role[]) !== 'none';
  const ownsIt = membership.userId === session.userId || (session.shadow && user.superUser);
  if (!usable || !ownsIt) return null;
  return {
    sessionId: session.id,
    userId: session.userId,
    accountId: session.accountId,
    membershipId: session.membershipId,
    roles: membership.roles as Role[],
    rights: knownRights(membership.rights),
    managerLimited: membership.managerLimited,
    plannerRestricted: membership.plannerRestricted,
    superUser: user.superUser,
    modules: account.modules as ModuleKey[],
    settings: settingsOfAccount(account),
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
  if (!actor) await deleteSessions(db, { id: session.id });
  return actor;
}

/** How long a cached session is trusted without a change notification: a bound for anything unforeseen. */
const CACHE_TTL_MS = 60_000;
/** How many sessions one instance keeps (the oldest go first). */
const CACHE_SIZE = 20_000;

interface CacheEntry {
  resolved: ResolvedSession;
  /** performance.now() when it was read. */
  readAt: number;
  /** Answers built from the session's rows (the init answer), dropped with the entry. */
  memos: Map<string, unknown>;
  /** Accounts the memos show besides the session's own (the user's account list). */
  accounts: Set<string>;
}

const ids = (value: string[] | string | undefined): string[] =>
  value === undefined ? [] : Array.isArray(value) ? value : [value];

/**
 * The session, membership, account and user behind a cookie, kept in memory between requests: with it the calls a
 * page makes on every load (`/api/app/init`) and every API call skip the session query.
 *
 * It stays true through the database's change notifications (`db/rls.ts` installs triggers on the rows it holds;
 * `Database.watchChanges` delivers them): a change to a session, its user, its membership (or any membership of the
 * user, whose account list init shows), an account, the membership's locations or the version row drops the
 * entries built from it. A change on this instance is delivered before the write that made it returns, so a
 * signed-out or deactivated session fails at its very next request; another instance hears of it as soon as
 * PostgreSQL notifies it. A read that overlaps a change is not kept (a generation count), entries expire after a
 * minute whatever happens, and while PostgreSQL's listener is down nothing is cached.
 */
export class SessionCache {
  readonly #db: DbOrTx;
  readonly #entries = new Map<string, CacheEntry>();
  #generation = 0;
  #feed: ChangeFeed | null = null;

  /** `db` is the owner's handle: finding a session by its token spans accounts by design. */
  constructor(db: DbOrTx) {
    this.#db = db;
  }

  /** Starts listening to changes; until then (and when `watch` is never called) nothing is cached. */
  async watch(database: Database): Promise<void> {
    this.#feed = await database.watchChanges(
      (change) => this.#changed(change),
      () => this.clear(),
    );
  }

  async stop(): Promise<void> {
    const feed = this.#feed;
    this.#feed = null;
    this.clear();
    await feed?.stop();
  }

  get #live(): boolean {
    return this.#feed?.live ?? false;
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
  }

  /** Like `resolveSession`, from memory when the entry is fresh and needs no write (expiry, last-seen touch). */
  async resolve(token: string | undefined, now = clockNow()): Promise<ResolvedSession | null> {
    if (!token || token.length > 100) return null;
    const id = sha256(token);
    const hit = this.#live ? this.#entries.get(id) : undefined;
    if (hit) {
      const { session } = hit.resolved;
      const fresh =
        performance.now() - hit.readAt < CACHE_TTL_MS && now.getTime() - session.lastSeenAt.getTime() <= TOUCH_EVERY_MS;
      if (fresh && now.getTime() - session.createdAt.getTime() <= SESSION_ABSOLUTE_MS) return hit.resolved;
      this.#entries.delete(id);
    }
    const generation = this.#generation;
    const resolved = await resolveSession(this.#db, token, now);
    if (resolved && this.#live && generation === this.#generation) {
      if (this.#entries.size >= CACHE_SIZE) this.#entries.delete(this.#entries.keys().next().value as string);
      this.#entries.set(id, { resolved, readAt: performance.now(), memos: new Map(), accounts: new Set() });
    }
    return resolved;
  }

  /**
   * An answer built from a cached session's rows, kept with the entry until one of them (or one of `accounts`)
   * changes. `build` answers the value and the other accounts it shows.
   */
  async memo<T>(sessionId: string, key: string, build: () => Promise<{ value: T; accounts?: string[] }>): Promise<T> {
    const entry = this.#live ? this.#entries.get(sessionId) : undefined;
    if (entry?.memos.has(key)) return entry.memos.get(key) as T;
    const generation = this.#generation;
    const { value, accounts } = await build();
    if (entry && this.#live && generation === this.#generation && this.#entries.get(sessionId) === entry) {
      entry.memos.set(key, value);
      for (const account of accounts ?? []) entry.accounts.add(account);
    }
    return value;
  }

  /** Drops one session at once (sign-out), before any notification. */
  forget(sessionId: string): void {
    this.#generation++;
    this.#entries.delete(sessionId);
  }

  /** How many sessions are kept (tests). */
  get size(): number {
    return this.#entries.size;
  }

  #changed(change: RowChange): void {
    this.#generation++;
    if (change.t === 'app_state') {
      this.#entries.clear();
      return;
    }
    const drop = (test: (entry: CacheEntry) => boolean) => {
      for (const [id, entry] of this.#entries) if (test(entry)) this.#entries.delete(id);
    };
    const keys = new Set(ids(change.id));
    switch (change.t) {
      case 'sessions':
        for (const id of keys) this.#entries.delete(id);
        break;
      case 'users':
        drop((e) => keys.has(e.resolved.session.userId));
        break;
      case 'memberships': {
        const users = new Set(ids(change.user_id));
        drop((e) => keys.has(e.resolved.session.membershipId ?? '') || users.has(e.resolved.session.userId));
        break;
      }
      case 'accounts':
        drop((e) => keys.has(e.resolved.session.accountId ?? '') || [...keys].some((k) => e.accounts.has(k)));
        break;
      case 'membership_locations': {
        const members = new Set(ids(change.membership_id));
        drop((e) => members.has(e.resolved.session.membershipId ?? ''));
        break;
      }
      default:
        // A table the cache does not read: nothing to drop.
        break;
    }
  }
}

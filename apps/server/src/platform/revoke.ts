import type { DbOrTx } from '../db/client';
import type { AppContext } from './context';
import type { LogoutReason } from './realtime';
import { deleteSessions, type SessionScope } from './session';

/**
 * Ends sessions: deletes them, drops them from this instance's cache, and closes their sockets on every instance,
 * so no socket outlives its session (sign-out, password change or reset, deactivation, removal from the account, a
 * two-factor sign-in voided; docs/architecture.md, Sessions). Every revocation goes through here.
 *
 * Inside a transaction pass it as `db`: the sockets then close just before the commit. A client does not reconnect
 * after the server closed it, and one that does in that instant joins no room (`subscribe` checks the session again
 * before each join), so nothing reaches it.
 */
export async function revokeSessions(
  ctx: Pick<AppContext, 'owner' | 'sessions' | 'realtime'>,
  scope: SessionScope,
  opts: {
    /** The transaction the deletion belongs to; else the owner's handle. */
    db?: DbOrTx;
    /**
     * Why, when the session's open apps should be told (`Logout` with this reason, then the socket closes): not for
     * a sign-out, which the app made itself.
     */
    reason?: LogoutReason;
  } = {},
): Promise<string[]> {
  const ids = await deleteSessions(opts.db ?? ctx.owner, scope);
  for (const id of ids) ctx.sessions.forget(id);
  ctx.realtime.disconnectSessions(ids, opts.reason);
  return ids;
}

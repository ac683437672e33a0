import type { AccountStatus, SuperUserAccountsResponse } from '@app/contracts';
import { maySetPreference } from '@app/domain';
import { and, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { accounts, memberships, sessions, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordVisit } from '../auth/visits';
import { membershipInAccount } from '../members/repo';

const SEARCH_LIMIT = 20;

/** Super users only; to anyone else the tools do not exist (404). */
function requireSuperUser(actor: Actor): void {
  if (!actor.superUser) throw new AppError('NOT_FOUND');
}

const likeEscaped = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A super user looks for the account of a customer to help (docs/product/account-access.md): by the account's or the
 * company's name, or by the owner's name or e-mail address; deleted accounts are gone. Spans accounts by design.
 */
export async function searchAccounts(ctx: AppContext, actor: Actor, q: string): Promise<SuperUserAccountsResponse> {
  requireSuperUser(actor);
  const pattern = likeEscaped(q.trim());
  const owner = sql<string | null>`(select ${users.id} from ${memberships} m join ${users} on ${users.id} = m.user_id
    where m.account_id = ${accounts.id} and m.status = 'active' and 'owner' = any(m.roles)
    order by m.created_at limit 1)`;
  const rows = await ctx.owner
    .select({
      id: accounts.id,
      name: accounts.name,
      companyName: accounts.companyName,
      status: accounts.status,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
    })
    .from(accounts)
    .leftJoin(users, eq(users.id, owner))
    .where(
      and(
        ne(accounts.status, 'deleted'),
        q.trim()
          ? or(
              ilike(accounts.name, pattern),
              ilike(accounts.companyName, pattern),
              ilike(users.email, pattern),
              ilike(sql`concat_ws(' ', ${users.fname}, ${users.lname})`, pattern),
            )
          : undefined,
      ),
    )
    .orderBy(accounts.name)
    .limit(SEARCH_LIMIT);
  return {
    accounts: rows.map((r) => ({
      id: r.id,
      name: r.name,
      companyName: r.companyName,
      status: r.status as AccountStatus,
      ownerName: [r.fname, r.lname].filter(Boolean).join(' ') || null,
      ownerEmail: r.email,
    })),
  };
}

/**
 * The super user confirms write access for this visit: the session may write from now on, until they switch out
 * (a new visit starts read-only again). Logged in the customer's activity log.
 */
export async function confirmShadowWrite(ctx: AppContext, actor: Actor): Promise<void> {
  requireSuperUser(actor);
  if (!actor.shadow) throw new AppError('CONFLICT', {}, 'not visiting an account');
  // The session's flag and the visit in the account's log stand or fall together.
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.update(sessions).set({ shadowWrite: true }).where(eq(sessions.id, actor.sessionId));
    await recordVisit(actor, actor.accountId, 'write', tx);
  });
}

/** Shows the member's own guided tour again, or marks it done: nobody else's (403; another account's: 404). */
export async function setOnboarding(ctx: AppContext, actor: Actor, membershipId: string, onboarding: boolean) {
  await runCommand(ctx, actor, async ({ tx }) => {
    const membership = await membershipInAccount(tx, actor.accountId, membershipId);
    requireAllowed(maySetPreference(actor, membership.id));
    await tx
      .update(memberships)
      .set({ onboarding })
      .where(and(eq(memberships.id, membership.id), eq(memberships.accountId, actor.accountId)));
  });
}

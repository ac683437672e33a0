import { InitResponse, knownRights, type Locale, MODULES, type ModuleKey, type Role } from '@app/contracts';
import { now } from '@app/domain';
import { sql } from 'drizzle-orm';
import { accounts, appState, membershipLocations, memberships, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import type { SessionMember, SessionRecord } from '../../platform/session';
import { gravatarHash } from '../members/gravatar';

/**
 * What init reads besides the session's rows, in one round trip. The user's account list spans accounts by design,
 * so it reads as the owner (row-level security would show only this account).
 */
async function initExtras(ctx: AppContext, actor: Actor, membershipId: string, accountId: string) {
  const result = await ctx.owner.execute(sql`
    select
      (select count(*)::int from ${membershipLocations} where ${membershipLocations.membershipId} = ${membershipId})
        as "locationCount",
      (select ${appState.updatedAt} from ${appState} where ${appState.key} = 'version') as "updated",
      (select concat_ws(' ', nullif(u.fname, ''), nullif(u.lname, ''))
        from ${memberships} m join ${users} u on u.id = m.user_id
        where m.account_id = ${accountId} and m.status = 'active' and 'owner' = any(m.roles)
        order by m.created_at limit 1) as "ownerName",
      coalesce((
        select json_agg(json_build_object('id', a.id, 'name', a.name) order by a.name)
        from ${memberships} m join ${accounts} a on a.id = m.account_id
        where m.user_id = ${actor.userId} and m.status = 'active' and a.status <> 'deleted'
      ), '[]'::json) as "accounts"`);
  const [row] = (
    result as unknown as {
      rows: {
        locationCount: number;
        ownerName: string | null;
        updated: Date | string | null;
        accounts: { id: string; name: string }[] | string;
      }[];
    }
  ).rows;
  const accountList = typeof row.accounts === 'string' ? JSON.parse(row.accounts) : row.accounts;
  return {
    locationCount: Number(row.locationCount),
    ownerName: row.ownerName || null,
    updated: row.updated ? new Date(row.updated) : new Date(0),
    accounts: accountList as { id: string; name: string }[],
  };
}

/** Everything the web needs to start: the app's state and the session (docs/product/app.md, "Start and updates"). */
export async function init(
  ctx: AppContext,
  actor: Actor,
  session: SessionRecord,
  member: SessionMember,
): Promise<InitResponse> {
  const { account, membership, user } = member;
  const extras = await initExtras(ctx, actor, membership.id, account.id);
  const locationCount = extras.locationCount;
  const accountList = extras.accounts;
  // A super user acting in shadow is no member of the account, yet it is the one they are in.
  if (!accountList.some((a) => a.id === account.id)) accountList.push({ id: account.id, name: account.name });
  const lastLocation = membership.preferences.location;
  return {
    app: {
      modules: MODULES.filter((m) => account.modules.includes(m)) as ModuleKey[],
      updated: extras.updated.toISOString(),
      loaded: ctx.loadedAt,
      now: now().toISOString(),
      services: {
        realtime: true,
        mail: ctx.mailer.delivers,
        version: ctx.version,
        beta: ctx.config.beta,
      },
    },
    csrfToken: session.csrfToken,
    locale: session.locale as Locale,
    account: {
      id: account.id,
      name: account.name,
      companyName: account.companyName,
      status: account.status as InitResponse['account']['status'],
      plan: account.plan as InitResponse['account']['plan'],
      demo: account.demo,
      beta: account.beta,
      special: account.special,
      setupComplete: account.setupComplete,
      settings: actor.settings,
      trialEndsAt: account.trialEndsAt?.toISOString() ?? null,
      periodEndsAt: account.periodEndsAt?.toISOString() ?? null,
      ownerName: extras.ownerName,
    },
    accounts: accountList,
    location: typeof lastLocation === 'string' ? lastLocation : null,
    membership: {
      id: membership.id,
      roles: membership.roles as Role[],
      rights: knownRights(membership.rights),
      preferences: membership.preferences,
      checkedIn: membership.checkedIn,
      shadow: session.shadow,
      shadowWrite: session.shadow && session.shadowWrite,
      onboarding: membership.onboarding,
      availability: membership.availabilityFlag,
      balance: membership.balanceFlag,
      managerLimited: membership.managerLimited,
      plannerRestricted: membership.plannerRestricted,
      locationCount,
    },
    user: {
      id: user.id,
      name: [user.fname, user.lname].filter(Boolean).join(' ') || user.email,
      fname: user.fname,
      lname: user.lname,
      email: user.email,
      gravatar: gravatarHash(user.email),
      superUser: user.superUser,
      twoFactor: user.totpEnabled,
    },
  };
}

/**
 * The init answer as JSON, as the route sends it: built and checked against the response schema once per session,
 * then kept with the cached session (platform/session.ts) until a row it shows changes (the session, its user,
 * membership, account, the user's other memberships and accounts, the membership's locations, the version row).
 */
export async function initJson(
  ctx: AppContext,
  actor: Actor,
  session: SessionRecord,
  member: SessionMember,
): Promise<string> {
  const json = await ctx.sessions.memo(session.id, 'init', async () => {
    const answer = await init(ctx, actor, session, member);
    // The server's clock is read at every request, not remembered with the rest (pages start at the server's today).
    answer.app.now = CLOCK_MARK;
    // The same whitelist the route's serializer applies: nothing leaves that the schema does not name.
    return { value: JSON.stringify(InitResponse.parse(answer)), accounts: answer.accounts.map((a) => a.id) };
  });
  return json.replace(`"now":"${CLOCK_MARK}"`, `"now":"${now().toISOString()}"`);
}

/** Stands for the server's clock in a remembered init answer. */
const CLOCK_MARK = '@clock@';

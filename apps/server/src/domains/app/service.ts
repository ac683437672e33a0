import { createHash } from 'node:crypto';
import { AccountSettings, type InitResponse, type Locale, MODULES, type ModuleKey, type Role } from '@app/contracts';
import { count, eq } from 'drizzle-orm';
import { accounts, membershipLocations, memberships, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { SessionRecord } from '../../platform/session';
import { membershipsOfUser } from '../auth/memberships';
import { updatedAt } from './state';

export const gravatarHash = (email: string) => createHash('md5').update(email.trim().toLowerCase()).digest('hex');

export function accountSettings(raw: unknown) {
  return AccountSettings.parse(raw ?? {});
}

/** Everything the web needs to start: the app's state and the session (spec 001 section 7, Session and app). */
export async function init(ctx: AppContext, actor: Actor, session: SessionRecord): Promise<InitResponse> {
  const [row] = await ctx.db
    .select({ account: accounts, membership: memberships, user: users })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .innerJoin(users, eq(users.id, actor.userId))
    .where(eq(memberships.id, actor.membershipId));
  if (!row) throw new AppError('UNAUTHENTICATED', { logout: true });
  const { account, membership, user } = row;
  const [{ n: locationCount }] = await ctx.db
    .select({ n: count() })
    .from(membershipLocations)
    .where(eq(membershipLocations.membershipId, membership.id));
  const own = await membershipsOfUser(ctx.db, actor.userId);
  const accountList = own
    .filter((r) => r.membership.status === 'active')
    .map((r) => ({ id: r.account.id, name: r.account.name }));
  if (!accountList.some((a) => a.id === account.id)) accountList.push({ id: account.id, name: account.name });
  const lastLocation = membership.preferences.location;
  return {
    app: {
      modules: MODULES.filter((m) => account.modules.includes(m)) as ModuleKey[],
      updated: (await updatedAt(ctx.db)).toISOString(),
      loaded: ctx.loadedAt,
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
      settings: accountSettings(account.settings),
    },
    accounts: accountList,
    location: typeof lastLocation === 'string' ? lastLocation : null,
    membership: {
      id: membership.id,
      roles: membership.roles as Role[],
      rights: membership.rights,
      preferences: membership.preferences,
      checkedIn: membership.checkedIn,
      shadow: session.shadow,
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

import {
  type Industry,
  type Locale,
  type ModuleKey,
  SetupAccountData,
  SetupActivitiesData,
  SetupCompanyData,
  type SetupCompleteResponse,
  SetupEmployeesData,
  SetupFunctionsData,
  SetupModulesData,
  type SetupSaveRequest,
  type SetupStartRequest,
  type SetupState,
  SetupStep,
  type TwoFactorStep,
} from '@app/contracts';
import { localizedPath, now, parseEmployeeList, withRequirements } from '@app/domain';
import { and, eq, isNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  authCodes,
  costCentres,
  duties,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  setupDrafts,
  shiftLocations,
  shifts,
  users,
} from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireRole } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { sha256 } from '../../platform/tokens';
import { issueCode } from '../auth/codes';
import { invitePeopleWithin, mailInvitations } from '../members/invitations';
import { activeCount } from '../members/repo';
import { templateDefaults } from './templates';

/** The setup wizard (docs/product/setup.md): the owner's draft per step, the completion, the "continue" link. */

type Account = typeof accounts.$inferSelect;
type Draft = {
  account?: unknown;
  company?: unknown;
  employees?: unknown;
  functions?: unknown;
  activities?: unknown;
  modules?: unknown;
};

/** A stored step's input, or undefined when it was never saved or no longer reads (a changed contract). */
function stored<T extends z.ZodType>(schema: T, value: unknown): z.output<T> | undefined {
  if (value === undefined) return undefined;
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}

/**
 * The wizard is the owner's: another account's id answers 404 like a missing one, anyone but an owner 403, and a
 * finished setup SETUP_COMPLETED.
 */
async function openSetup(db: DbOrTx, actor: Actor, accountId: string, lock = false): Promise<Account> {
  if (accountId !== actor.accountId) throw new AppError('NOT_FOUND');
  const query = db.select().from(accounts).where(eq(accounts.id, accountId));
  const [account] = lock ? await query.for('update') : await query;
  if (!account) throw new AppError('NOT_FOUND');
  requireRole(actor, 'owner');
  if (account.setupComplete) throw new AppError('SETUP_COMPLETED');
  return account;
}

async function draftOf(db: DbOrTx, accountId: string) {
  const [row] = await db.select().from(setupDrafts).where(eq(setupDrafts.accountId, accountId));
  return { step: SetupStep.catch('welcome').parse(row?.step ?? 'welcome'), data: (row?.data ?? {}) as Draft };
}

async function planRoom(db: DbOrTx, account: Account): Promise<number | null> {
  if (account.maxEmployees === null) return null;
  return Math.max(0, account.maxEmployees - (await activeCount(db, account.id)));
}

/** Every step's input: what was saved, else the account's settings and the chosen industry's template. */
function resolve(account: Account, data: Draft, ownerLocale: Locale) {
  const settings = accountSettings(account.settings);
  const accountStep = stored(SetupAccountData, data.account) ?? {
    country: settings.country as SetupAccountData['country'],
    timeZone: settings.timeZone,
    locale: ownerLocale,
    weekStartsOn: settings.weekStartsOn,
  };
  const company = stored(SetupCompanyData, data.company);
  const industry: Industry | null = company?.industry ?? null;
  const defaults = templateDefaults(industry, accountStep.locale);
  return {
    account: accountStep,
    company: { industry, companyName: company?.companyName ?? account.companyName ?? account.name },
    employees: stored(SetupEmployeesData, data.employees) ?? { list: '' },
    functions: stored(SetupFunctionsData, data.functions) ?? { duties: defaults.duties },
    activities: stored(SetupActivitiesData, data.activities) ?? { shifts: defaults.shifts },
    modules: stored(SetupModulesData, data.modules) ?? { modules: defaults.modules },
    defaults,
  };
}

async function ownerOf(db: DbOrTx, actor: Actor) {
  const [user] = await db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

async function stateOf(db: DbOrTx, actor: Actor, account: Account): Promise<SetupState> {
  const { step, data } = await draftOf(db, account.id);
  const owner = await ownerOf(db, actor);
  const { defaults: _defaults, ...steps } = resolve(account, data, owner.locale as Locale);
  return { accountId: account.id, step, ...steps, planRoom: await planRoom(db, account), ownerEmail: owner.email };
}

export async function setupState(ctx: AppContext, actor: Actor, accountId: string): Promise<SetupState> {
  const account = await openSetup(ctx.db, actor, accountId);
  return stateOf(ctx.db, actor, account);
}

/**
 * Saves one step and moves to `goTo`. Choosing another industry drops the functions, activities and modules saved
 * for the previous one, so the new industry's defaults show; modules are saved with what they require.
 */
export async function saveSetupStep(
  ctx: AppContext,
  actor: Actor,
  accountId: string,
  input: SetupSaveRequest,
): Promise<SetupState> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const account = await openSetup(tx, actor, accountId, true);
    const { data } = await draftOf(tx, accountId);
    const next: Draft = { ...data };
    if (input.step === 'company') {
      const before = stored(SetupCompanyData, data.company);
      if (before?.industry !== input.data.industry) {
        delete next.functions;
        delete next.activities;
        delete next.modules;
      }
      next.company = input.data;
    } else if (input.step === 'modules') {
      next.modules = { modules: withRequirements(input.data.modules) };
    } else if ('data' in input) {
      next[input.step] = input.data;
    }
    await tx
      .insert(setupDrafts)
      .values({ accountId, step: input.goTo, data: next, updatedAt: now() })
      .onConflictDoUpdate({ target: setupDrafts.accountId, set: { step: input.goTo, data: next, updatedAt: now() } });
    return stateOf(tx, actor, account);
  });
}

const toMinutes = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number);
  return h * 60 + m;
};

/**
 * Completes the setup in one transaction: the account's settings, industry and modules, a planning with its cost
 * centre, the duties and shifts, the owner in the planning, and the pasted people invited into it (the plan's limit
 * holds). A second completion answers SETUP_COMPLETED. The invitation mails are written in the same command.
 */
export async function completeSetup(ctx: AppContext, actor: Actor, accountId: string): Promise<SetupCompleteResponse> {
  const result = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const account = await openSetup(tx, actor, accountId, true);
    const owner = await ownerOf(tx, actor);
    const { data } = await draftOf(tx, accountId);
    const steps = resolve(account, data, owner.locale as Locale);
    const { defaults } = steps;
    const [location] = await tx
      .insert(locations)
      .values({ accountId, name: defaults.location })
      .returning({ id: locations.id });
    const [existingDefault] = await tx
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.accountId, accountId), eq(costCentres.isDefault, true)));
    if (!existingDefault) await tx.insert(costCentres).values({ accountId, ...defaults.costCentre, isDefault: true });
    const dutyIds: string[] = [];
    if (steps.functions.duties.length) {
      const createdDuties = await tx
        .insert(duties)
        .values(
          steps.functions.duties.map((d) => ({
            accountId,
            identifier: d.identifier,
            name: d.name,
            color: d.color,
            restHours: defaults.restHours.get(d.identifier) ?? 11,
          })),
        )
        .returning({ id: duties.id });
      dutyIds.push(...createdDuties.map((d) => d.id));
    }
    if (steps.activities.shifts.length) {
      const created = await tx
        .insert(shifts)
        .values(
          steps.activities.shifts.map((s) => ({
            accountId,
            identifier: s.identifier,
            name: s.name,
            startMinutes: toMinutes(s.start),
            endMinutes: toMinutes(s.end),
            breakMinutes: s.break,
          })),
        )
        .returning({ id: shifts.id });
      await tx.insert(shiftLocations).values(created.map((s) => ({ shiftId: s.id, locationId: location.id })));
    }
    await tx
      .insert(membershipLocations)
      .values({ membershipId: actor.membershipId, locationId: location.id })
      .onConflictDoNothing();
    const settings = { ...account.settings, ...steps.account };
    const modules: ModuleKey[] = withRequirements(steps.modules.modules);
    await tx
      .update(accounts)
      .set({
        settings,
        industry: steps.company.industry ?? 'other',
        companyName: steps.company.companyName,
        modules,
        setupComplete: true,
      })
      .where(eq(accounts.id, accountId));
    const room = await planRoom(tx, account);
    const { people } = parseEmployeeList(steps.employees.list, { room });
    const invited = people.length
      ? await invitePeopleWithin(
          tx,
          actor,
          {
            people: people.map((p) => ({ fname: p.fname, lname: p.lname, email: p.email })),
            locationIds: [location.id],
            role: 'user',
          },
          steps.account.locale,
        )
      : [];
    // The people listed work in the new location and hold its functions, so they can be planned at once; the
    // owner narrows their functions on the team page later (docs/product/setup.md).
    const holdings = invited.flatMap((m) => dutyIds.map((dutyId) => ({ membershipId: m.id, dutyId })));
    if (holdings.length) await tx.insert(membershipDuties).values(holdings);
    await tx.delete(setupDrafts).where(eq(setupDrafts.accountId, accountId));
    await recordActivity(tx, actor, { entity: 'account', entityId: accountId, action: 'setup', after: { modules } });
    await mailInvitations(ctx, command, actor, invited);
    command.emit(`account.${accountId}`, 'Reinit', { reason: 'setup' });
    return { invited, locationId: location.id };
  });
  return { invited: result.invited.length, locationId: result.locationId };
}

/** Mails the owner a link that opens the wizard where they left it (single-use, seven days). */
export async function sendSetupLink(ctx: AppContext, actor: Actor, accountId: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const account = await openSetup(command.tx, actor, accountId);
    const owner = await ownerOf(command.tx, actor);
    const token = await issueCode(command.tx, {
      kind: 'setup',
      userId: owner.id,
      accountId,
      membershipId: actor.membershipId,
    });
    const locale = owner.locale as Locale;
    const name = [owner.fname, owner.lname].filter(Boolean).join(' ') || owner.email;
    await ctx.mailer.send(command, {
      to: owner.email,
      locale,
      accountId,
      template: 'setupLink',
      params: {
        name,
        account: account.companyName ?? account.name,
        link: `${ctx.config.publicUrl}${localizedPath('wizardStart', locale, { id: accountId, token })}`,
      },
    });
  });
}

/**
 * Opens the wizard from a mailed link and signs its owner in. A token that is wrong, used, expired, or not of this
 * account answers INVALID_CREDENTIALS; a real link of an account whose setup is finished answers SETUP_COMPLETED
 * (the page offers to sign in). Runs outside any account (public route).
 */
export async function startSetup(
  ctx: AppContext,
  input: SetupStartRequest,
): Promise<{ token: string; csrfToken: string; twoFactor: TwoFactorStep }> {
  // Nobody is signed in yet: the link is the credential.
  return runCommand(ctx, null, async ({ tx }) => {
    const [code] = await tx
      .select()
      .from(authCodes)
      .where(eq(authCodes.codeHash, sha256(input.token)));
    if (code?.kind !== 'setup' || code.accountId !== input.accountId || !code.membershipId)
      throw new AppError('INVALID_CREDENTIALS');
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, input.accountId));
    if (!account) throw new AppError('INVALID_CREDENTIALS');
    if (account.setupComplete) throw new AppError('SETUP_COMPLETED');
    if (code.usedAt || code.expiresAt.getTime() <= now().getTime()) throw new AppError('INVALID_CREDENTIALS');
    const used = await tx
      .update(authCodes)
      .set({ usedAt: now() })
      .where(and(eq(authCodes.id, code.id), isNull(authCodes.usedAt)))
      .returning({ id: authCodes.id });
    if (used.length === 0) throw new AppError('INVALID_CREDENTIALS');
    const [membership] = await tx.select().from(memberships).where(eq(memberships.id, code.membershipId));
    const [user] = await tx.select().from(users).where(eq(users.id, code.userId));
    if (!membership || !user || membership.status !== 'active' || !membership.roles.includes('owner'))
      throw new AppError('INVALID_CREDENTIALS');
    // The link reached the owner's mailbox: that confirms the address too.
    if (!user.emailConfirmedAt) await tx.update(users).set({ emailConfirmedAt: now() }).where(eq(users.id, user.id));
    const twoFactor: TwoFactorStep = user.totpEnabled ? 'verify' : 'none';
    const session = await createSession(tx, {
      userId: user.id,
      accountId: account.id,
      membershipId: membership.id,
      locale: user.locale as Locale,
      twoFactor,
    });
    await tx.update(users).set({ lastAccountId: account.id }).where(eq(users.id, user.id));
    return { token: session.token, csrfToken: session.csrfToken, twoFactor };
  });
}

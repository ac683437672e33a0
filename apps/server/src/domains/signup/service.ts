import {
  DEMO_DAYS,
  DPA_VERSION,
  type Locale,
  type RegisterRequest,
  type RegisterResponse,
  type SignupInfoResponse,
  TERMS_VERSION,
  TRIAL_DAYS,
} from '@app/contracts';
import { DEFAULT_MODULES, localizedPath, now, passwordProblems, transitionAccount } from '@app/domain';
import { and, eq, isNull } from 'drizzle-orm';
import { accounts, authCodes, memberships, users } from '../../db/schema';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { consumeCode, issueCode } from '../auth/codes';
import { hashPassword } from '../auth/passwords';
import { findUserByEmail, mailConfirmation } from '../auth/service';

// The rules of signing up: docs/product/signup.md.

type User = typeof users.$inferSelect;

const link = (ctx: AppContext, locale: Locale, route: string, params: Record<string, string> = {}) =>
  `${ctx.config.publicUrl}${localizedPath(route, locale, params)}`;

/** Where a new company starts, by the language it registered in; the wizard's first step changes it. */
const START_BY_LOCALE: Record<Locale, { country: string; timeZone: string }> = {
  de: { country: 'DE', timeZone: 'Europe/Berlin' },
  en: { country: 'GB', timeZone: 'Europe/London' },
  nl: { country: 'NL', timeZone: 'Europe/Amsterdam' },
  pl: { country: 'PL', timeZone: 'Europe/Warsaw' },
};

/** No mail server: mails and their links go to the server's log (said on the "check your mail" page). */
const mailLogged = (ctx: AppContext) => !ctx.mailer.delivers && ctx.config.mailLog;

export function signupInfo(ctx: AppContext): SignupInfoResponse {
  return { mailLogged: mailLogged(ctx), termsVersion: TERMS_VERSION, dpaVersion: DPA_VERSION, demoDays: DEMO_DAYS };
}

/** Every rule the form breaks, per field, as catalog keys (the password's own rules included). */
function assertRegistrationAcceptable(input: RegisterRequest): void {
  const fields: Record<string, string[]> = {};
  const problems = passwordProblems(input.password);
  if (problems.length) fields.password = problems.map((p) => `password.${p}`);
  if (!input.acceptTerms) fields.acceptTerms = ['signup.acceptTermsRequired'];
  if (!input.acceptDpa) fields.acceptDpa = ['signup.acceptDpaRequired'];
  if (Object.keys(fields).length) throw fieldError(fields);
}

/** The registration of this user that still waits for its confirmation: the account and owner membership. */
async function pendingSignup(ctx: AppContext, userId: string) {
  const [row] = await ctx.db
    .select({ accountId: authCodes.accountId, membershipId: authCodes.membershipId })
    .from(authCodes)
    .where(and(eq(authCodes.userId, userId), eq(authCodes.kind, 'signup')))
    .limit(1);
  return row?.accountId && row.membershipId ? { accountId: row.accountId, membershipId: row.membershipId } : null;
}

/** A new link of a registration and its mail, in one command (the link voids the older ones). */
async function mailSignupLink(
  ctx: AppContext,
  command: Command,
  user: Pick<User, 'id' | 'email' | 'fname' | 'lname'>,
  locale: Locale,
  signup: { accountId: string; membershipId: string },
) {
  const [account] = await command.tx
    .select({ name: accounts.name })
    .from(accounts)
    .where(eq(accounts.id, signup.accountId));
  const code = await issueCode(command.tx, { kind: 'signup', userId: user.id, ...signup });
  await ctx.mailer.send(command, {
    to: user.email,
    locale,
    accountId: signup.accountId,
    template: 'signup',
    params: {
      name: [user.fname, user.lname].filter(Boolean).join(' ') || user.email,
      company: account?.name ?? '',
      days: String(TRIAL_DAYS),
      link: link(ctx, locale, 'signup', { code }),
    },
  });
}

/**
 * An address that is known already: whoever registers learns nothing more than that a mail was sent. The mail
 * tells its owner: not yet confirmed (a registration waiting: the link again), or already registered (sign in, or
 * reset the password).
 */
async function answerKnownAddress(ctx: AppContext, user: User, locale: Locale) {
  const signup = user.emailConfirmedAt ? null : await pendingSignup(ctx, user.id);
  await runCommand(ctx, null, async (command) => {
    if (signup) return mailSignupLink(ctx, command, user, locale, signup);
    await ctx.mailer.send(command, {
      to: user.email,
      locale,
      template: 'alreadyRegistered',
      params: {
        name: [user.fname, user.lname].filter(Boolean).join(' ') || user.email,
        link: `${link(ctx, locale, 'login')}?email=${encodeURIComponent(user.email)}`,
        reset: link(ctx, locale, 'forgotPassword'),
      },
    });
  });
}

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' &&
  err !== null &&
  ((err as { code?: string }).code === '23505' || (err as { cause?: { code?: string } }).cause?.code === '23505');

/**
 * A company registers: in one command the user, the account (trial, setup still to do, the agreements with
 * version and time), its owner membership (the account holder), the single-use code and the mail with the link
 * that confirms the address. Nobody signs in before that link is opened.
 */
export async function register(ctx: AppContext, input: RegisterRequest): Promise<RegisterResponse> {
  assertRegistrationAcceptable(input);
  const locale: Locale = input.locale ?? 'en';
  const answer = { ok: true as const, mailLogged: mailLogged(ctx) };
  const [known] = await ctx.db.select().from(users).where(eq(users.email, input.email));
  if (known) {
    await answerKnownAddress(ctx, known, locale);
    return answer;
  }
  const passwordHash = await hashPassword(input.password);
  const at = now();
  const life = transitionAccount({ status: 'free', trialEndsAt: null, periodEndsAt: null }, { type: 'register' }, at);
  // A new account always may start; a refusal here would be a bug in the machine.
  if (!life.ok) throw new Error(`account life refused ${life.event} from ${life.from}`);
  const accepted = (version: string, userId: string) => ({ version, acceptedAt: at.toISOString(), userId });
  try {
    await runCommand(ctx, null, async (command) => {
      const tx = command.tx;
      const [user] = await tx
        .insert(users)
        .values({ email: input.email, passwordHash, fname: input.fname, lname: input.lname, locale, createdAt: at })
        .returning();
      const [account] = await tx
        .insert(accounts)
        .values({
          name: input.companyName,
          companyName: input.companyName,
          status: life.life.status,
          trialEndsAt: life.life.trialEndsAt,
          periodEndsAt: life.life.periodEndsAt,
          statusChangedAt: at,
          setupComplete: false,
          modules: [...DEFAULT_MODULES],
          settings: { ...START_BY_LOCALE[locale], locale },
          agreements: { terms: accepted(TERMS_VERSION, user.id), dataProcessing: accepted(DPA_VERSION, user.id) },
          createdAt: at,
        })
        .returning();
      const [membership] = await tx
        .insert(memberships)
        .values({
          accountId: account.id,
          userId: user.id,
          roles: ['owner'],
          status: 'active',
          access: 'yes',
          availabilityFlag: false,
          createdAt: at,
        })
        .returning({ id: memberships.id });
      // The one who registers holds the account (docs/product/members.md): never deactivated or demoted.
      await tx.update(accounts).set({ dataControllerId: membership.id }).where(eq(accounts.id, account.id));
      await tx.update(users).set({ lastAccountId: account.id }).where(eq(users.id, user.id));
      const code = await issueCode(
        tx,
        { kind: 'signup', userId: user.id, accountId: account.id, membershipId: membership.id },
        at,
      );
      await ctx.mailer.send(command, {
        to: input.email,
        locale,
        accountId: account.id,
        template: 'signup',
        params: {
          name: `${input.fname} ${input.lname}`,
          company: account.name,
          days: String(TRIAL_DAYS),
          link: link(ctx, locale, 'signup', { code }),
        },
      });
    });
  } catch (err) {
    // Two registrations of one address at once: the second is answered as a known address.
    if (!isUniqueViolation(err)) throw err;
    const [user] = await ctx.db.select().from(users).where(eq(users.email, input.email));
    if (!user) throw err;
    await answerKnownAddress(ctx, user, locale);
    return answer;
  }
  return answer;
}

/** Sends a registration's link again when the address is still unconfirmed; false when there is none waiting. */
async function resendSignup(ctx: AppContext, user: User, locale: Locale): Promise<boolean> {
  if (user.emailConfirmedAt) return false;
  const signup = await pendingSignup(ctx, user.id);
  if (!signup) return false;
  await runCommand(ctx, null, (command) => mailSignupLink(ctx, command, user, locale, signup));
  return true;
}

/** Sends a confirmation link to an unconfirmed address; answers the same either way. */
export async function requestConfirmation(ctx: AppContext, email: string, locale?: Locale): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user || user.emailConfirmedAt) return;
  const lang = (locale ?? user.locale) as Locale;
  // A registration still waiting gets its own link again: it also signs the new owner in (docs/product/signup.md).
  if (await resendSignup(ctx, user, lang)) return;
  await mailConfirmation(ctx, user, lang);
}

/**
 * The link of the registration mail: confirms the address, signs the new owner in (a session as a login makes) and
 * writes the welcome mail, in one command. The web then greets them and leads on to the setup wizard.
 */
export async function finishSignup(
  ctx: AppContext,
  code: string,
  opts: { locale?: Locale; mobile?: boolean },
): Promise<{ token: string; csrfToken: string }> {
  const session = await runCommand(ctx, null, async (command) => {
    const tx = command.tx;
    const row = await consumeCode(tx, code, 'signup');
    if (!row.accountId || !row.membershipId) throw new AppError('CODE_INVALID');
    const [user] = await tx
      .update(users)
      .set({ emailConfirmedAt: now(), lastAccountId: row.accountId })
      .where(eq(users.id, row.userId))
      .returning();
    const [account] = await tx.select().from(accounts).where(eq(accounts.id, row.accountId));
    const [membership] = await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.id, row.membershipId), eq(memberships.status, 'active')));
    if (!account || account.status === 'deleted' || !membership) throw new AppError('CODE_INVALID');
    // Older links of the same registration stop working with this one.
    await tx
      .update(authCodes)
      .set({ usedAt: now() })
      .where(and(eq(authCodes.userId, user.id), eq(authCodes.kind, 'confirm'), isNull(authCodes.usedAt)));
    const locale = (opts.locale ?? user.locale) as Locale;
    const session = await createSession(tx, {
      userId: user.id,
      accountId: account.id,
      membershipId: membership.id,
      locale,
      mobile: opts.mobile,
    });
    await ctx.mailer.send(command, {
      to: user.email,
      locale: user.locale as Locale,
      accountId: account.id,
      template: 'welcome',
      params: {
        name: [user.fname, user.lname].filter(Boolean).join(' ') || user.email,
        company: account.name,
        days: String(TRIAL_DAYS),
        link: link(ctx, user.locale as Locale, 'wizard'),
      },
    });
    return session;
  });
  return { token: session.token, csrfToken: session.csrfToken };
}

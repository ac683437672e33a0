import type {
  AcceptInvitationRequest,
  CodeInfoResponse,
  Locale,
  LoginRequest,
  TwoFactorSetupResponse,
  TwoFactorStep,
} from '@app/contracts';
import { localizedPath, now, twoFactorRequiredFor } from '@app/domain';
import { eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import type { Tx } from '../../db/client';
import { accounts, memberships, sessions, users } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { MailRequest } from '../../platform/mail/mailer';
import { revokeSessions } from '../../platform/revoke';
import { createSession, type SessionRecord } from '../../platform/session';
import { consumeCode, inspectCode, issueCode } from './codes';
import { membershipsOfUser, ownerMembership, pickMembership } from './memberships';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from './passwords';
import { assertNotThrottled, pendingSignInExhausted, recordAttempt } from './throttle';
import { newTotpSecret, otpauthUrl, totpStep } from './twofactor';
import { recordVisit } from './visits';

type User = typeof users.$inferSelect;

export interface LoginResult {
  token: string;
  csrfToken: string;
  twoFactor: TwoFactorStep;
  beta: boolean;
}

export async function findUserByEmail(ctx: AppContext, email: string): Promise<User | null> {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email.toLowerCase()));
  return user ?? null;
}

/** Accepts a TOTP code once: the step must be newer than the last one used. */
async function acceptTotp(ctx: AppContext, user: User, code: string, secret = user.totpSecret): Promise<boolean> {
  if (!secret) return false;
  const step = totpStep(secret, code);
  if (step === null || (user.totpLastStep !== null && step <= user.totpLastStep)) return false;
  // Written at once, in its own command: a used code stays used whatever follows.
  const updated = await runCommand(ctx, null, ({ tx }) =>
    tx.update(users).set({ totpLastStep: step }).where(eq(users.id, user.id)).returning({ id: users.id }),
  );
  return updated.length === 1;
}

/**
 * Signs a user in. Order matters for what the answer reveals: throttling first, then the password, and only then
 * the states a rightful owner of the password may learn (unconfirmed, inactive, beta, two-factor).
 */
export async function login(ctx: AppContext, input: LoginRequest, ip: string): Promise<LoginResult> {
  const email = input.email.toLowerCase();
  await assertNotThrottled(ctx.db, email, ip);
  const user = await findUserByEmail(ctx, email);
  if (user && !user.passwordHash) throw new AppError('NO_PASSWORD');
  const valid = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !valid) {
    await failedAttempt(ctx, email, ip);
    throw new AppError('INVALID_CREDENTIALS');
  }
  if (!user.emailConfirmedAt) throw new AppError('EMAIL_NOT_CONFIRMED', { data: { email } });

  const rows = await membershipsOfUser(ctx.db, user.id);
  const picked = pickMembership(rows, user.lastAccountId);
  if (!picked) {
    if (rows.length > 0) throw new AppError('USER_INACTIVE');
    throw new AppError('NO_ACTIVE_ACCOUNT');
  }
  if (ctx.config.beta && !picked.account.beta) throw new AppError('BETA_ONLY');

  let twoFactor: TwoFactorStep = 'none';
  if (user.totpEnabled) {
    if (input.token) {
      if (!(await acceptTotp(ctx, user, input.token))) {
        await failedAttempt(ctx, email, ip);
        throw new AppError('INVALID_2FA');
      }
    } else {
      twoFactor = 'verify';
    }
  } else if (twoFactorRequiredFor(accountSettings(picked.account.settings), picked.membership.roles)) {
    twoFactor = 'setup';
  }

  // A sign-in still waiting for its code has not succeeded: the failures before it keep counting (a right password
  // must not reset the count the codes are throttled by); the accepted code records the success.
  const locale = (input.locale ?? user.locale) as Locale;
  // Nobody is signed in until this commits.
  const session = await runCommand(ctx, null, async ({ tx }) => {
    if (twoFactor !== 'verify') await recordAttempt(tx, email, ip, true);
    const created = await createSession(tx, {
      userId: user.id,
      accountId: picked.account.id,
      membershipId: picked.membership.id,
      locale,
      mobile: input.mobile,
      twoFactor,
    });
    await tx.update(users).set({ lastAccountId: picked.account.id }).where(eq(users.id, user.id));
    return created;
  });
  return { token: session.token, csrfToken: session.csrfToken, twoFactor, beta: ctx.config.beta };
}

/** A failed sign-in counts at once, in its own command (the refusal that follows must not undo it). */
async function failedAttempt(ctx: AppContext, email: string, ip: string): Promise<void> {
  await runCommand(ctx, null, ({ tx }) => recordAttempt(tx, email, ip, false));
}

export async function logout(ctx: AppContext, session: SessionRecord): Promise<void> {
  await runCommand(ctx, null, ({ tx }) => revokeSessions(ctx, { id: session.id }, { db: tx }));
}

function link(ctx: AppContext, locale: Locale, route: string, params: Record<string, string>) {
  return `${ctx.config.publicUrl}${localizedPath(route, locale, params)}`;
}

const displayName = (u: User) => [u.fname, u.lname].filter(Boolean).join(' ') || u.email;

/** Sends a reset link when the address belongs to a user; answers the same either way. */
export async function forgotPassword(ctx: AppContext, email: string, locale?: Locale): Promise<void> {
  const user = await findUserByEmail(ctx, email);
  if (!user) return;
  const lang = (locale ?? user.locale) as Locale;
  // The code and its mail commit together: no link is valid that no mail carries, no mail carries a dead link.
  await runCommand(ctx, null, async (command) => {
    const code = await issueCode(command.tx, { kind: 'reset', userId: user.id });
    await ctx.mailer.send(command, {
      to: user.email,
      locale: lang,
      template: 'resetPassword',
      params: { name: displayName(user), link: link(ctx, lang, 'resetPassword', { code }) },
    });
  });
}

export async function resetPassword(ctx: AppContext, code: string, password: string): Promise<void> {
  await inspectCode(ctx.db, code, 'reset');
  assertPasswordAcceptable(password);
  const passwordHash = await hashPassword(password);
  await runCommand(ctx, null, async ({ tx }) => {
    const row = await consumeCode(tx, code, 'reset');
    // A reset proves the address too, and ends every session of the user.
    await tx.update(users).set({ passwordHash, emailConfirmedAt: now() }).where(eq(users.id, row.userId));
    await revokeSessions(ctx, { userId: row.userId }, { db: tx, reason: 'password' });
  });
}

/**
 * Mails a link that confirms the user's address, written in one command with its code. Who asks for one goes
 * through `requestConfirmation` (signup/service.ts): a registration still waiting gets its own link instead.
 */
export async function mailConfirmation(ctx: AppContext, user: User, lang: Locale): Promise<void> {
  await runCommand(ctx, null, async (command) => {
    const code = await issueCode(command.tx, { kind: 'confirm', userId: user.id });
    await ctx.mailer.send(command, {
      to: user.email,
      locale: lang,
      template: 'confirmEmail',
      params: { name: displayName(user), link: link(ctx, lang, 'confirmEmail', { code }) },
    });
  });
}

export async function confirmEmail(ctx: AppContext, code: string): Promise<void> {
  await runCommand(ctx, null, async ({ tx }) => {
    const row = await consumeCode(tx, code, 'confirm');
    await tx.update(users).set({ emailConfirmedAt: now() }).where(eq(users.id, row.userId));
  });
}

/**
 * The invitation of a member: a single-use link to set a password (a new one voids the old), written inside the
 * caller's command with the rest of the change. Answers the mail for the caller to send with the others.
 */
export async function invitationMail(
  ctx: AppContext,
  tx: Tx,
  input: { membershipId: string; inviterName: string },
): Promise<MailRequest> {
  const [row] = await tx
    .select({ membership: memberships, user: users, account: accounts })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.id, input.membershipId));
  if (!row) throw new AppError('NOT_FOUND');
  const locale = row.user.locale as Locale;
  const code = await issueCode(tx, {
    kind: 'invitation',
    userId: row.user.id,
    accountId: row.account.id,
    membershipId: row.membership.id,
  });
  await tx.update(memberships).set({ invitedAt: now() }).where(eq(memberships.id, row.membership.id));
  return {
    to: row.user.email,
    locale,
    accountId: row.account.id,
    template: 'invitation',
    params: {
      name: displayName(row.user),
      inviter: input.inviterName,
      account: row.account.name,
      link: link(ctx, locale, 'acceptInvitation', { code }),
    },
  };
}

export async function codeInfo(ctx: AppContext, code: string): Promise<CodeInfoResponse> {
  const row = await inspectCode(ctx.db, code);
  const [user] = await ctx.db.select().from(users).where(eq(users.id, row.userId));
  let accountName: string | null = null;
  if (row.accountId) {
    const [account] = await ctx.db.select({ name: accounts.name }).from(accounts).where(eq(accounts.id, row.accountId));
    accountName = account?.name ?? null;
  }
  return { kind: row.kind as CodeInfoResponse['kind'], email: user.email, accountName };
}

/** Accepting an invitation sets the password, confirms the address and opens the membership. */
export async function acceptInvitation(ctx: AppContext, code: string, input: AcceptInvitationRequest): Promise<void> {
  await inspectCode(ctx.db, code, 'invitation');
  assertPasswordAcceptable(input.password);
  const passwordHash = await hashPassword(input.password);
  await runCommand(ctx, null, async ({ tx }) => {
    const row = await consumeCode(tx, code, 'invitation');
    await tx
      .update(users)
      .set({
        passwordHash,
        emailConfirmedAt: now(),
        ...(input.fname ? { fname: input.fname } : {}),
        ...(input.lname ? { lname: input.lname } : {}),
        ...(row.accountId ? { lastAccountId: row.accountId } : {}),
      })
      .where(eq(users.id, row.userId));
    if (row.membershipId) {
      await tx.update(memberships).set({ access: 'yes' }).where(eq(memberships.id, row.membershipId));
    }
  });
}

async function userOf(ctx: AppContext, userId: string): Promise<User> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('UNAUTHENTICATED');
  return user;
}

/** Starts two-factor set-up: a fresh secret kept on the user until a first code proves it. */
export async function beginTwoFactorSetup(ctx: AppContext, session: SessionRecord): Promise<TwoFactorSetupResponse> {
  const user = await userOf(ctx, session.userId);
  if (user.totpEnabled) throw new AppError('FORBIDDEN', {}, 'two-factor authentication is already on');
  const secret = newTotpSecret();
  await runCommand(ctx, null, async ({ tx }) => {
    await tx.update(users).set({ totpSecret: secret, totpLastStep: null }).where(eq(users.id, user.id));
  });
  const url = otpauthUrl(user.email, secret);
  return { secret, otpauthUrl: url, qrDataUrl: await QRCode.toDataURL(url) };
}

export async function completeTwoFactorSetup(ctx: AppContext, session: SessionRecord, code: string): Promise<void> {
  const user = await userOf(ctx, session.userId);
  if (user.totpEnabled || !user.totpSecret) throw new AppError('FORBIDDEN');
  if (!(await acceptTotp(ctx, user, code))) throw new AppError('INVALID_2FA');
  await runCommand(ctx, null, async ({ tx }) => {
    await tx.update(users).set({ totpEnabled: true }).where(eq(users.id, user.id));
    await tx.update(sessions).set({ twoFactor: 'none' }).where(eq(sessions.id, session.id));
  });
}

/**
 * Completes a pending sign-in with a code. Wrong codes count like wrong passwords, per user and per address
 * (`login_attempts`), and per pending sign-in: once LOGIN_MAX_FAILURES are used up, or while the user or address is
 * throttled, the pending sign-in is void (401 with `logout`) and a new one waits like a throttled password login.
 */
export async function verifyTwoFactor(ctx: AppContext, session: SessionRecord, code: string, ip: string) {
  const user = await userOf(ctx, session.userId);
  if (session.twoFactor !== 'verify' || !user.totpEnabled) throw new AppError('FORBIDDEN');
  const used = async () =>
    (await pendingSignInExhausted(ctx.db, user.email, session.createdAt)) ||
    assertNotThrottled(ctx.db, user.email, ip).then(
      () => false,
      (err) => {
        if (err instanceof AppError && err.code === 'THROTTLED') return true;
        throw err;
      },
    );
  const voided = async () => {
    await runCommand(ctx, null, ({ tx }) => revokeSessions(ctx, { id: session.id }, { db: tx }));
    return new AppError('INVALID_2FA', { logout: true });
  };
  if (await used()) throw await voided();
  if (!(await acceptTotp(ctx, user, code))) {
    await failedAttempt(ctx, user.email, ip);
    if (await used()) throw await voided();
    throw new AppError('INVALID_2FA');
  }
  await runCommand(ctx, null, async ({ tx }) => {
    await recordAttempt(tx, user.email, ip, true);
    await tx.update(sessions).set({ twoFactor: 'none' }).where(eq(sessions.id, session.id));
  });
}

/** Turns two-factor off after the password, unless the account requires it for the member's role. */
export async function disableTwoFactor(ctx: AppContext, actor: Actor, password: string): Promise<void> {
  const user = await userOf(ctx, actor.userId);
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new AppError('VALIDATION', { fields: { password: ['password.wrong'] } });
  const [account] = await ctx.db.select().from(accounts).where(eq(accounts.id, actor.accountId));
  if (account && twoFactorRequiredFor(accountSettings(account.settings), actor.roles)) {
    throw new AppError('FORBIDDEN', {}, 'two-factor authentication is required for your role');
  }
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx
      .update(users)
      .set({ totpEnabled: false, totpSecret: null, totpLastStep: null })
      .where(eq(users.id, user.id));
  });
}

/**
 * Moves the session into another account: one where the user is an active member, or, for a super user, any
 * account, acting as its owner with the shadow flag.
 */
export async function switchAccount(ctx: AppContext, actor: Actor, accountId: string): Promise<void> {
  // Another account by design: the user's memberships everywhere, and the session moved into the chosen one.
  const rows = await membershipsOfUser(ctx.owner, actor.userId);
  const own = pickMembership(rows, accountId);
  let membershipId: string;
  let shadow = false;
  if (own && own.account.id === accountId) {
    membershipId = own.membership.id;
    if (ctx.config.beta && !own.account.beta) throw new AppError('BETA_ONLY');
  } else if (actor.superUser) {
    const [account] = await ctx.owner.select().from(accounts).where(eq(accounts.id, accountId));
    if (!account || account.status === 'deleted') throw new AppError('NOT_FOUND');
    const owner = await ownerMembership(ctx.owner, accountId);
    if (!owner) throw new AppError('NOT_FOUND');
    membershipId = owner.id;
    shadow = true;
  } else {
    throw new AppError('NOT_FOUND');
  }
  // Every visit starts read-only; the super user confirms write access for it (docs/product/account-access.md).
  await runCommand({ ...ctx, db: ctx.owner }, actor, async ({ tx }) => {
    await tx
      .update(sessions)
      .set({ accountId, membershipId, shadow, shadowWrite: false })
      .where(eq(sessions.id, actor.sessionId));
    if (actor.shadow) await recordVisit(actor, actor.accountId, 'leave', tx);
    if (shadow) await recordVisit(actor, accountId, 'enter', tx);
    if (!shadow) await tx.update(users).set({ lastAccountId: accountId }).where(eq(users.id, actor.userId));
  });
}

/** Switches the session's language; signed-in users keep it as their stored locale. */
export async function switchLocale(ctx: AppContext, session: SessionRecord, locale: Locale): Promise<void> {
  await runCommand(ctx, null, async ({ tx }) => {
    await tx.update(sessions).set({ locale }).where(eq(sessions.id, session.id));
    if (!session.shadow) await tx.update(users).set({ locale }).where(eq(users.id, session.userId));
  });
}

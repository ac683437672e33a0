import { randomBytes } from 'node:crypto';
import { DEMO_STARTS_PER_DAY, type Locale, UNCONFIRMED_SIGNUP_DAYS } from '@app/contracts';
import { now, transitionAccount } from '@app/domain';
import { and, count, eq, gt, inArray, isNull, lte, notExists, or, sql } from 'drizzle-orm';
import { accounts, authCodes, demoStarts, memberships, users } from '../../db/schema';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { createSession } from '../../platform/session';
import { demoEmails } from '../../sample/people';
import { seedDemoCompany } from '../../sample/seed';

// The demo's rules: docs/product/signup.md.

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * "Try it": a throwaway copy of the sample company for one visitor, who is signed in as its owner at once. One
 * address starts at most DEMO_STARTS_PER_DAY a day (429 DEMO_LIMIT); the account is a demo that runs out after
 * DEMO_DAYS and is then removed with everything in it (`removeExpiredDemos`).
 */
export async function startDemo(
  ctx: AppContext,
  ip: string,
  opts: { locale?: Locale; mobile?: boolean },
): Promise<{ token: string; csrfToken: string }> {
  const at = now();
  const life = transitionAccount({ status: 'free', trialEndsAt: null, periodEndsAt: null }, { type: 'startDemo' }, at);
  // A new account always may start; a refusal here would be a bug in the machine.
  if (!life.ok) throw new Error(`account life refused ${life.event} from ${life.from}`);
  // A visitor, signed in only by this command.
  return runCommand(ctx, null, async ({ tx }) => {
    // One address's starts are counted and written under a lock of that address, so parallel clicks cannot pass.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`demo:${ip}`}))`);
    const [{ n }] = await tx
      .select({ n: count() })
      .from(demoStarts)
      .where(and(eq(demoStarts.ip, ip), gt(demoStarts.at, new Date(at.getTime() - DAY_MS))));
    if (n >= DEMO_STARTS_PER_DAY) throw new AppError('DEMO_LIMIT', { data: { limit: DEMO_STARTS_PER_DAY } });
    const demo = await seedDemoCompany(tx, {
      emailOf: demoEmails(randomBytes(5).toString('hex')),
      account: {
        demo: true,
        status: life.life.status,
        trialEndsAt: life.life.trialEndsAt,
        periodEndsAt: life.life.periodEndsAt,
        statusChangedAt: at,
        plan: null,
        createdAt: at,
      },
    });
    await tx.insert(demoStarts).values({ accountId: demo.account.id, ip, at });
    if (opts.locale) await tx.update(users).set({ locale: opts.locale }).where(eq(users.id, demo.ownerUserId));
    await tx.update(users).set({ lastAccountId: demo.account.id }).where(eq(users.id, demo.ownerUserId));
    const session = await createSession(tx, {
      userId: demo.ownerUserId,
      accountId: demo.account.id,
      membershipId: demo.ownerMembershipId,
      locale: opts.locale ?? 'en',
      mobile: opts.mobile,
    });
    return { token: session.token, csrfToken: session.csrfToken };
  });
}

/**
 * Removes every demo account that ran out (or that the daily job already marked deleted) with all its data: every
 * table that points at an account cascades, and the demo's people, who belong to no other account, go too.
 * Answers how many accounts went.
 */
export async function removeExpiredDemos(ctx: AppContext): Promise<number> {
  const at = now();
  const gone = await ctx.db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.demo, true), or(eq(accounts.status, 'deleted'), lte(accounts.trialEndsAt, at))));
  return removeAccounts(
    ctx,
    gone.map((a) => a.id),
  );
}

/**
 * Removes registrations nobody confirmed within UNCONFIRMED_SIGNUP_DAYS: the account was made by a registration
 * (it has a sign-up code), its holder never confirmed the address, and nobody else belongs to it. Someone who
 * typed another person's address leaves nothing behind for long.
 */
export async function removeUnconfirmedSignups(ctx: AppContext): Promise<number> {
  const before = new Date(now().getTime() - UNCONFIRMED_SIGNUP_DAYS * DAY_MS);
  const rows = await ctx.db
    .selectDistinct({ id: accounts.id })
    .from(accounts)
    .innerJoin(authCodes, and(eq(authCodes.accountId, accounts.id), eq(authCodes.kind, 'signup')))
    .innerJoin(memberships, eq(memberships.accountId, accounts.id))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(accounts.demo, false), lte(accounts.createdAt, before), isNull(users.emailConfirmedAt)));
  const ids: string[] = [];
  for (const { id } of rows) {
    const [{ n }] = await ctx.db.select({ n: count() }).from(memberships).where(eq(memberships.accountId, id));
    if (n === 1) ids.push(id);
  }
  return removeAccounts(ctx, ids);
}

/** Deletes the accounts with everything in them, and then their people who belong to no account any more. */
async function removeAccounts(ctx: AppContext, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  // A job's write: no member acts.
  await runCommand(ctx, null, async ({ tx }) => {
    const people = await tx
      .select({ userId: memberships.userId })
      .from(memberships)
      .where(inArray(memberships.accountId, ids));
    await tx.delete(accounts).where(inArray(accounts.id, ids));
    const userIds = [...new Set(people.map((p) => p.userId))];
    if (userIds.length)
      // Only people left without any account: a real user never loses their sign-in.
      await tx
        .delete(users)
        .where(
          and(
            inArray(users.id, userIds),
            notExists(tx.select({ one: sql`1` }).from(memberships).where(eq(memberships.userId, users.id))),
          ),
        );
  });
  return ids.length;
}

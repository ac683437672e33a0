import { LOGIN_MAX_FAILURES, LOGIN_WINDOW_MS } from '@app/contracts';
import { now as clockNow } from '@app/domain';
import { and, count, desc, eq, gt, gte } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { loginAttempts } from '../../db/schema';
import { AppError } from '../../platform/errors';

/** Failures from one address, across e-mails, before it is refused too. */
const MAX_FAILURES_PER_IP = 20;

/**
 * Refuses a login after too many failures for the e-mail (or from the address) within the window; a success
 * resets the count for the e-mail. Kept in the database, so every instance sees the same count.
 */
export async function assertNotThrottled(db: DbOrTx, email: string, ip: string, now = clockNow()): Promise<void> {
  const windowStart = new Date(now.getTime() - LOGIN_WINDOW_MS);
  const [lastSuccess] = await db
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, true), gt(loginAttempts.at, windowStart)))
    .orderBy(desc(loginAttempts.at))
    .limit(1);
  const since = lastSuccess ? lastSuccess.at : windowStart;
  const [byEmail] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, since)));
  const [byIp] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, ip), eq(loginAttempts.succeeded, false), gt(loginAttempts.at, windowStart)));
  if (byEmail.n >= LOGIN_MAX_FAILURES || byIp.n >= MAX_FAILURES_PER_IP) {
    throw new AppError('THROTTLED', { data: { retryAfterSeconds: Math.ceil(LOGIN_WINDOW_MS / 1000) } });
  }
}

export async function recordAttempt(db: Tx, email: string, ip: string, succeeded: boolean): Promise<void> {
  await db.insert(loginAttempts).values({ email, ip, succeeded, at: clockNow() });
}

/**
 * Whether a pending two-factor sign-in has used up its guesses: LOGIN_MAX_FAILURES failures for the user since it
 * started. Counted from `login_attempts` like the password's, but not reset by a success elsewhere, so neither
 * another address nor the person signing in on another device gives the pending sign-in more guesses.
 */
export async function pendingSignInExhausted(db: DbOrTx, email: string, startedAt: Date): Promise<boolean> {
  const [failures] = await db
    .select({ n: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.email, email), eq(loginAttempts.succeeded, false), gte(loginAttempts.at, startedAt)));
  return failures.n >= LOGIN_MAX_FAILURES;
}

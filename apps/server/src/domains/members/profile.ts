import type { OwnProfile, OwnProfileUpdate } from '@app/contracts';
import { lockedOwnChanges } from '@app/domain';
import { eq } from 'drizzle-orm';
import { sessions, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { revokeSessions } from '../../platform/revoke';
import { assertPasswordAcceptable, hashPassword, verifyPassword } from '../auth/passwords';

async function userOf(ctx: AppContext, actor: Actor) {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, actor.userId));
  if (!user) throw new AppError('UNAUTHENTICATED', { logout: true });
  return user;
}

const toProfile = (u: typeof users.$inferSelect): OwnProfile => ({
  fname: u.fname,
  lname: u.lname,
  email: u.email,
  locale: u.locale as OwnProfile['locale'],
  twoFactor: u.totpEnabled,
});

export async function getOwnProfile(ctx: AppContext, actor: Actor): Promise<OwnProfile> {
  return toProfile(await userOf(ctx, actor));
}

/**
 * Name and language of the signed-in person; a super user acting in another account cannot change them. The name
 * stays once set, as on the employee page (nobody renames themself into a colleague).
 */
export async function updateOwnProfile(ctx: AppContext, actor: Actor, input: OwnProfileUpdate): Promise<OwnProfile> {
  if (actor.shadow) throw new AppError('FORBIDDEN');
  const locked = lockedOwnChanges(await userOf(ctx, actor), input);
  if (locked.length) throw fieldError(Object.fromEntries(locked.map((f) => [f, ['team.lockedOwn']])));
  return runCommand(ctx, actor, async ({ tx }) => {
    const [user] = await tx
      .update(users)
      .set({ fname: input.fname, lname: input.lname, locale: input.locale })
      .where(eq(users.id, actor.userId))
      .returning();
    await tx.update(sessions).set({ locale: input.locale }).where(eq(sessions.id, actor.sessionId));
    return toProfile(user);
  });
}

/** Changes the password after the current one; other sessions of the person end. */
export async function changeOwnPassword(ctx: AppContext, actor: Actor, current: string, password: string) {
  if (actor.shadow) throw new AppError('FORBIDDEN');
  const user = await userOf(ctx, actor);
  if (!(await verifyPassword(user.passwordHash, current))) {
    throw new AppError('VALIDATION', { fields: { current: ['password.wrong'] } }, 'invalid input');
  }
  assertPasswordAcceptable(password);
  const passwordHash = await hashPassword(password);
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.update(users).set({ passwordHash }).where(eq(users.id, user.id));
    await revokeSessions(ctx, { userId: user.id, except: actor.sessionId }, { db: tx, reason: 'password' });
  });
}

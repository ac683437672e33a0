import { now, transitionAccount } from '@app/domain';
import type { Tx } from '../db/client';
import { accounts, memberships, users } from '../db/schema';

/**
 * A company that registered but has not finished the setup wizard (docs/product/setup.md): its owner signs in and
 * lands in the wizard; its one employee signs in and is told the setup is unfinished, then signed out.
 */
export const PENDING_OWNER = 'newcomer@example.com';
export const PENDING_EMPLOYEE = 'waiting@example.com';

export async function seedSetupPending(tx: Tx, passwordHash: string) {
  const at = now();
  const registered = transitionAccount(
    { status: 'free', trialEndsAt: null, periodEndsAt: null },
    { type: 'register' },
    at,
  );
  if (!registered.ok) throw new Error('a new account starts its trial');
  const [account] = await tx
    .insert(accounts)
    .values({
      name: 'Fresh Corner Shop',
      status: registered.life.status,
      trialEndsAt: registered.life.trialEndsAt,
      periodEndsAt: registered.life.periodEndsAt,
      statusChangedAt: at,
      maxEmployees: 10,
      modules: ['roster'],
      settings: { locale: 'en' },
      setupComplete: false,
    })
    .returning();
  const people = [
    { email: PENDING_OWNER, fname: 'Nora', lname: 'Newcomer', roles: ['owner'] },
    { email: PENDING_EMPLOYEE, fname: 'Walter', lname: 'Waiting', roles: ['user'] },
  ];
  for (const person of people) {
    const [user] = await tx
      .insert(users)
      .values({
        email: person.email,
        passwordHash,
        fname: person.fname,
        lname: person.lname,
        locale: 'en',
        emailConfirmedAt: at,
      })
      .returning({ id: users.id });
    await tx
      .insert(memberships)
      .values({ accountId: account.id, userId: user.id, roles: person.roles, status: 'active' });
  }
  return account;
}

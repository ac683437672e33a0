import type { AccountStatus, Role } from '@app/contracts';
import { accountUse } from '@app/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, memberships } from '../../db/schema';

export type MembershipWithAccount = {
  membership: typeof memberships.$inferSelect;
  account: typeof accounts.$inferSelect;
};

/**
 * A user's memberships with their accounts, oldest first; deleted memberships left out, and accounts of no use to
 * anyone (deleted: `accountUse`, docs/product/account-access.md).
 */
export async function membershipsOfUser(db: DbOrTx, userId: string): Promise<MembershipWithAccount[]> {
  const rows = await db
    .select({ membership: memberships, account: accounts })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(accounts.name));
  return rows.filter(
    (r) =>
      r.membership.status !== 'deleted' &&
      accountUse(r.account.status as AccountStatus, r.membership.roles as Role[]) !== 'none',
  );
}

/** The account a login lands in: the last one used when still active, else the first active one. */
export function pickMembership(rows: MembershipWithAccount[], preferredAccountId: string | null) {
  const active = rows.filter((r) => r.membership.status === 'active' && r.membership.access !== 'no');
  return active.find((r) => r.account.id === preferredAccountId) ?? active[0] ?? null;
}

/** The account's owner membership, which a super user acts as when switching into an account not theirs. */
export async function ownerMembership(db: DbOrTx, accountId: string) {
  const rows = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active')));
  return rows.find((m) => (m.roles as Role[]).includes('owner')) ?? null;
}

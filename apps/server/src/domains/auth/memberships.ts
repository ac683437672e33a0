import type { Role } from '@app/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, memberships } from '../../db/schema';

export type MembershipWithAccount = {
  membership: typeof memberships.$inferSelect;
  account: typeof accounts.$inferSelect;
};

/** A user's memberships with their accounts, oldest first; deleted memberships and accounts left out. */
export async function membershipsOfUser(db: DbOrTx, userId: string): Promise<MembershipWithAccount[]> {
  const rows = await db
    .select({ membership: memberships, account: accounts })
    .from(memberships)
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(accounts.name));
  return rows.filter((r) => r.membership.status !== 'deleted' && r.account.status !== 'deleted');
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

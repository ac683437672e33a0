import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships } from '../../db/schema';
import { AppError } from '../../platform/errors';

/** A membership of the actor's account; another account's id answers 404 like a missing one. */
export async function membershipInAccount(db: DbOrTx, accountId: string, membershipId: string) {
  const [row] = await db
    .select()
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)));
  if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND');
  return row;
}

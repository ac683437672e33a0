import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/**
 * The one fact about other companies a request may learn: in which accounts people hold a membership (ids and
 * status only), for "one address, one person" when inviting or changing an address. Row-level security hides other
 * accounts' memberships from a request, so this reads them through `app_memberships_of_users`, a SECURITY DEFINER
 * function installed by `db/rls.ts` that answers nothing else. It works inside a request's transaction too (on
 * PGlite the owner's handle could not run there: the one connection is the transaction's).
 */
export async function membershipsEverywhere(
  db: DbOrTx,
  userIds: string[],
): Promise<{ userId: string; accountId: string; status: string }[]> {
  if (userIds.length === 0) return [];
  const result = (await db.execute(
    sql`select user_id as "userId", account_id as "accountId", status from app_memberships_of_users(${sql.param(userIds)}::uuid[])`,
  )) as unknown as { rows: { userId: string; accountId: string; status: string }[] };
  return result.rows;
}

import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships } from '../../db/schema';

/**
 * The employees a billing period is charged for (docs/product/billing.md): active memberships with login access,
 * not deleted.
 */
export async function countBillableEmployees(tx: DbOrTx, accountId: string): Promise<number> {
  const [row] = await tx
    .select({ n: count() })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active'), ne(memberships.access, 'no')));
  return row?.n ?? 0;
}

import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships } from '../../db/schema';

/**
 * The billable employees of an account: what the subscription page estimates and the billing job invoices
 * (docs/product/subscription.md, "Who is billed"). Counted at the moment of asking:
 *
 * - memberships with status `active` (deactivated and removed people are not billed),
 * - whose login access is not `no` (an invited person holds a seat from the invitation on),
 * - not holding the owner role (the company's owners run the account; they are not billed as employees).
 *
 * The one place this rule lives: the page, the estimate and the billing job all call it.
 */
export async function countBillableEmployees(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.status, 'active'),
        ne(memberships.access, 'no'),
        sql`not ('owner' = any(${memberships.roles}))`,
      ),
    );
  return Number(row?.n ?? 0);
}

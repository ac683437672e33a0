import type { PlanType } from '@app/contracts';
import { type MemberTarget, planLimit } from '@app/domain';
import { and, asc, eq, gte, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { membershipsEverywhere } from '../../db/across-accounts';
import type { DbOrTx } from '../../db/client';
import { accounts, memberContracts, memberSettings, memberships } from '../../db/schema';
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

export async function accountRow(db: DbOrTx, accountId: string) {
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account) throw new AppError('NOT_FOUND');
  return account;
}

/** The account holder: the data controller, else the owner who came first. */
export async function accountHolderId(db: DbOrTx, accountId: string): Promise<string | null> {
  const account = await accountRow(db, accountId);
  if (account.dataControllerId) return account.dataControllerId;
  const [first] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .where(
      and(
        eq(memberships.accountId, accountId),
        ne(memberships.status, 'deleted'),
        sql`'owner' = any(${memberships.roles})`,
      ),
    )
    .orderBy(asc(memberships.createdAt), asc(memberships.id))
    .limit(1);
  return first?.id ?? null;
}

/** Whether the person belongs to another account too (not deleted there): then their identity is not ours. */
async function identityShared(db: DbOrTx, membership: typeof memberships.$inferSelect): Promise<boolean> {
  // Other accounts' memberships are hidden by row-level security: this one fact is read across accounts.
  const others = (await membershipsEverywhere(db, [membership.userId])).filter(
    (m) => m.accountId !== membership.accountId && m.status !== 'deleted',
  );
  return others.length > 0;
}

/**
 * A member as the member policies read them (`MemberTarget`): one place builds it for every route that changes a
 * member, so each asks the same rule.
 */
export async function memberTarget(db: DbOrTx, membership: typeof memberships.$inferSelect): Promise<MemberTarget> {
  return {
    membershipId: membership.id,
    roles: membership.roles,
    accountHolder: (await accountHolderId(db, membership.accountId)) === membership.id,
    identityShared: await identityShared(db, membership),
  };
}

/** Active members (the invited count: they hold a seat) against the plan's maximum. */
export async function activeCount(db: DbOrTx, accountId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active')));
  return Number(row?.n ?? 0);
}

/**
 * Refuses with PLAN_LIMIT when `adding` more active members would pass the plan's maximum: the account's own maximum
 * (custom plan, licence), else its plan's (`planLimit`, docs/product/subscription.md).
 */
export async function assertPlanRoom(db: DbOrTx, accountId: string, adding: number): Promise<void> {
  const account = await accountRow(db, accountId);
  const max = planLimit({
    plan: account.plan as PlanType | null,
    maxEmployees: account.maxEmployees,
    priceCents: null,
  });
  if (max === null) return;
  const active = await activeCount(db, accountId);
  if (active + adding > max) throw new AppError('PLAN_LIMIT', { data: { max, active } });
}

/** A member's restriction by plannings (null: none stored, every planning). */
export async function planningScopeOf(db: DbOrTx, membershipId: string) {
  const [row] = await db
    .select({
      planningScope: memberSettings.planningScope,
      scopeLocationIds: memberSettings.scopeLocationIds,
      scopeDutyIds: memberSettings.scopeDutyIds,
    })
    .from(memberSettings)
    .where(eq(memberSettings.membershipId, membershipId));
  return row
    ? {
        planningScope: row.planningScope as 'all' | 'own' | 'some',
        scopeLocationIds: row.scopeLocationIds,
        scopeDutyIds: row.scopeDutyIds,
      }
    : null;
}

/** Weekly contract minutes per member, of the contracts running on a day (the team list, the roster's stats). */
export async function weeklyContractMinutes(db: DbOrTx, accountId: string, date: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ membershipId: memberContracts.membershipId, minutes: memberContracts.weeklyMinutes })
    .from(memberContracts)
    .where(
      and(
        eq(memberContracts.accountId, accountId),
        lte(memberContracts.startDate, date),
        or(isNull(memberContracts.endDate), gte(memberContracts.endDate, date)),
      ),
    );
  return new Map(rows.map((r) => [r.membershipId, r.minutes]));
}

/**
 * Refuses (403) planning a duty outside the actor's restriction by duties (empty: every duty): the duties of the
 * item as it was and as it becomes.
 */
export async function requireDutyScope(
  db: DbOrTx,
  membershipId: string,
  dutyIds: readonly (string | null | undefined)[],
): Promise<void> {
  const scope = await planningScopeOf(db, membershipId);
  if (!scope || scope.scopeDutyIds.length === 0) return;
  if (dutyIds.some((d) => d && !scope.scopeDutyIds.includes(d))) throw new AppError('FORBIDDEN');
}

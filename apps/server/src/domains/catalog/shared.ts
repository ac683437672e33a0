import { mayManageCatalog } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { accounts } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

/** Refuses with 403 unless the actor may edit the catalog (settings guard); call it once the ids are found. */
export function requireCatalogEditor(actor: Actor): void {
  requireAllowed(mayManageCatalog(actor));
}

/**
 * Serialises the catalog changes of one account: uniqueness among rows (identifiers, tag names, the one default
 * cost centre, the last active planning) is checked and then written while this lock is held.
 */
export async function lockAccount(tx: DbOrTx, accountId: string): Promise<void> {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
}

/** After a commit: open apps of the account reload their catalog. */
export function emitCatalogChanged(ctx: AppContext, actor: Actor): void {
  ctx.realtime.emit(`account.${actor.accountId}`, 'Reinit', { reason: 'catalog' });
}

/** Nullable text input: trimmed by the contract; an empty string means no value. */
export const blankToNull = (value: string | null | undefined): string | null | undefined =>
  value === '' ? null : value;

/** Distinct ids, in the order first given. */
export const distinct = (ids: readonly string[]): string[] => [...new Set(ids)];

type AccountTable = PgTable & { id: PgColumn; accountId: PgColumn };

/**
 * Every id must name a row of the account's table; otherwise 422 on the field (another account's rows count as
 * unknown).
 */
export async function assertIdsOfAccount(
  db: DbOrTx,
  table: AccountTable,
  accountId: string,
  ids: readonly string[],
  field: string,
): Promise<void> {
  if (ids.length === 0) return;
  const rows = await db
    .select({ id: table.id })
    .from(table as PgTable)
    .where(and(eq(table.accountId, accountId), inArray(table.id, [...ids])));
  if (rows.length !== new Set(ids).size) throw fieldError({ [field]: ['validation.unknownIds'] });
}

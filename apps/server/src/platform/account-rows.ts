import { and, eq, inArray } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../db/client';
import { accounts } from '../db/schema';
import { AppError, fieldError } from './errors';

// Helpers of every domain that writes an account's rows: its lock and the check that ids are its own.

/**
 * Serialises the changes of one account that check its rows and then write: uniqueness among rows (identifiers,
 * tag names, the one default cost centre, the last active planning, names of rates, premiums and own holidays) and
 * the invitations that add members is checked and then written while this lock is held.
 */
export async function lockAccount(tx: DbOrTx, accountId: string): Promise<void> {
  const [row] = await tx.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
  if (!row) throw new AppError('NOT_FOUND');
}

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

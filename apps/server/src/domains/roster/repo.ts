import { and, eq, gte, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  duties,
  itemApplications,
  locations,
  memberships,
  resources,
  rosterItems,
  shifts,
  sicknessRecords,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ItemRow } from './present';

/** An item of the account, to read; another account's id answers 404. */
export async function itemOf(db: DbOrTx, accountId: string, id: string): Promise<ItemRow> {
  const [row] = await db
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.id, id), eq(rosterItems.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** An item of the account, locked for the rest of the transaction; another account's id answers 404. */
export async function lockItem(tx: DbOrTx, accountId: string, id: string): Promise<ItemRow> {
  const [row] = await tx
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.id, id), eq(rosterItems.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function locationOf(tx: DbOrTx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(locations)
    .where(and(eq(locations.id, id), eq(locations.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function dutyOf(tx: DbOrTx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(duties)
    .where(and(eq(duties.id, id), eq(duties.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function shiftOf(tx: DbOrTx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(shifts)
    .where(and(eq(shifts.id, id), eq(shifts.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A resource of the account that may go on an item (404 when foreign; archived ones are a field error). */
export async function resourceOf(tx: DbOrTx, accountId: string, id: string) {
  const [row] = await tx
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  if (row.archived) throw new AppError('VALIDATION', { fields: { resource: ['validation.archived'] } }, 'archived');
  return row;
}

/**
 * An active member of the account with their name, locked so that concurrent assignments of the same person run
 * one after the other.
 */
export async function lockMember(tx: DbOrTx, accountId: string, membershipId: string) {
  const [row] = await tx
    .select({ membership: memberships, fname: users.fname, lname: users.lname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)))
    .for('update', { of: memberships });
  if (!row || row.membership.status === 'deleted') throw new AppError('NOT_FOUND');
  return { ...row.membership, name: [row.fname, row.lname].filter(Boolean).join(' ') };
}

/** The member's other items on the given dates, at any location. */
/** A member's items on some dates (of their account only: the filter is the tenant wall, not just the id). */
export async function memberItemsOn(
  tx: DbOrTx,
  accountId: string,
  membershipId: string,
  dates: string[],
  exceptId: string | null,
) {
  return tx
    .select()
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, accountId),
        eq(rosterItems.membershipId, membershipId),
        inArray(rosterItems.date, dates),
        exceptId ? ne(rosterItems.id, exceptId) : undefined,
      ),
    );
}

/** The applications of an item of the account (an item of another account has none). */
export async function applicationsOf(tx: DbOrTx, accountId: string, itemId: string) {
  const rows = await tx
    .select({ application: itemApplications })
    .from(itemApplications)
    .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId))
    .where(and(eq(itemApplications.itemId, itemId), eq(rosterItems.accountId, accountId)));
  return rows.map((r) => r.application);
}

/** A temporary planning runs from its start to its end date: items cannot lie outside them. */
export function assertWithinPlanning(location: { startDate: string | null; endDate: string | null }, date: string) {
  if ((location.startDate && date < location.startDate) || (location.endDate && date > location.endDate)) {
    throw new AppError(
      'VALIDATION',
      { fields: { date: ['validation.outsidePlanning'] } },
      'outside the planning dates',
    );
  }
}

/** The members (of those given) whose reported sickness covers a date: candidates leave them out. */
export async function sickOn(db: DbOrTx, accountId: string, membershipIds: string[], date: string) {
  if (!membershipIds.length) return [];
  return db
    .select({ membershipId: sicknessRecords.membershipId })
    .from(sicknessRecords)
    .where(
      and(
        eq(sicknessRecords.accountId, accountId),
        inArray(sicknessRecords.membershipId, membershipIds),
        lte(sicknessRecords.startDate, date),
        or(isNull(sicknessRecords.endDate), gte(sicknessRecords.endDate, date)),
      ),
    );
}

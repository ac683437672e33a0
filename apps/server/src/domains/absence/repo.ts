import { and, asc, desc, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  membershipLocations,
  memberships,
  rosterItems,
  sicknessRecordItems,
  sicknessRecords,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';

export type SicknessRow = typeof sicknessRecords.$inferSelect;

/** A member of the account with their name; another account's id (or a deleted member) answers 404. */
export async function memberWithName(db: DbOrTx, accountId: string, membershipId: string, lock = false) {
  const query = db
    .select({ id: memberships.id, status: memberships.status, fname: users.fname, lname: users.lname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)));
  const [row] = lock ? await query.for('no key update', { of: memberships }) : await query;
  if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND');
  return row;
}

export async function recordOf(db: DbOrTx, accountId: string, id: string): Promise<SicknessRow> {
  const [row] = await db
    .select()
    .from(sicknessRecords)
    .where(and(eq(sicknessRecords.id, id), eq(sicknessRecords.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Records of the account, newest first, filtered by member, by "not ended before" a date and by location. */
export async function recordsOf(
  db: DbOrTx,
  accountId: string,
  filter: { membershipIds?: string[]; openOn?: string; overlaps?: { from: string; until: string }; location?: string },
) {
  const rows = await db
    .select({ record: sicknessRecords, fname: users.fname, lname: users.lname })
    .from(sicknessRecords)
    .innerJoin(memberships, eq(memberships.id, sicknessRecords.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(sicknessRecords.accountId, accountId),
        eq(memberships.accountId, accountId),
        filter.membershipIds ? inArray(sicknessRecords.membershipId, filter.membershipIds) : undefined,
        filter.openOn
          ? and(
              lte(sicknessRecords.startDate, filter.openOn),
              or(isNull(sicknessRecords.endDate), gte(sicknessRecords.endDate, filter.openOn)),
            )
          : undefined,
        filter.overlaps
          ? and(
              lte(sicknessRecords.startDate, filter.overlaps.until),
              or(isNull(sicknessRecords.endDate), gte(sicknessRecords.endDate, filter.overlaps.from)),
            )
          : undefined,
        filter.location
          ? inArray(
              sicknessRecords.membershipId,
              db
                .select({ id: membershipLocations.membershipId })
                .from(membershipLocations)
                .where(eq(membershipLocations.locationId, filter.location)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(sicknessRecords.startDate), asc(users.lname));
  const ids = rows.map((r) => r.record.id);
  const counts = ids.length
    ? await db
        .select({ recordId: sicknessRecordItems.recordId, n: sql<number>`count(*)::int` })
        .from(sicknessRecordItems)
        .where(inArray(sicknessRecordItems.recordId, ids))
        .groupBy(sicknessRecordItems.recordId)
    : [];
  return rows.map((r) => ({
    ...r,
    items: counts.find((c) => c.recordId === r.record.id)?.n ?? 0,
  }));
}

/** Another record of the member whose span meets [start, end] (end null: open). */
export async function overlapping(
  db: DbOrTx,
  accountId: string,
  membershipId: string,
  start: string,
  end: string | null,
  exceptId?: string,
) {
  const rows = await db
    .select({ id: sicknessRecords.id })
    .from(sicknessRecords)
    .where(
      and(
        eq(sicknessRecords.accountId, accountId),
        eq(sicknessRecords.membershipId, membershipId),
        end ? lte(sicknessRecords.startDate, end) : undefined,
        or(isNull(sicknessRecords.endDate), gte(sicknessRecords.endDate, start)),
        exceptId ? sql`${sicknessRecords.id} <> ${exceptId}` : undefined,
      ),
    );
  return rows;
}

/** The member's items inside a span (end null: from the start on). */
export async function itemsInSpan(
  db: DbOrTx,
  accountId: string,
  membershipId: string,
  start: string,
  end: string | null,
) {
  return db
    .select()
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, accountId),
        eq(rosterItems.membershipId, membershipId),
        gte(rosterItems.date, start),
        end ? lte(rosterItems.date, end) : undefined,
      ),
    );
}

/** The items a record flagged. */
export async function linkedItems(db: DbOrTx, accountId: string, recordId: string) {
  return db
    .select({ item: rosterItems })
    .from(sicknessRecordItems)
    .innerJoin(rosterItems, eq(rosterItems.id, sicknessRecordItems.itemId))
    .where(and(eq(sicknessRecordItems.recordId, recordId), eq(rosterItems.accountId, accountId)))
    .then((rows) => rows.map((r) => r.item));
}

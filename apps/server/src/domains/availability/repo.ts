import { AccountSettings } from '@app/contracts';
import { now } from '@app/domain';
import { and, asc, eq, gte, inArray, lte, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { accounts, availability, availabilityDefaults, memberships } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type AvailabilityRow = typeof availability.$inferSelect;
export type AvailabilityInsert = typeof availability.$inferInsert;
export type DefaultRow = typeof availabilityDefaults.$inferSelect;

/** The account's settings with their defaults filled in. */
export async function settingsOf(db: DbOrTx, accountId: string): Promise<AccountSettings> {
  const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND');
  return AccountSettings.parse(row.settings ?? {});
}

/** Merges keys into the account's settings in one statement, leaving the other keys as they are. */
export async function mergeSettings(db: Tx, accountId: string, patch: Partial<AccountSettings>) {
  await db
    .update(accounts)
    .set({ settings: sql`${accounts.settings} || ${JSON.stringify(patch)}::jsonb` })
    .where(eq(accounts.id, accountId));
}

/**
 * A membership of the actor's account (another account's id answers 404 like a missing one). With `lock`, the row
 * is locked until the transaction ends, so availability writes of one member run one after the other.
 */
export async function memberOfAccount(db: DbOrTx, accountId: string, membershipId: string, lock = false) {
  const query = db
    .select({ id: memberships.id, status: memberships.status, availabilityFlag: memberships.availabilityFlag })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)));
  const [row] = lock ? await query.for('no key update') : await query;
  if (!row || row.status === 'deleted') throw new AppError('NOT_FOUND');
  return row;
}

/** Entries of an account between two dates (inclusive), of one member or of every member not deleted. */
export async function entriesBetween(
  db: DbOrTx,
  accountId: string,
  from: string,
  until: string,
  membershipId: string | null,
): Promise<AvailabilityRow[]> {
  const rows = await db
    .select({ entry: availability })
    .from(availability)
    .innerJoin(memberships, eq(memberships.id, availability.membershipId))
    .where(
      and(
        eq(availability.accountId, accountId),
        eq(memberships.accountId, accountId),
        ne(memberships.status, 'deleted'),
        gte(availability.date, from),
        lte(availability.date, until),
        membershipId ? eq(availability.membershipId, membershipId) : undefined,
      ),
    )
    .orderBy(asc(availability.date), asc(availability.membershipId));
  return rows.map((r) => r.entry);
}

/** The entries of one member on some dates. */
export async function entriesOn(db: DbOrTx, accountId: string, membershipId: string, dates: readonly string[]) {
  if (dates.length === 0) return [];
  return db
    .select()
    .from(availability)
    .where(
      and(
        eq(availability.accountId, accountId),
        eq(availability.membershipId, membershipId),
        inArray(availability.date, [...dates]),
      ),
    )
    .orderBy(asc(availability.date));
}

/** Writes one entry per date, replacing what the member had on those dates. */
export async function upsertEntries(db: Tx, rows: AvailabilityInsert[]): Promise<AvailabilityRow[]> {
  if (rows.length === 0) return [];
  const saved = await db
    .insert(availability)
    .values(rows)
    .onConflictDoUpdate({
      target: [availability.membershipId, availability.date],
      set: {
        type: sql`excluded.type`,
        startMinutes: sql`excluded.start_minutes`,
        endMinutes: sql`excluded.end_minutes`,
        status: sql`excluded.status`,
        note: sql`excluded.note`,
        updatedAt: now(),
      },
    })
    .returning();
  return saved.sort((a, b) => a.date.localeCompare(b.date));
}

export async function deleteEntries(db: Tx, accountId: string, membershipId: string, dates: readonly string[]) {
  if (dates.length === 0) return [];
  return db
    .delete(availability)
    .where(
      and(
        eq(availability.accountId, accountId),
        eq(availability.membershipId, membershipId),
        inArray(availability.date, [...dates]),
      ),
    )
    .returning();
}

/** The weekday defaults of some members of the account (the membership join keeps them in the account). */
export async function defaultsOf(db: DbOrTx, accountId: string, membershipIds: readonly string[] | null) {
  const rows = await db
    .select({ rule: availabilityDefaults })
    .from(availabilityDefaults)
    .innerJoin(memberships, eq(memberships.id, availabilityDefaults.membershipId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        ne(memberships.status, 'deleted'),
        membershipIds ? inArray(availabilityDefaults.membershipId, [...membershipIds]) : undefined,
      ),
    )
    .orderBy(asc(availabilityDefaults.membershipId), asc(availabilityDefaults.weekday));
  return rows.map((r) => r.rule);
}

/** Replaces a member's weekday defaults (the caller checked the member is of the account). */
export async function replaceDefaults(
  db: Tx,
  membershipId: string,
  rows: Omit<DefaultRow, 'membershipId'>[],
): Promise<void> {
  await db.delete(availabilityDefaults).where(eq(availabilityDefaults.membershipId, membershipId));
  if (rows.length) await db.insert(availabilityDefaults).values(rows.map((r) => ({ ...r, membershipId })));
}

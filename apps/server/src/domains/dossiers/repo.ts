import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { dossierEntries, memberships, users } from '../../db/schema';
import { AppError } from '../../platform/errors';

export type DossierRow = typeof dossierEntries.$inferSelect;

const authors = alias(memberships, 'author');
const authorUsers = alias(users, 'author_user');

/** An entry of the account; another account's id answers 404, as one that does not exist. */
export async function entryOf(db: DbOrTx, accountId: string, id: string, lock = false): Promise<DossierRow> {
  const query = db
    .select()
    .from(dossierEntries)
    .where(and(eq(dossierEntries.id, id), eq(dossierEntries.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A member's entries with their authors' names, newest date first (the latest written first on one day). */
export async function entriesOf(db: DbOrTx, accountId: string, membershipId: string, onlyShared: boolean) {
  return db
    .select({ entry: dossierEntries, authorFname: authorUsers.fname, authorLname: authorUsers.lname })
    .from(dossierEntries)
    .leftJoin(authors, and(eq(authors.id, dossierEntries.authorId), eq(authors.accountId, accountId)))
    .leftJoin(authorUsers, eq(authorUsers.id, authors.userId))
    .where(
      and(
        eq(dossierEntries.accountId, accountId),
        eq(dossierEntries.membershipId, membershipId),
        onlyShared ? eq(dossierEntries.shared, true) : undefined,
      ),
    )
    .orderBy(desc(dossierEntries.entryDate), desc(dossierEntries.createdAt));
}

/** One entry with its author's name. */
export async function entryWithAuthor(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select({ entry: dossierEntries, authorFname: authorUsers.fname, authorLname: authorUsers.lname })
    .from(dossierEntries)
    .leftJoin(authors, and(eq(authors.id, dossierEntries.authorId), eq(authors.accountId, accountId)))
    .leftJoin(authorUsers, eq(authorUsers.id, authors.userId))
    .where(and(eq(dossierEntries.id, id), eq(dossierEntries.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

import type { DocumentFolder, UploadEntry } from '@app/contracts';
import { mayDeleteDocument, seesDocument } from '@app/domain';
import { and, asc, eq, isNull, ne, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { memberships, uploads, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { downloadUrl } from '../../platform/files/links';
import { serverSecret } from '../../platform/secret';

/**
 * The secret the links are signed with. Read before a command starts: the embedded database is one connection, so
 * the owner's handle cannot answer while a transaction holds it.
 */
export const linkSecret = (ctx: AppContext) => serverSecret(ctx.owner, ctx.config);

/**
 * The files kept in members' files, as a viewer may meet them (docs/product/documents.md): only those the documents
 * rule lets them see, each with whether they may delete it and its signed download link. The staff file shows an
 * upload field's files from here, the documents page its folders.
 */

export type UploadRow = typeof uploads.$inferSelect;

const uploader = alias(memberships, 'uploader');
const uploaderUser = alias(users, 'uploader_user');

export async function uploadRows(db: DbOrTx, accountId: string, where: SQL | undefined) {
  return (
    db
      .select({
        upload: uploads,
        fname: uploaderUser.fname,
        lname: uploaderUser.lname,
      })
      .from(uploads)
      .leftJoin(uploader, eq(uploader.id, uploads.uploadedBy))
      .leftJoin(uploaderUser, eq(uploaderUser.id, uploader.userId))
      // The company page's files (folder `company`, domains/company) are no member's documents.
      .where(
        and(eq(uploads.accountId, accountId), isNull(uploads.dossierEntryId), ne(uploads.folder, 'company'), where),
      )
      .orderBy(asc(uploads.createdAt), asc(uploads.id))
  );
}

/** One upload as the actor meets it. */
export function entryOf(
  actor: Actor,
  secret: string,
  row: { upload: UploadRow; fname: string | null; lname: string | null },
): UploadEntry {
  const u = row.upload;
  const name = [row.fname, row.lname].filter(Boolean).join(' ');
  return {
    id: u.id,
    key: u.key,
    folder: u.folder as DocumentFolder,
    name: u.name,
    date: u.createdAt.toISOString(),
    month: u.month,
    mime: u.mime,
    size: u.size,
    hr: u.hr,
    uploadedBy: u.uploadedBy === null ? null : name || null,
    mayDelete: mayDeleteDocument(actor, u),
    url: downloadUrl(secret, u.id),
  };
}

/** The files of one member's file the actor may see, in the order they came. */
export async function visibleFiles(
  db: DbOrTx,
  actor: Actor,
  secret: string,
  membershipId: string,
  where?: SQL,
): Promise<UploadEntry[]> {
  const rows = await uploadRows(db, actor.accountId, and(eq(uploads.membershipId, membershipId), where));
  return rows.filter((r) => seesDocument(actor, r.upload)).map((r) => entryOf(actor, secret, r));
}

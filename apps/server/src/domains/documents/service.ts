import { createHash } from 'node:crypto';
import {
  DocumentFolder,
  type DocumentOwners,
  type DocumentsView,
  UPLOAD_TYPES,
  type UploadEntry,
  type UploadType,
} from '@app/contracts';
import {
  allowanceOfField,
  allowanceOfFolder,
  documentsAccessOf,
  mayDeleteDocument,
  mayFileDocument,
  now,
  seesDocument,
  type UploadAllowance,
  uploadProblem,
} from '@app/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberships, uploads, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { sniffUpload } from '../../platform/files';
import { checkDownloadToken } from '../../platform/files/links';
import { loggableError } from '../../platform/log-safe';
import { serverSecret } from '../../platform/secret';
import { membershipInAccount } from '../members/repo';
import { notify } from '../notifications/service';
import { entryOf, linkSecret, type UploadRow, uploadRows, visibleFiles } from '../profiles/files';
import { uploadFieldFor } from '../profiles/service';

/**
 * Uploads and documents (docs/product/documents.md): files sent into a member's file, either for a profile upload
 * field or into a documents folder; their deletion, download and listing. Who may do what is the domain's
 * (`policies/documents.ts`), what a file may be too (`documents/allowance.ts`); this checks the bytes and keeps them.
 */

const isFolder = (key: string): key is DocumentFolder => DocumentFolder.safeParse(key).success;

function requireDocumentsModule(actor: Actor) {
  if (!actor.modules.includes('documents')) throw new AppError('MODULE_INACTIVE', { data: { module: 'documents' } });
}

/**
 * What the bytes are, when they may go where the allowance says: the type by their signature, the size (413 over
 * 4 MB, 422 for a picture over 2 MB or a type not allowed), and clamd's verdict when it is configured.
 */
export async function checkFile(ctx: AppContext, allowance: UploadAllowance, bytes: Buffer): Promise<UploadType> {
  const detected = sniffUpload(bytes);
  const problem = uploadProblem(allowance, detected, bytes.length);
  if (problem === 'tooLarge') throw new AppError('PAYLOAD_TOO_LARGE');
  if (problem === 'empty') throw fieldError({ file: ['validation.required'] });
  if (problem) throw fieldError({ file: [`documents.errors.${problem}`] });
  if (ctx.scanner) {
    let verdict: Awaited<ReturnType<typeof ctx.scanner.scan>>;
    try {
      verdict = await ctx.scanner.scan(bytes);
    } catch (error) {
      ctx.log.error({ err: loggableError(error) }, 'virus scan failed');
      throw new AppError('SCAN_UNAVAILABLE');
    }
    if (!verdict.clean) {
      ctx.log.warn({ found: verdict.found }, 'upload refused: the virus scanner found something');
      throw fieldError({ file: ['documents.errors.infected'] });
    }
  }
  return detected as UploadType;
}

/** A file's name as kept: no path, no control characters, at most 200 characters; the type's name if none is left. */
export function cleanFileName(name: string, type: UploadType): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200);
  return base || `file.${type === 'jpeg' ? 'jpg' : type}`;
}

interface Keep extends StoredUpload {
  folder: DocumentFolder;
  /** An upload field of one file: its file is replaced. */
  replaces: boolean;
}

async function actorName(db: DbOrTx, actor: Actor): Promise<string> {
  const [me] = await db
    .select({ fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(eq(users.id, actor.userId));
  return me ? [me.fname, me.lname].filter(Boolean).join(' ') || me.email : '';
}

/** What `storeUpload` keeps: a checked file's row in a member's file and its bytes. */
export interface StoredUpload {
  target: { id: string; accountId: string };
  key: string;
  /** A member's folder, or `company`: the company page's files (domains/company), kept apart from members' files. */
  folder: DocumentFolder | 'company';
  hr: boolean;
  name: string;
  type: UploadType;
  bytes: Buffer;
  /** A dossier entry's attachment: kept apart from the member's documents. */
  dossierEntryId?: string;
  /** The month the document is for (YYYY-MM): a payslip's. */
  month?: string;
}

/**
 * Keeps a checked file in the running command: its row, its bytes and the log. In S3 the object is written at once,
 * outside the transaction, so a rollback takes it away again.
 */
export async function storeUpload(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  keep: StoredUpload,
): Promise<UploadRow> {
  const { tx } = command;
  const mime = UPLOAD_TYPES[keep.type];
  const [row] = await tx
    .insert(uploads)
    .values({
      accountId: keep.target.accountId,
      membershipId: keep.target.id,
      key: keep.key,
      folder: keep.folder,
      hr: keep.hr,
      name: keep.name,
      month: keep.month ?? null,
      mime,
      size: keep.bytes.length,
      sha256: createHash('sha256').update(keep.bytes).digest('hex'),
      storage: ctx.files.kind,
      uploadedBy: actor.membershipId,
      dossierEntryId: keep.dossierEntryId ?? null,
      createdAt: now(),
    })
    .returning();
  if (ctx.files.kind !== 'database') command.onRollback(() => ctx.files.remove(ctx.owner, row));
  await ctx.files.put(tx, row, keep.bytes, mime);
  await recordActivity(tx, actor, {
    entity: 'upload',
    entityId: row.id,
    action: 'create',
    after: {
      membershipId: keep.target.id,
      key: keep.key,
      folder: keep.folder,
      hr: keep.hr,
      size: row.size,
      mime,
      ...(keep.dossierEntryId ? { dossierEntryId: keep.dossierEntryId } : {}),
    },
  });
  return row;
}

/** Keeps a checked file in the running command, and tells the member when it is not theirs. */
async function keepFile(ctx: AppContext, command: Command, actor: Actor, keep: Keep): Promise<UploadRow> {
  const { tx } = command;
  if (keep.replaces) {
    const old = await tx
      .delete(uploads)
      .where(and(eq(uploads.membershipId, keep.target.id), eq(uploads.key, keep.key)))
      .returning({ id: uploads.id, accountId: uploads.accountId });
    for (const o of old) await forgetBytes(ctx, command, o);
  }
  const row = await storeUpload(ctx, command, actor, keep);
  if (keep.target.id !== actor.membershipId)
    await notify(ctx, command, {
      accountId: actor.accountId,
      event: 'documentAdded',
      recipients: [keep.target.id],
      actorMembershipId: actor.membershipId,
      data: { by: await actorName(tx, actor), excerpt: keep.name, folder: keep.folder },
    });
  return row;
}

/** The bytes of a removed upload: with its row in the database store, after the commit in S3. */
export async function forgetBytes(ctx: AppContext, command: Command, upload: { id: string; accountId: string }) {
  if (ctx.files.kind === 'database') return; // upload_contents follows its row (on delete cascade)
  command.afterCommit(() => ctx.files.remove(command.tx, upload));
}

export interface UploadInput {
  key: string;
  /** Sent as `type: hr`: an HR document. */
  hr: boolean;
  name: string;
  bytes: Buffer;
}

/**
 * `POST /api/memberships/{id}/upload`: 404 for another account's member, 403 without the right to file there, 422
 * on a key that names no upload field or folder open to the actor, then the bytes' checks (`checkFile`).
 */
export async function uploadFile(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: UploadInput,
): Promise<UploadEntry> {
  const target = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  // Whatever is filed into someone else's file is an HR document.
  const hr = input.hr || target.id !== actor.membershipId;
  requireAllowed(mayFileDocument(actor, target.id, hr));
  let place: { folder: DocumentFolder; allowance: UploadAllowance; replaces: boolean };
  if (isFolder(input.key)) {
    requireDocumentsModule(actor);
    // The member's own uploads go to "uploads"; HR documents to the other folders.
    if (hr === (input.key === 'uploads')) throw fieldError({ key: ['documents.errors.key'] });
    place = { folder: input.key, allowance: allowanceOfFolder(input.key), replaces: false };
  } else {
    const field = await uploadFieldFor(ctx.db, actor, target.id, input.key);
    if (!field) throw fieldError({ key: ['documents.errors.key'] });
    place = { folder: 'uploads', allowance: allowanceOfField(field), replaces: field.type === 'upload' };
  }
  const type = await checkFile(ctx, place.allowance, input.bytes);
  const secret = await linkSecret(ctx);
  const row = await runCommand(ctx, actor, (command) =>
    keepFile(ctx, command, actor, {
      target,
      key: input.key,
      folder: place.folder,
      hr,
      name: cleanFileName(input.name, type),
      type,
      bytes: input.bytes,
      replaces: place.replaces,
    }),
  );
  const [me] = await ctx.db
    .select({ fname: users.fname, lname: users.lname })
    .from(users)
    .where(eq(users.id, actor.userId));
  return entryOf(actor, secret, { upload: row, fname: me?.fname ?? null, lname: me?.lname ?? null });
}

export interface FileDocumentInput {
  membershipId: string;
  folder: DocumentFolder;
  name: string;
  bytes: Buffer;
  /** The month the document is for (YYYY-MM): a payslip's. */
  month?: string;
}

/** A filed document: its id, and where and what it is. */
export type FiledDocument = Pick<UploadRow, 'id' | 'membershipId' | 'folder' | 'name' | 'mime' | 'size' | 'createdAt'>;

/**
 * Files a document into a member's folder as an HR document, inside the caller's running command (a payslip run
 * files many in one transaction): the same rights and content checks as an upload through the API (the virus scan
 * included, so a long run holds its transaction while clamd reads), the member told by the `documentAdded`
 * notification. 404 for another account's member, 403 without the right, 422 on the `uploads` folder or a type the
 * folder does not take (payslips: PDF only).
 */
export async function fileDocument(
  ctx: AppContext,
  command: Command,
  actor: Actor,
  input: FileDocumentInput,
): Promise<FiledDocument> {
  const target = await membershipInAccount(command.tx, actor.accountId, input.membershipId);
  requireAllowed(mayFileDocument(actor, target.id, true));
  requireDocumentsModule(actor);
  if (input.folder === 'uploads') throw fieldError({ key: ['documents.errors.key'] });
  const type = await checkFile(ctx, allowanceOfFolder(input.folder), input.bytes);
  const row = await keepFile(ctx, command, actor, {
    target,
    key: input.folder,
    folder: input.folder,
    hr: true,
    name: cleanFileName(input.name, type),
    type,
    bytes: input.bytes,
    month: input.month,
    replaces: false,
  });
  const { id, membershipId, folder, name, mime, size, createdAt } = row;
  return { id, membershipId, folder, name, mime, size, createdAt };
}

/** `DELETE /api/uploads/{id}`: 404 for a file the actor may not see (or of another account), 403 when they may not delete it. */
export async function deleteUpload(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  const [found] = await uploadRows(ctx.db, actor.accountId, eq(uploads.id, id));
  if (!found || !seesDocument(actor, found.upload)) throw new AppError('NOT_FOUND');
  const upload = found.upload;
  if (isFolder(upload.key)) requireDocumentsModule(actor);
  requireAllowed(mayDeleteDocument(actor, upload));
  // A profile field's file goes only while the field is open to the actor (a member without the update right keeps it).
  if (!isFolder(upload.key)) await uploadFieldFor(ctx.db, actor, upload.membershipId, upload.key);
  await runCommand(ctx, actor, async (command) => {
    const removed = await command.tx
      .delete(uploads)
      .where(and(eq(uploads.id, upload.id), eq(uploads.accountId, actor.accountId)))
      .returning({ id: uploads.id, accountId: uploads.accountId });
    if (removed.length === 0) return;
    await forgetBytes(ctx, command, removed[0]);
    await recordActivity(command.tx, actor, {
      entity: 'upload',
      entityId: upload.id,
      action: 'delete',
      before: { membershipId: upload.membershipId, key: upload.key, folder: upload.folder, hr: upload.hr },
    });
  });
}

export interface Download {
  name: string;
  mime: string;
  bytes: Buffer;
}

/**
 * `GET /api/uploads/{id}?token=`: the token alone opens the file (it is signed for this file and ends after
 * UPLOAD_LINK_MINUTES): 403 for a forged token or another file's, 410 once it ended, 404 for a file that is gone.
 */
export async function download(ctx: AppContext, id: string, token: string): Promise<Download> {
  const secret = await serverSecret(ctx.owner, ctx.config);
  const verdict = checkDownloadToken(secret, id, token);
  if (verdict === 'invalid') throw new AppError('FORBIDDEN');
  if (verdict === 'expired') throw new AppError('CODE_EXPIRED');
  // The link names its file across accounts by design (it is signed for it): the owner's handle.
  const [row] = await ctx.owner.select().from(uploads).where(eq(uploads.id, id));
  if (!row) throw new AppError('NOT_FOUND');
  const bytes = await ctx.files.get(ctx.owner, row);
  if (!bytes) throw new AppError('NOT_FOUND');
  return { name: row.name, mime: row.mime, bytes };
}

/** `GET /api/memberships/{id}/documents`: the member's documents as the actor may see them. */
export async function listDocuments(ctx: AppContext, actor: Actor, membershipId: string): Promise<DocumentsView> {
  const target = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  const access = documentsAccessOf(actor, target.id);
  requireAllowed(access !== null);
  const [person] = await ctx.db
    .select({ fname: users.fname, lname: users.lname, email: users.email })
    .from(users)
    .where(eq(users.id, target.userId));
  return {
    membershipId: target.id,
    name: [person?.fname, person?.lname].filter(Boolean).join(' ') || person?.email || '',
    own: access === 'own',
    mayAddHr: mayFileDocument(actor, target.id, true) && access !== 'own',
    mayUpload: access === 'own',
    documents: await visibleFiles(ctx.db, actor, await linkSecret(ctx), target.id),
  };
}

/** `GET /api/documents/members`: whose documents the actor may open, themself first, then by name. */
export async function documentOwners(ctx: AppContext, actor: Actor): Promise<DocumentOwners> {
  const rows = await ctx.db
    .select({ id: memberships.id, fname: users.fname, lname: users.lname, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, actor.accountId), ne(memberships.status, 'deleted')))
    .orderBy(asc(users.lname), asc(users.fname));
  const people = rows
    .filter((r) => documentsAccessOf(actor, r.id) !== null)
    .map((r) => ({ id: r.id, name: [r.fname, r.lname].filter(Boolean).join(' ') || r.email }));
  return {
    members: [
      ...people.filter((p) => p.id === actor.membershipId),
      ...people.filter((p) => p.id !== actor.membershipId),
    ],
  };
}

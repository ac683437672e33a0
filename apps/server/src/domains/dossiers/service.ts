import type { DossierEntry, DossierEntryInput, DossierEntryResponse, DossierResponse } from '@app/contracts';
import {
  allowanceOfFolder,
  dossierChangeTellsMember,
  mayKeepDossier,
  mayOpenDossier,
  maySeeDossierEntry,
  now,
} from '@app/domain';
import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dossierEntries, uploads } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { downloadUrl } from '../../platform/files/links';
import { checkFile, cleanFileName, forgetBytes, storeUpload } from '../documents/service';
import { membershipInAccount } from '../members/repo';
import { requireMemberInScope } from '../members/scope';
import { notify } from '../notifications/service';
import { linkSecret } from '../profiles/files';
import { namesOf } from '../vacation/repo';

/** The key of a dossier attachment's upload row: no profile field's id (those have no colon) and no folder. */
const DOSSIER_UPLOAD_KEY = 'dossier:entry';

import { type DossierRow, entriesOf, entryOf, entryWithAuthor } from './repo';

/**
 * Dossiers (docs/product/dossiers.md): who reads and writes which entry is the domain's (`mayKeepDossier`,
 * `maySeeDossierEntry`); this reads and writes, logs each change without its text, and tells the member when an
 * entry becomes theirs to read.
 */

type Joined = { entry: DossierRow; authorFname: string | null; authorLname: string | null };

type Files = Map<string, DossierEntry['attachments']>;

/** The attachments of these entries with their download links, by entry. */
async function attachmentsOf(secret: string, db: DbOrTx, accountId: string, ids: string[]): Promise<Files> {
  const out: Files = new Map();
  if (ids.length === 0) return out;
  const rows = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.accountId, accountId), inArray(uploads.dossierEntryId, ids)))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  for (const u of rows) {
    const key = u.dossierEntryId as string;
    out.set(key, [
      ...(out.get(key) ?? []),
      { id: u.id, name: u.name, mime: u.mime, size: u.size, url: downloadUrl(secret, u.id) },
    ]);
  }
  return out;
}

function present({ entry, authorFname, authorLname }: Joined, files: Files): DossierEntry {
  return {
    id: entry.id,
    membership: entry.membershipId,
    kind: entry.kind as DossierEntry['kind'],
    date: entry.entryDate,
    text: entry.text,
    shared: entry.shared,
    author:
      entry.authorId && authorFname !== null
        ? { id: entry.authorId, name: `${authorFname} ${authorLname ?? ''}`.trim() }
        : null,
    createdAt: entry.createdAt.toISOString(),
    updatedAt: entry.updatedAt.toISOString(),
    attachments: files.get(entry.id) ?? [],
  };
}

/**
 * One entry as its keeper meets it after a change. The links' secret is read before the command: it comes through
 * the owner's handle, which a running transaction must not wait on.
 */
async function presentOne(secret: string, db: DbOrTx, accountId: string, id: string): Promise<DossierEntry> {
  return present(await entryWithAuthor(db, accountId, id), await attachmentsOf(secret, db, accountId, [id]));
}

/** What the log keeps of an entry: never its text, which belongs in the dossier alone. */
const logged = (row: DossierRow) => ({
  membership: row.membershipId,
  kind: row.kind,
  date: row.entryDate,
  shared: row.shared,
});

/** The member whose dossier this is, as the rules read them: 404 across accounts, 403 beyond the actor's reach. */
async function targetOf(db: DbOrTx, actor: Actor, membershipId: string) {
  const m = await membershipInAccount(db, actor.accountId, membershipId);
  const target = { membershipId: m.id, roles: m.roles };
  requireAllowed(mayOpenDossier(actor, target));
  if (m.id !== actor.membershipId) await requireMemberInScope(db, actor, m.id);
  return target;
}

/** An entry and its member, for a change: only a keeper of that member's dossier gets this far. */
async function keptEntry(tx: DbOrTx, actor: Actor, id: string) {
  const row = await entryOf(tx, actor.accountId, id, true);
  const target = await targetOf(tx, actor, row.membershipId);
  // The member reading a shared entry may not change it; an unshared one stays unknown to them.
  if (!maySeeDossierEntry(actor, target, row)) throw new AppError('NOT_FOUND');
  requireAllowed(mayKeepDossier(actor, target));
  return row;
}

/** Tells the member an entry they can now read was written (in the app, by mail, by push, per their settings). */
async function tellMember(ctx: AppContext, command: Command, actor: Actor, row: DossierRow) {
  const by = (await namesOf(command.tx, actor.accountId, [actor.membershipId])).get(actor.membershipId) ?? '';
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'dossierShared',
    recipients: [row.membershipId],
    actorMembershipId: actor.membershipId,
    data: { date: row.entryDate, by },
  });
}

/** A member's dossier: every entry for its keepers, the shared ones for the member, nothing for anyone else. */
export async function readDossier(ctx: AppContext, actor: Actor, membershipId: string): Promise<DossierResponse> {
  const target = await targetOf(ctx.db, actor, membershipId);
  const keeps = mayKeepDossier(actor, target);
  const rows = (await entriesOf(ctx.db, actor.accountId, target.membershipId, !keeps)).filter((r) =>
    maySeeDossierEntry(actor, target, r.entry),
  );
  const files = await attachmentsOf(
    await linkSecret(ctx),
    ctx.db,
    actor.accountId,
    rows.map((r) => r.entry.id),
  );
  return { entries: rows.map((r) => present(r, files)), mayKeep: keeps };
}

export async function addDossierEntry(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: DossierEntryInput,
): Promise<DossierEntryResponse> {
  const secret = await linkSecret(ctx);
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const target = await targetOf(tx, actor, membershipId);
    requireAllowed(mayKeepDossier(actor, target));
    const at = now();
    const [row] = await tx
      .insert(dossierEntries)
      .values({
        accountId: actor.accountId,
        membershipId: target.membershipId,
        kind: input.kind,
        entryDate: input.date,
        text: input.text,
        shared: input.shared,
        authorId: actor.shadow ? null : actor.membershipId,
        createdAt: at,
        updatedAt: at,
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'dossierEntry', entityId: row.id, action: 'create', after: logged(row) });
    if (dossierChangeTellsMember(null, row)) await tellMember(ctx, command, actor, row);
    return { entry: await presentOne(secret, tx, actor.accountId, row.id) };
  });
}

export async function updateDossierEntry(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: DossierEntryInput,
): Promise<DossierEntryResponse> {
  const secret = await linkSecret(ctx);
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const before = await keptEntry(tx, actor, id);
    const [row] = await tx
      .update(dossierEntries)
      .set({ kind: input.kind, entryDate: input.date, text: input.text, shared: input.shared, updatedAt: now() })
      .where(and(eq(dossierEntries.id, id), eq(dossierEntries.accountId, actor.accountId)))
      .returning();
    await recordActivity(tx, actor, {
      entity: 'dossierEntry',
      entityId: id,
      action: 'update',
      before: logged(before),
      after: { ...logged(row), textChanged: before.text !== row.text },
    });
    if (dossierChangeTellsMember(before, row)) await tellMember(ctx, command, actor, row);
    return { entry: await presentOne(secret, tx, actor.accountId, id) };
  });
}

export async function deleteDossierEntry(ctx: AppContext, actor: Actor, id: string): Promise<{ deleted: string }> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await keptEntry(tx, actor, id);
    // Its files go with it: the rows by the cascade, the bytes in S3 after the commit.
    const files = await tx
      .delete(uploads)
      .where(and(eq(uploads.accountId, actor.accountId), eq(uploads.dossierEntryId, id)))
      .returning({ id: uploads.id, accountId: uploads.accountId });
    for (const f of files) await forgetBytes(ctx, command, f);
    await tx
      .delete(dossierEntries)
      .where(and(eq(dossierEntries.id, id), eq(dossierEntries.accountId, actor.accountId)));
    await recordActivity(tx, actor, { entity: 'dossierEntry', entityId: id, action: 'delete', before: logged(row) });
    return { deleted: id };
  });
}

export interface AttachmentInput {
  name: string;
  bytes: Buffer;
}

/**
 * `POST /api/dossier/{id}/attachments`: a file for an entry, by its keepers only; the same checks as any upload
 * (4 MB, the type by its content, clamd when configured). It is kept beside the member's file, never in their
 * documents: the member reads it only on an entry shared with them.
 */
export async function attachToDossierEntry(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: AttachmentInput,
): Promise<DossierEntryResponse> {
  await keptEntry(ctx.db, actor, id);
  const type = await checkFile(ctx, allowanceOfFolder('others'), input.bytes);
  const secret = await linkSecret(ctx);
  return runCommand(ctx, actor, async (command) => {
    const row = await keptEntry(command.tx, actor, id);
    await storeUpload(ctx, command, actor, {
      target: { id: row.membershipId, accountId: actor.accountId },
      key: DOSSIER_UPLOAD_KEY,
      folder: 'others',
      hr: true,
      name: cleanFileName(input.name, type),
      type,
      bytes: input.bytes,
      dossierEntryId: row.id,
    });
    return { entry: await presentOne(secret, command.tx, actor.accountId, row.id) };
  });
}

/** `DELETE /api/dossier-attachments/{id}`: one file of an entry, by the entry's keepers; 404 for anyone else. */
export async function removeDossierAttachment(
  ctx: AppContext,
  actor: Actor,
  id: string,
): Promise<DossierEntryResponse> {
  const secret = await linkSecret(ctx);
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [file] = await tx
      .select({ id: uploads.id, accountId: uploads.accountId, entry: uploads.dossierEntryId })
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.accountId, actor.accountId), isNotNull(uploads.dossierEntryId)));
    if (!file?.entry) throw new AppError('NOT_FOUND');
    const row = await keptEntry(tx, actor, file.entry);
    await tx.delete(uploads).where(eq(uploads.id, file.id));
    await forgetBytes(ctx, command, file);
    await recordActivity(tx, actor, {
      entity: 'upload',
      entityId: file.id,
      action: 'delete',
      before: { membershipId: row.membershipId, dossierEntryId: row.id },
    });
    return { entry: await presentOne(secret, tx, actor.accountId, row.id) };
  });
}

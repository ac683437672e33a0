import type { DossierEntry, DossierEntryInput, DossierEntryResponse, DossierResponse } from '@app/contracts';
import { dossierChangeTellsMember, mayKeepDossier, mayOpenDossier, maySeeDossierEntry, now } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { dossierEntries } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { membershipInAccount } from '../members/repo';
import { requireMemberInScope } from '../members/scope';
import { notify } from '../notifications/service';
import { namesOf } from '../vacation/repo';
import { type DossierRow, entriesOf, entryOf, entryWithAuthor } from './repo';

/**
 * Dossiers (docs/product/dossiers.md): who reads and writes which entry is the domain's (`mayKeepDossier`,
 * `maySeeDossierEntry`); this reads and writes, logs each change without its text, and tells the member when an
 * entry becomes theirs to read.
 */

type Joined = { entry: DossierRow; authorFname: string | null; authorLname: string | null };

function present({ entry, authorFname, authorLname }: Joined): DossierEntry {
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
  };
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
  const rows = await entriesOf(ctx.db, actor.accountId, target.membershipId, !keeps);
  return { entries: rows.filter((r) => maySeeDossierEntry(actor, target, r.entry)).map(present), mayKeep: keeps };
}

export async function addDossierEntry(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: DossierEntryInput,
): Promise<DossierEntryResponse> {
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
    return { entry: present(await entryWithAuthor(tx, actor.accountId, row.id)) };
  });
}

export async function updateDossierEntry(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: DossierEntryInput,
): Promise<DossierEntryResponse> {
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
    return { entry: present(await entryWithAuthor(tx, actor.accountId, id)) };
  });
}

export async function deleteDossierEntry(ctx: AppContext, actor: Actor, id: string): Promise<{ deleted: string }> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const row = await keptEntry(tx, actor, id);
    await tx
      .delete(dossierEntries)
      .where(and(eq(dossierEntries.id, id), eq(dossierEntries.accountId, actor.accountId)));
    await recordActivity(tx, actor, { entity: 'dossierEntry', entityId: id, action: 'delete', before: logged(row) });
    return { deleted: id };
  });
}

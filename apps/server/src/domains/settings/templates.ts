import type { ContractTemplate, ContractTemplateUpdate } from '@app/contracts';
import { mayManageContractTemplates, now } from '@app/domain';
import { and, asc, eq, sql } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import type { DbOrTx } from '../../db/client';
import { contractTemplates, memberContracts } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

/**
 * Contract templates: Word files (doc or docx) the contracts of members are written from (docs/product/settings.md).
 */

type TemplateRow = Omit<typeof contractTemplates.$inferSelect, 'content'>;

const listColumns = {
  id: contractTemplates.id,
  accountId: contractTemplates.accountId,
  name: contractTemplates.name,
  fileName: contractTemplates.fileName,
  format: contractTemplates.format,
  size: contractTemplates.size,
  createdAt: contractTemplates.createdAt,
};

const present = (r: TemplateRow): ContractTemplate => ({
  id: r.id,
  name: r.name,
  fileName: r.fileName,
  format: r.format as ContractTemplate['format'],
  size: r.size,
  createdAt: r.createdAt.toISOString(),
});

/**
 * What the bytes are, whatever the name or the declared type says: a docx is a zip with a Word document inside
 * (file-type looks), a doc an OLE compound file (magic D0 CF 11 E0). Anything else is refused.
 */
export async function wordFormatOf(content: Buffer): Promise<'doc' | 'docx' | null> {
  const type = await fileTypeFromBuffer(content);
  if (type?.ext === 'docx') return 'docx';
  if (type?.ext === 'cfb') return 'doc';
  return null;
}

async function templateInAccount(db: DbOrTx, accountId: string, id: string): Promise<TemplateRow> {
  const [row] = await db
    .select(listColumns)
    .from(contractTemplates)
    .where(and(eq(contractTemplates.id, id), eq(contractTemplates.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listTemplates(ctx: AppContext, actor: Actor): Promise<ContractTemplate[]> {
  requireAllowed(mayManageContractTemplates(actor));
  const rows = await ctx.db
    .select(listColumns)
    .from(contractTemplates)
    .where(eq(contractTemplates.accountId, actor.accountId))
    .orderBy(asc(contractTemplates.name));
  return rows.map(present);
}

/** A file name as stored: its last path segment (the query refused control characters), at most 200 characters. */
function cleanFileName(raw: string, format: 'doc' | 'docx'): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/"/g, '').trim().slice(0, 200);
  return clean || `template.${format}`;
}

export async function uploadTemplate(
  ctx: AppContext,
  actor: Actor,
  input: { name: string; fileName: string; content: Buffer },
): Promise<ContractTemplate> {
  requireAllowed(mayManageContractTemplates(actor));
  if (input.content.length === 0) throw fieldError({ file: ['validation.required'] });
  const format = await wordFormatOf(input.content);
  if (!format) throw fieldError({ file: ['settings.errors.templateType'] });
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const [row] = await tx
      .insert(contractTemplates)
      .values({
        accountId: actor.accountId,
        name: input.name,
        fileName: cleanFileName(input.fileName, format),
        format,
        size: input.content.length,
        content: input.content,
        createdAt: now(),
      })
      .returning(listColumns);
    await recordActivity(tx, actor, { entity: 'contractTemplate', entityId: row.id, action: 'create', after: row });
    return present(row);
  });
}

export async function renameTemplate(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ContractTemplateUpdate,
): Promise<ContractTemplate> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await templateInAccount(tx, actor.accountId, id);
    requireAllowed(mayManageContractTemplates(actor));
    const [row] = await tx
      .update(contractTemplates)
      .set({ name: input.name })
      .where(eq(contractTemplates.id, id))
      .returning(listColumns);
    await recordActivity(tx, actor, { entity: 'contractTemplate', entityId: id, action: 'update', before, after: row });
    return present(row);
  });
}

export async function templateFile(ctx: AppContext, actor: Actor, id: string) {
  await templateInAccount(ctx.db, actor.accountId, id);
  requireAllowed(mayManageContractTemplates(actor));
  const [row] = await ctx.db
    .select({
      fileName: contractTemplates.fileName,
      format: contractTemplates.format,
      content: contractTemplates.content,
    })
    .from(contractTemplates)
    .where(and(eq(contractTemplates.id, id), eq(contractTemplates.accountId, actor.accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function deleteTemplate(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await templateInAccount(tx, actor.accountId, id);
    requireAllowed(mayManageContractTemplates(actor));
    // Locked first: a contract written from the template now waits, so the count below holds when it goes.
    await tx
      .select({ id: contractTemplates.id })
      .from(contractTemplates)
      .where(eq(contractTemplates.id, id))
      .for('update');
    const [{ contracts }] = await tx
      .select({ contracts: sql<number>`count(*)::int` })
      .from(memberContracts)
      .where(and(eq(memberContracts.templateId, id), eq(memberContracts.accountId, actor.accountId)));
    if (contracts > 0) throw new AppError('IN_USE', { data: { contracts } });
    await tx.delete(contractTemplates).where(eq(contractTemplates.id, id));
    await recordActivity(tx, actor, { entity: 'contractTemplate', entityId: id, action: 'delete', before });
  });
}

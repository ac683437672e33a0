import type { CompanyPage, CompanyPageUpdate } from '@app/contracts';
import { allowanceOfFolder, mayEditCompanyPage, now } from '@app/domain';
import { and, asc, eq } from 'drizzle-orm';
import { accounts, companyPages, memberships, uploads, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { downloadUrl } from '../../platform/files/links';
import { checkFile, cleanFileName, forgetBytes, storeUpload } from '../documents/service';
import { linkSecret } from '../profiles/files';

/**
 * The company page (docs/product/company.md; module company, route guard `company`): the company's texts for its
 * staff and its files (uploads in the folder `company`, kept by the same file store as members' documents). Every
 * member who may open the page reads it; owners and managers edit it.
 */

const FOLDER = 'company';

/** The page opens as the route guard says: to everyone when the account shows it to staff, else to managers. */
function requireReader(actor: Actor) {
  requireAllowed(actor.settings.companyVisible || mayEditCompanyPage(actor));
}

function requireEditor(actor: Actor) {
  requireAllowed(mayEditCompanyPage(actor));
}

export async function getCompanyPage(ctx: AppContext, actor: Actor): Promise<CompanyPage> {
  requireReader(actor);
  const secret = await linkSecret(ctx);
  const [account] = await ctx.db
    .select({ name: accounts.name, companyName: accounts.companyName })
    .from(accounts)
    .where(eq(accounts.id, actor.accountId));
  const [page] = await ctx.db.select().from(companyPages).where(eq(companyPages.accountId, actor.accountId));
  const files = await ctx.db
    .select({ upload: uploads, fname: users.fname, lname: users.lname })
    .from(uploads)
    .leftJoin(memberships, eq(memberships.id, uploads.uploadedBy))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(uploads.accountId, actor.accountId), eq(uploads.folder, FOLDER)))
    .orderBy(asc(uploads.createdAt), asc(uploads.id));
  const mayEdit = mayEditCompanyPage(actor);
  return {
    name: account?.companyName || account?.name || '',
    about: page?.about ?? '',
    addresses: page?.addresses ?? '',
    contacts: page?.contacts ?? '',
    rules: page?.rules ?? '',
    updatedAt: page?.updatedAt.toISOString() ?? null,
    mayEdit,
    files: files.map(({ upload: u, fname, lname }) => ({
      id: u.id,
      key: u.key,
      folder: 'others' as const,
      name: u.name,
      date: u.createdAt.toISOString(),
      month: u.month,
      mime: u.mime,
      size: u.size,
      hr: false,
      uploadedBy: [fname, lname].filter(Boolean).join(' ') || null,
      mayDelete: mayEdit,
      url: downloadUrl(secret, u.id),
    })),
  };
}

export async function updateCompanyPage(ctx: AppContext, actor: Actor, input: CompanyPageUpdate): Promise<CompanyPage> {
  requireEditor(actor);
  await runCommand(ctx, actor, async ({ tx }) => {
    const values = { ...input, updatedBy: actor.membershipId, updatedAt: now() };
    await tx
      .insert(companyPages)
      .values({ accountId: actor.accountId, ...values })
      .onConflictDoUpdate({ target: companyPages.accountId, set: values });
    await recordActivity(tx, actor, { entity: 'companyPage', entityId: actor.accountId, action: 'update' });
  });
  return getCompanyPage(ctx, actor);
}

/** A file for the page: any type a document folder takes (checked by its bytes, scanned when configured). */
export async function addCompanyFile(
  ctx: AppContext,
  actor: Actor,
  file: { name: string; bytes: Buffer },
): Promise<CompanyPage> {
  requireEditor(actor);
  const type = await checkFile(ctx, allowanceOfFolder('others'), file.bytes);
  await runCommand(ctx, actor, (command) =>
    storeUpload(ctx, command, actor, {
      target: { id: actor.membershipId, accountId: actor.accountId },
      key: FOLDER,
      folder: FOLDER,
      hr: false,
      name: cleanFileName(file.name, type),
      type,
      bytes: file.bytes,
    }),
  );
  return getCompanyPage(ctx, actor);
}

export async function deleteCompanyFile(ctx: AppContext, actor: Actor, id: string): Promise<CompanyPage> {
  await runCommand(ctx, actor, async (command) => {
    const [row] = await command.tx
      .select({ id: uploads.id })
      .from(uploads)
      .where(and(eq(uploads.id, id), eq(uploads.accountId, actor.accountId), eq(uploads.folder, FOLDER)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND');
    requireEditor(actor);
    await command.tx.delete(uploads).where(eq(uploads.id, id));
    await forgetBytes(ctx, command, { id, accountId: actor.accountId });
    await recordActivity(command.tx, actor, {
      entity: 'upload',
      entityId: id,
      action: 'delete',
      before: { folder: FOLDER },
    });
  });
  return getCompanyPage(ctx, actor);
}

import type { Client, ClientCreate, ClientSummary, ClientsQuery, ClientUpdate, InvoiceInterval } from '@app/contracts';
import { mayManageClients, normalizeVatNumber, vatNumberProblem } from '@app/domain';
import { and, asc, count, eq, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { clients, locations, projects } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

type ClientRow = typeof clients.$inferSelect;

/** Refuses with 403 unless the actor plans or manages (the clients guard); call it once the ids are found. */
export function requireClientsEditor(actor: Actor): void {
  requireAllowed(mayManageClients(actor));
}

/** A client of the account (404 otherwise), locked for the rest of the transaction when asked. */
export async function clientInAccount(db: DbOrTx, accountId: string, id: string, lock = false): Promise<ClientRow> {
  const query = db
    .select()
    .from(clients)
    .where(and(eq(clients.id, id), eq(clients.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const blank = (v: string | null | undefined): string | null | undefined => (v === '' ? null : v);

/** The VAT number's form is checked for its country (the prefix); stored upper case without separators. */
function vatOf(value: string | null | undefined): string | null | undefined {
  if (value === undefined || value === null || value === '') return blank(value);
  const problem = vatNumberProblem(value);
  if (problem) throw fieldError({ vatNumber: [`subscriptionPage.errors.${problem}`] });
  return normalizeVatNumber(value);
}

async function present(db: DbOrTx, row: ClientRow): Promise<Client> {
  const owned = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.accountId, row.accountId), eq(locations.clientId, row.id)))
    .orderBy(asc(locations.name));
  const work = await db
    .select({ id: projects.id, name: projects.name })
    .from(projects)
    .where(and(eq(projects.accountId, row.accountId), eq(projects.clientId, row.id)))
    .orderBy(asc(projects.name));
  return {
    id: row.id,
    name: row.name,
    number: row.number,
    invoiceEmail: row.invoiceEmail,
    chamberOfCommerce: row.chamberOfCommerce,
    vatNumber: row.vatNumber,
    invoiceInterval: row.invoiceInterval as InvoiceInterval,
    contacts: row.contacts,
    archived: row.archived,
    locations: owned,
    projects: work,
  };
}

/** The account's clients, by name; a search matches name or number; archived ones only when asked. */
export async function listClients(ctx: AppContext, actor: Actor, query: ClientsQuery): Promise<ClientSummary[]> {
  requireClientsEditor(actor);
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({ client: clients, projectCount: count(projects.id) })
    .from(clients)
    .leftJoin(projects, eq(projects.clientId, clients.id))
    .where(
      and(
        eq(clients.accountId, actor.accountId),
        eq(clients.archived, query.archived === 'true'),
        pattern ? or(ilike(clients.name, pattern), ilike(clients.number, pattern)) : undefined,
      ),
    )
    .groupBy(clients.id)
    .orderBy(asc(sql`lower(${clients.name})`));
  return rows.map(({ client, projectCount }) => ({
    id: client.id,
    name: client.name,
    number: client.number,
    invoiceInterval: client.invoiceInterval as InvoiceInterval,
    archived: client.archived,
    projectCount,
  }));
}

export async function getClient(ctx: AppContext, actor: Actor, id: string): Promise<Client> {
  const row = await clientInAccount(ctx.db, actor.accountId, id);
  requireClientsEditor(actor);
  return present(ctx.db, row);
}

/** A client number is unique in the account, ignoring case. */
async function assertNumberFree(db: DbOrTx, accountId: string, number: string | null | undefined, exceptId?: string) {
  if (!number) return;
  const [taken] = await db
    .select({ id: clients.id })
    .from(clients)
    .where(
      and(
        eq(clients.accountId, accountId),
        sql`lower(${clients.number}) = lower(${number})`,
        exceptId ? sql`${clients.id} <> ${exceptId}` : undefined,
      ),
    );
  if (taken) throw fieldError({ number: ['validation.taken'] });
}

export async function createClient(ctx: AppContext, actor: Actor, input: ClientCreate): Promise<Client> {
  requireClientsEditor(actor);
  return runCommand(ctx, actor, async ({ tx }) => {
    const vatNumber = vatOf(input.vatNumber) ?? null;
    await assertNumberFree(tx, actor.accountId, input.number);
    const [row] = await tx
      .insert(clients)
      .values({
        accountId: actor.accountId,
        name: input.name,
        number: blank(input.number) ?? null,
        invoiceEmail: blank(input.invoiceEmail) ?? null,
        chamberOfCommerce: blank(input.chamberOfCommerce) ?? null,
        vatNumber,
        invoiceInterval: input.invoiceInterval ?? 'monthly',
        contacts: input.contacts ?? [],
        archived: input.archived ?? false,
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'client', entityId: row.id, action: 'create', after: row });
    return present(tx, row);
  });
}

export async function updateClient(ctx: AppContext, actor: Actor, id: string, input: ClientUpdate): Promise<Client> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const before = await clientInAccount(tx, actor.accountId, id, true);
    requireClientsEditor(actor);
    const vatNumber = vatOf(input.vatNumber);
    if (input.number !== undefined) await assertNumberFree(tx, actor.accountId, input.number, id);
    const [after] = await tx
      .update(clients)
      .set({
        name: input.name ?? before.name,
        number: input.number === undefined ? before.number : blank(input.number),
        invoiceEmail: input.invoiceEmail === undefined ? before.invoiceEmail : blank(input.invoiceEmail),
        chamberOfCommerce:
          input.chamberOfCommerce === undefined ? before.chamberOfCommerce : blank(input.chamberOfCommerce),
        vatNumber: vatNumber === undefined ? before.vatNumber : vatNumber,
        invoiceInterval: input.invoiceInterval ?? before.invoiceInterval,
        contacts: input.contacts ?? before.contacts,
        archived: input.archived ?? before.archived,
      })
      .where(eq(clients.id, id))
      .returning();
    await recordActivity(tx, actor, { entity: 'client', entityId: id, action: 'update', before, after });
    return present(tx, after);
  });
}

/**
 * Deletes a client nothing belongs to. A client with projects or plannings is archived instead (ERR_CLIENT_IN_USE
 * names how many): its history stays with the roster and the hours.
 */
export async function deleteClient(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async ({ tx }) => {
    const before = await clientInAccount(tx, actor.accountId, id, true);
    requireClientsEditor(actor);
    const [{ n: projectCount }] = await tx.select({ n: count() }).from(projects).where(eq(projects.clientId, id));
    const [{ n: locationCount }] = await tx
      .select({ n: count() })
      .from(locations)
      .where(and(eq(locations.accountId, actor.accountId), eq(locations.clientId, id)));
    if (projectCount > 0 || locationCount > 0)
      throw new AppError('ERR_CLIENT_IN_USE', { data: { projects: projectCount, locations: locationCount } });
    await tx.delete(clients).where(eq(clients.id, id));
    await recordActivity(tx, actor, { entity: 'client', entityId: id, action: 'delete', before });
  });
}

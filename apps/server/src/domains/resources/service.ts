import type { Resource, ResourceCreate, ResourceKind, ResourcesQuery, ResourceUpdate } from '@app/contracts';
import { mayManageResources, todayIn } from '@app/domain';
import { and, asc, count, eq, gte, ilike, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { resources, rosterItems } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';

type ResourceRow = typeof resources.$inferSelect;

/** Refuses with 403 unless the actor keeps resources (the resources guard); call it once the ids are found. */
function requireResourcesEditor(actor: Actor): void {
  requireAllowed(mayManageResources(actor));
}

/** A resource of the account (404 otherwise), locked for the rest of the transaction when asked. */
export async function resourceInAccount(db: DbOrTx, accountId: string, id: string, lock = false): Promise<ResourceRow> {
  const query = db
    .select()
    .from(resources)
    .where(and(eq(resources.id, id), eq(resources.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

const blank = (v: string | null | undefined): string | null | undefined => (v === '' ? null : v);

const present = (row: ResourceRow, upcoming: number): Resource => ({
  id: row.id,
  name: row.name,
  kind: row.kind as ResourceKind,
  type: row.type,
  capacity: row.capacity,
  identifier: row.identifier,
  notes: row.notes,
  archived: row.archived,
  upcoming,
});

/** How many roster items from today on carry the resource. */
async function upcomingOf(db: DbOrTx, actor: Actor, id: string): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(rosterItems)
    .where(and(eq(rosterItems.resourceId, id), gte(rosterItems.date, todayIn(actor.settings.timeZone))));
  return n;
}

/** The account's resources by name; a search matches name, type or plate; archived ones only when asked. */
export async function listResources(ctx: AppContext, actor: Actor, query: ResourcesQuery): Promise<Resource[]> {
  requireResourcesEditor(actor);
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const today = todayIn(actor.settings.timeZone);
  const rows = await ctx.db
    .select({
      resource: resources,
      upcoming: sql<number>`(select count(*)::int from ${rosterItems} where ${rosterItems.resourceId} = ${resources.id}
        and ${rosterItems.date} >= ${today})`,
    })
    .from(resources)
    .where(
      and(
        eq(resources.accountId, actor.accountId),
        eq(resources.archived, query.archived === 'true'),
        pattern
          ? or(ilike(resources.name, pattern), ilike(resources.type, pattern), ilike(resources.identifier, pattern))
          : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${resources.name})`));
  return rows.map(({ resource, upcoming }) => present(resource, Number(upcoming)));
}

export async function getResource(ctx: AppContext, actor: Actor, id: string): Promise<Resource> {
  const row = await resourceInAccount(ctx.db, actor.accountId, id);
  requireResourcesEditor(actor);
  return present(row, await upcomingOf(ctx.db, actor, id));
}

export async function createResource(ctx: AppContext, actor: Actor, input: ResourceCreate): Promise<Resource> {
  requireResourcesEditor(actor);
  return runCommand(ctx, actor, async ({ tx }) => {
    const [row] = await tx
      .insert(resources)
      .values({
        accountId: actor.accountId,
        name: input.name,
        kind: input.kind,
        type: blank(input.type) ?? null,
        capacity: input.capacity ?? null,
        identifier: blank(input.identifier) ?? null,
        notes: blank(input.notes) ?? null,
        archived: input.archived ?? false,
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'resource', entityId: row.id, action: 'create', after: row });
    return present(row, 0);
  });
}

export async function updateResource(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ResourceUpdate,
): Promise<Resource> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const before = await resourceInAccount(tx, actor.accountId, id, true);
    requireResourcesEditor(actor);
    const [after] = await tx
      .update(resources)
      .set({
        name: input.name ?? before.name,
        kind: input.kind ?? before.kind,
        type: input.type === undefined ? before.type : blank(input.type),
        capacity: input.capacity === undefined ? before.capacity : input.capacity,
        identifier: input.identifier === undefined ? before.identifier : blank(input.identifier),
        notes: input.notes === undefined ? before.notes : blank(input.notes),
        archived: input.archived ?? before.archived,
      })
      .where(eq(resources.id, id))
      .returning();
    await recordActivity(tx, actor, { entity: 'resource', entityId: id, action: 'update', before, after });
    return present(after, await upcomingOf(tx, actor, id));
  });
}

/**
 * Deletes a resource no upcoming item carries; one still planned is refused (ERR_RESOURCE_IN_USE names how many
 * items) so a planner archives it or takes it off those items first. Past items lose the reference.
 */
export async function deleteResource(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async ({ tx }) => {
    const before = await resourceInAccount(tx, actor.accountId, id, true);
    requireResourcesEditor(actor);
    const items = await upcomingOf(tx, actor, id);
    if (items > 0) throw new AppError('ERR_RESOURCE_IN_USE', { data: { items } });
    await tx.delete(resources).where(eq(resources.id, id));
    await recordActivity(tx, actor, { entity: 'resource', entityId: id, action: 'delete', before });
  });
}

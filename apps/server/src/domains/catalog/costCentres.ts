import type { CostCentre, CostCentreCreate, CostCentreUpdate } from '@app/contracts';
import { and, asc, count, desc, eq, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { costCentres, hours, rosterItems } from '../../db/schema';
import { lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { blankToNull, emitCatalogChanged, requireCatalogEditor } from './shared';

type CostCentreRow = typeof costCentres.$inferSelect;

const present = (row: CostCentreRow): CostCentre => ({
  id: row.id,
  code: row.code,
  name: row.name,
  isDefault: row.isDefault,
});

async function costCentreInAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.id, id), eq(costCentres.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The account has one default (fallback) cost centre: making another the default takes the flag from the old. */
async function clearDefault(db: Tx, accountId: string, exceptId: string) {
  await db
    .update(costCentres)
    .set({ isDefault: false })
    .where(and(eq(costCentres.accountId, accountId), eq(costCentres.isDefault, true), ne(costCentres.id, exceptId)));
}

export async function listCostCentres(ctx: AppContext, actor: Actor): Promise<CostCentre[]> {
  const rows = await ctx.db
    .select()
    .from(costCentres)
    .where(eq(costCentres.accountId, actor.accountId))
    .orderBy(desc(costCentres.isDefault), asc(costCentres.name));
  return rows.map(present);
}

export async function getCostCentre(ctx: AppContext, actor: Actor, id: string): Promise<CostCentre> {
  const [row] = await ctx.db
    .select()
    .from(costCentres)
    .where(and(eq(costCentres.id, id), eq(costCentres.accountId, actor.accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return present(row);
}

/** Creates a cost centre; the account's first one, or one created with `isDefault`, becomes the default. */
export async function createCostCentre(ctx: AppContext, actor: Actor, input: CostCentreCreate): Promise<CostCentre> {
  requireCatalogEditor(actor);
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const [{ defaults }] = await tx
      .select({ defaults: count() })
      .from(costCentres)
      .where(and(eq(costCentres.accountId, actor.accountId), eq(costCentres.isDefault, true)));
    const isDefault = input.isDefault === true || defaults === 0;
    const [created] = await tx
      .insert(costCentres)
      .values({ accountId: actor.accountId, name: input.name, code: blankToNull(input.code) ?? null, isDefault })
      .returning();
    if (isDefault) await clearDefault(tx, actor.accountId, created.id);
    await recordActivity(tx, actor, { entity: 'cost_centre', entityId: created.id, action: 'create', after: created });
    emitCatalogChanged(command, actor);
    return created;
  });
  return present(row);
}

/** Changes a cost centre. The default cannot be unset directly: make another one the default instead. */
export async function updateCostCentre(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: CostCentreUpdate,
): Promise<CostCentre> {
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const before = await costCentreInAccount(tx, actor.accountId, id);
    requireCatalogEditor(actor);
    if (before.isDefault && input.isDefault === false) throw new AppError('DEFAULT_COST_CENTRE');
    const [after] = await tx
      .update(costCentres)
      .set({
        name: input.name ?? before.name,
        code: input.code === undefined ? before.code : blankToNull(input.code),
        isDefault: before.isDefault || input.isDefault === true,
      })
      .where(eq(costCentres.id, id))
      .returning();
    if (after.isDefault && !before.isDefault) await clearDefault(tx, actor.accountId, id);
    await recordActivity(tx, actor, { entity: 'cost_centre', entityId: id, action: 'update', before, after });
    emitCatalogChanged(command, actor);
    return after;
  });
  return present(row);
}

/** Deletes a cost centre; refused for the default one (DEFAULT_COST_CENTRE) and while items use it (IN_USE). */
export async function deleteCostCentre(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const costCentre = await costCentreInAccount(tx, actor.accountId, id);
    requireCatalogEditor(actor);
    if (costCentre.isDefault) throw new AppError('DEFAULT_COST_CENTRE');
    const [{ items }] = await tx
      .select({ items: count() })
      .from(rosterItems)
      .where(and(eq(rosterItems.accountId, actor.accountId), eq(rosterItems.costCentreId, id)));
    if (items > 0) throw new AppError('IN_USE', { data: { items } });
    // A cost centre with registered hours stays (docs/product/settings.md, "Deletion blocks").
    const [{ registered }] = await tx
      .select({ registered: count() })
      .from(hours)
      .where(and(eq(hours.accountId, actor.accountId), eq(hours.costCentreId, id)));
    if (registered > 0) throw new AppError('IN_USE', { data: { hours: registered } });
    await tx.delete(costCentres).where(eq(costCentres.id, id));
    await recordActivity(tx, actor, { entity: 'cost_centre', entityId: id, action: 'delete', before: costCentre });
    emitCatalogChanged(command, actor);
  });
}

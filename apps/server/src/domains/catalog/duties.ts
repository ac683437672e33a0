import type { Duty, DutyCreate, DutyUpdate } from '@app/contracts';
import { mayManageCatalog } from '@app/domain';
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { duties, locations, presetItems, rosterItems } from '../../db/schema';
import { lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { announceRevalidated, revalidateItems } from '../conflicts/revalidate';
import { emitCatalogChanged, requireCatalogEditor } from './shared';

type DutyRow = typeof duties.$inferSelect;

/** The response whitelist; the override rate only for those who manage settings. */
function present(row: DutyRow, full: boolean): Duty {
  return {
    id: row.id,
    identifier: row.identifier,
    name: row.name,
    color: row.color,
    trashed: row.trashed,
    restHours: row.restHours,
    ...(full ? { overrideRateCents: row.overrideRateCents } : {}),
  };
}

async function dutyInAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(duties)
    .where(and(eq(duties.id, id), eq(duties.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** An identifier is unique (ignoring case) among the account's duties that are not in the trash. */
async function assertIdentifierFree(db: DbOrTx, accountId: string, identifier: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: duties.id })
    .from(duties)
    .where(
      and(
        eq(duties.accountId, accountId),
        eq(duties.trashed, false),
        sql`lower(${duties.identifier}) = lower(${identifier})`,
        exceptId ? ne(duties.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError({ identifier: ['validation.taken'] });
}

/** Every member reads the duties (the roster shows them); trashed ones included, flagged. */
export async function listDuties(ctx: AppContext, actor: Actor): Promise<Duty[]> {
  const rows = await ctx.db
    .select()
    .from(duties)
    .where(eq(duties.accountId, actor.accountId))
    .orderBy(asc(duties.name), asc(duties.identifier));
  const full = mayManageCatalog(actor);
  return rows.map((r) => present(r, full));
}

export async function getDuty(ctx: AppContext, actor: Actor, id: string): Promise<Duty> {
  const [row] = await ctx.db
    .select()
    .from(duties)
    .where(and(eq(duties.id, id), eq(duties.accountId, actor.accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return present(row, mayManageCatalog(actor));
}

export async function createDuty(ctx: AppContext, actor: Actor, input: DutyCreate): Promise<Duty> {
  requireCatalogEditor(actor);
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const trashed = input.trashed ?? false;
    if (!trashed) await assertIdentifierFree(tx, actor.accountId, input.identifier);
    const [created] = await tx
      .insert(duties)
      .values({
        accountId: actor.accountId,
        identifier: input.identifier,
        name: input.name,
        ...(input.color ? { color: input.color } : {}),
        trashed,
        restHours: input.restHours ?? 0,
        overrideRateCents: input.overrideRateCents ?? null,
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'duty', entityId: created.id, action: 'create', after: created });
    emitCatalogChanged(command, actor);
    return created;
  });
  return present(row, true);
}

/** Changes a duty; `trashed: true` moves it to the trash, `false` restores it (if its identifier is free). */
export async function updateDuty(ctx: AppContext, actor: Actor, id: string, input: DutyUpdate): Promise<Duty> {
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const before = await dutyInAccount(tx, actor.accountId, id);
    requireCatalogEditor(actor);
    const next = {
      identifier: input.identifier ?? before.identifier,
      name: input.name ?? before.name,
      color: input.color ?? before.color,
      trashed: input.trashed ?? before.trashed,
      restHours: input.restHours ?? before.restHours,
      overrideRateCents: input.overrideRateCents === undefined ? before.overrideRateCents : input.overrideRateCents,
    };
    if (!next.trashed) await assertIdentifierFree(tx, actor.accountId, next.identifier, id);
    const [after] = await tx.update(duties).set(next).where(eq(duties.id, id)).returning();
    const action = before.trashed === after.trashed ? 'update' : after.trashed ? 'trash' : 'restore';
    await recordActivity(tx, actor, { entity: 'duty', entityId: id, action, before, after });
    // Upcoming items of a trashed duty carry INVALID_DUTY until the planner changes them.
    const changed = action === 'update' ? [] : await revalidateItems(tx, actor.accountId, { dutyId: id });
    emitCatalogChanged(command, actor);
    announceRevalidated(command, actor.accountId, changed);
    return after;
  });
  return present(row, true);
}

/** Deletes a duty for good; refused with IN_USE while roster items or preset items use it (trash it instead). */
export async function deleteDuty(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const duty = await dutyInAccount(tx, actor.accountId, id);
    requireCatalogEditor(actor);
    const [{ items }] = await tx
      .select({ items: count() })
      .from(rosterItems)
      .where(and(eq(rosterItems.accountId, actor.accountId), eq(rosterItems.dutyId, id)));
    const [{ presets }] = await tx
      .select({ presets: count() })
      .from(presetItems)
      .where(
        and(
          eq(presetItems.dutyId, id),
          inArray(
            presetItems.locationId,
            tx.select({ id: locations.id }).from(locations).where(eq(locations.accountId, actor.accountId)),
          ),
        ),
      );
    if (items + presets > 0) throw new AppError('IN_USE', { data: { items, presetItems: presets } });
    await tx.delete(duties).where(eq(duties.id, id));
    await recordActivity(tx, actor, { entity: 'duty', entityId: id, action: 'delete', before: duty });
    emitCatalogChanged(command, actor);
  });
}

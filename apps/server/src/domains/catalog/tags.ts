import type { Tag, TagInput } from '@app/contracts';
import { now } from '@app/domain';
import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, membershipTags, presetItems, rosterItems, tags } from '../../db/schema';
import { lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { emitCatalogChanged, requireCatalogEditor } from './shared';

const present = (row: typeof tags.$inferSelect): Tag => ({ id: row.id, name: row.name });

async function tagInAccount(db: DbOrTx, accountId: string, id: string) {
  const [row] = await db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A tag name is unique in the account, ignoring case. */
async function assertNameFree(db: DbOrTx, accountId: string, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: tags.id })
    .from(tags)
    .where(
      and(
        eq(tags.accountId, accountId),
        sql`lower(${tags.name}) = lower(${name})`,
        exceptId ? ne(tags.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError({ name: ['validation.taken'] });
}

/** Every member reads the tags (items and the staff filter show them). */
export async function listTags(ctx: AppContext, actor: Actor): Promise<Tag[]> {
  const rows = await ctx.db.select().from(tags).where(eq(tags.accountId, actor.accountId)).orderBy(asc(tags.name));
  return rows.map(present);
}

export async function getTag(ctx: AppContext, actor: Actor, id: string): Promise<Tag> {
  const [row] = await ctx.db
    .select()
    .from(tags)
    .where(and(eq(tags.id, id), eq(tags.accountId, actor.accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return present(row);
}

export async function createTag(ctx: AppContext, actor: Actor, input: TagInput): Promise<Tag> {
  requireCatalogEditor(actor);
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    await assertNameFree(tx, actor.accountId, input.name);
    const [created] = await tx.insert(tags).values({ accountId: actor.accountId, name: input.name }).returning();
    await recordActivity(tx, actor, { entity: 'tag', entityId: created.id, action: 'create', after: created });
    emitCatalogChanged(command, actor);
    return created;
  });
  return present(row);
}

export async function updateTag(ctx: AppContext, actor: Actor, id: string, input: TagInput): Promise<Tag> {
  const row = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const before = await tagInAccount(tx, actor.accountId, id);
    requireCatalogEditor(actor);
    await assertNameFree(tx, actor.accountId, input.name, id);
    const [after] = await tx.update(tags).set({ name: input.name }).where(eq(tags.id, id)).returning();
    await recordActivity(tx, actor, { entity: 'tag', entityId: id, action: 'update', before, after });
    emitCatalogChanged(command, actor);
    return after;
  });
  return present(row);
}

/** Deletes a tag and takes it off every roster item, preset item and member that carried it. */
export async function deleteTag(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const tag = await tagInAccount(tx, actor.accountId, id);
    requireCatalogEditor(actor);
    const items = await tx
      .update(rosterItems)
      .set({ tagIds: sql`array_remove(${rosterItems.tagIds}, ${id}::uuid)`, updatedAt: now() })
      .where(and(eq(rosterItems.accountId, actor.accountId), sql`${id}::uuid = any(${rosterItems.tagIds})`))
      .returning({ id: rosterItems.id });
    await tx
      .update(presetItems)
      .set({ tagIds: sql`array_remove(${presetItems.tagIds}, ${id}::uuid)` })
      .where(
        and(
          sql`${id}::uuid = any(${presetItems.tagIds})`,
          inArray(
            presetItems.locationId,
            tx.select({ id: locations.id }).from(locations).where(eq(locations.accountId, actor.accountId)),
          ),
        ),
      );
    await tx.delete(membershipTags).where(eq(membershipTags.tagId, id));
    await tx.delete(tags).where(eq(tags.id, id));
    await recordActivity(tx, actor, {
      entity: 'tag',
      entityId: id,
      action: 'delete',
      before: tag,
      after: { removedFromItems: items.length },
    });
    emitCatalogChanged(command, actor);
  });
}

import { type Premium, type PremiumInput, type PremiumUpdate, premiumHasBasis } from '@app/contracts';
import { formatHHmm, mayManagePremiums, minutesOfHHmm } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { premiums, premiumTags, tags } from '../../db/schema';
import { assertIdsOfAccount, distinct, lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

/** Premiums (surcharges in percent) by weekdays, a time window, tags or holidays (docs/product/settings.md). */

type PremiumRow = typeof premiums.$inferSelect;

function present(row: PremiumRow, tagIds: string[]): Premium {
  return {
    id: row.id,
    name: row.name,
    percent: row.percent,
    weekdays: [...row.weekdays].sort((a, b) => a - b),
    from: row.fromMinutes === null ? null : formatHHmm(row.fromMinutes),
    until: row.untilMinutes === null ? null : formatHHmm(row.untilMinutes),
    tagIds,
    holidays: row.holidays,
    active: row.active,
  };
}

async function tagsOf(db: DbOrTx, premiumIds: string[]): Promise<Map<string, string[]>> {
  const map = new Map<string, string[]>();
  if (premiumIds.length === 0) return map;
  const rows = await db
    .select({ premiumId: premiumTags.premiumId, tagId: premiumTags.tagId })
    .from(premiumTags)
    .innerJoin(tags, eq(tags.id, premiumTags.tagId))
    .where(inArray(premiumTags.premiumId, premiumIds))
    .orderBy(asc(tags.name));
  for (const r of rows) map.set(r.premiumId, [...(map.get(r.premiumId) ?? []), r.tagId]);
  return map;
}

async function premiumInAccount(db: DbOrTx, accountId: string, id: string): Promise<PremiumRow> {
  const [row] = await db
    .select()
    .from(premiums)
    .where(and(eq(premiums.id, id), eq(premiums.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

export async function listPremiums(ctx: AppContext, actor: Actor): Promise<Premium[]> {
  requireAllowed(mayManagePremiums(actor));
  const rows = await ctx.db
    .select()
    .from(premiums)
    .where(eq(premiums.accountId, actor.accountId))
    .orderBy(asc(premiums.name));
  const tagMap = await tagsOf(
    ctx.db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => present(r, tagMap.get(r.id) ?? []));
}

/** The stored columns of a complete premium. */
function columnsOf(p: PremiumInput) {
  return {
    name: p.name,
    percent: p.percent,
    weekdays: distinct(p.weekdays.map(String)).map(Number),
    fromMinutes: p.from === null ? null : minutesOfHHmm(p.from),
    untilMinutes: p.until === null ? null : minutesOfHHmm(p.until),
    holidays: p.holidays,
    active: p.active,
  };
}

async function writeTags(tx: Tx, accountId: string, premiumId: string, tagIds: string[]) {
  const ids = distinct(tagIds);
  await assertIdsOfAccount(tx, tags, accountId, ids, 'tagIds');
  await tx.delete(premiumTags).where(eq(premiumTags.premiumId, premiumId));
  if (ids.length) await tx.insert(premiumTags).values(ids.map((tagId) => ({ premiumId, tagId })));
}

export async function createPremium(ctx: AppContext, actor: Actor, input: PremiumInput): Promise<Premium> {
  requireAllowed(mayManagePremiums(actor));
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const [row] = await tx
      .insert(premiums)
      .values({ accountId: actor.accountId, ...columnsOf(input) })
      .returning();
    await writeTags(tx, actor.accountId, row.id, input.tagIds);
    const after = present(row, (await tagsOf(tx, [row.id])).get(row.id) ?? []);
    await recordActivity(tx, actor, { entity: 'premium', entityId: row.id, action: 'create', after });
    return after;
  });
}

/** Only the fields sent change; the result must still apply to something and keep a whole time window. */
export async function updatePremium(ctx: AppContext, actor: Actor, id: string, input: PremiumUpdate): Promise<Premium> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const row = await premiumInAccount(tx, actor.accountId, id);
    requireAllowed(mayManagePremiums(actor));
    const before = present(row, (await tagsOf(tx, [id])).get(id) ?? []);
    const next: PremiumInput = {
      name: input.name ?? before.name,
      percent: input.percent ?? before.percent,
      weekdays: input.weekdays ?? before.weekdays,
      from: input.from === undefined ? before.from : input.from,
      until: input.until === undefined ? before.until : input.until,
      tagIds: input.tagIds ?? before.tagIds,
      holidays: input.holidays ?? before.holidays,
      active: input.active ?? before.active,
    };
    if ((next.from === null) !== (next.until === null))
      throw fieldError({ [next.from === null ? 'from' : 'until']: ['validation.required'] });
    if (next.from !== null && next.from === next.until) throw fieldError({ until: ['settings.errors.sameTimes'] });
    if (!premiumHasBasis(next)) throw fieldError({ weekdays: ['settings.errors.premiumBasis'] });
    const [saved] = await tx.update(premiums).set(columnsOf(next)).where(eq(premiums.id, id)).returning();
    if (input.tagIds !== undefined) await writeTags(tx, actor.accountId, id, input.tagIds);
    const after = present(saved, (await tagsOf(tx, [id])).get(id) ?? []);
    await recordActivity(tx, actor, { entity: 'premium', entityId: id, action: 'update', before, after });
    return after;
  });
}

export async function deletePremium(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await premiumInAccount(tx, actor.accountId, id);
    requireAllowed(mayManagePremiums(actor));
    await tx.delete(premiums).where(eq(premiums.id, id));
    await recordActivity(tx, actor, { entity: 'premium', entityId: id, action: 'delete', before });
  });
}

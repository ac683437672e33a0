import type { Rate, RateInput, RateUpdate } from '@app/contracts';
import { mayManageRates } from '@app/domain';
import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { memberSettings, memberships, rates } from '../../db/schema';
import { lockAccount } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';

/** Hourly wages (rates): a gross amount per hour and the factor that turns it into the company's cost. */

type RateRow = typeof rates.$inferSelect;
const present = (r: RateRow): Rate => ({ id: r.id, name: r.name, hourlyCents: r.hourlyCents, factor: r.factor });

async function rateInAccount(db: DbOrTx, accountId: string, id: string): Promise<RateRow> {
  const [row] = await db
    .select()
    .from(rates)
    .where(and(eq(rates.id, id), eq(rates.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** Names are unique among the account's rates, ignoring case. */
async function assertNameFree(db: DbOrTx, accountId: string, name: string, exceptId?: string) {
  const [taken] = await db
    .select({ id: rates.id })
    .from(rates)
    .where(
      and(
        eq(rates.accountId, accountId),
        sql`lower(${rates.name}) = lower(${name})`,
        exceptId ? ne(rates.id, exceptId) : undefined,
      ),
    );
  if (taken) throw fieldError({ name: ['validation.taken'] });
}

export async function listRates(ctx: AppContext, actor: Actor): Promise<Rate[]> {
  requireAllowed(mayManageRates(actor));
  const rows = await ctx.db.select().from(rates).where(eq(rates.accountId, actor.accountId)).orderBy(asc(rates.name));
  return rows.map(present);
}

export async function createRate(ctx: AppContext, actor: Actor, input: RateInput): Promise<Rate> {
  requireAllowed(mayManageRates(actor));
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    await assertNameFree(tx, actor.accountId, input.name);
    const [row] = await tx
      .insert(rates)
      .values({ accountId: actor.accountId, ...input })
      .returning();
    await recordActivity(tx, actor, { entity: 'rate', entityId: row.id, action: 'create', after: row });
    return present(row);
  });
}

export async function updateRate(ctx: AppContext, actor: Actor, id: string, input: RateUpdate): Promise<Rate> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    await lockAccount(tx, actor.accountId);
    const before = await rateInAccount(tx, actor.accountId, id);
    requireAllowed(mayManageRates(actor));
    if (input.name !== undefined) await assertNameFree(tx, actor.accountId, input.name, id);
    const [row] = await tx
      .update(rates)
      .set({
        name: input.name ?? before.name,
        hourlyCents: input.hourlyCents ?? before.hourlyCents,
        factor: input.factor ?? before.factor,
      })
      .where(eq(rates.id, id))
      .returning();
    await recordActivity(tx, actor, { entity: 'rate', entityId: id, action: 'update', before, after: row });
    return present(row);
  });
}

export async function deleteRate(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const before = await rateInAccount(tx, actor.accountId, id);
    requireAllowed(mayManageRates(actor));
    // The row lock waits for anyone giving the rate to a member now (their reference locks it too), so the count
    // below is the truth when the rate goes.
    await tx.select({ id: rates.id }).from(rates).where(eq(rates.id, id)).for('update');
    const [{ members }] = await tx
      .select({ members: sql<number>`count(*)::int` })
      .from(memberSettings)
      .innerJoin(memberships, eq(memberships.id, memberSettings.membershipId))
      .where(
        and(
          eq(memberSettings.rateId, id),
          eq(memberSettings.accountId, actor.accountId),
          ne(memberships.status, 'deleted'),
        ),
      );
    if (members > 0) throw new AppError('IN_USE', { data: { members } });
    // A deleted member's reference goes with them from the rate's point of view.
    await tx.update(memberSettings).set({ rateId: null }).where(eq(memberSettings.rateId, id));
    await tx.delete(rates).where(eq(rates.id, id));
    await recordActivity(tx, actor, { entity: 'rate', entityId: id, action: 'delete', before });
  });
}

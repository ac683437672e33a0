import { type ContractInput, type MemberContract, NO_ROSTER_RULES } from '@app/contracts';
import { mayEditContracts, mayReadContracts, now } from '@app/domain';
import { and, asc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { contractTemplates, memberContracts, memberships } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { membershipInAccount } from './repo';

type Row = typeof memberContracts.$inferSelect;

const toContract = (r: Row): MemberContract => ({
  id: r.id,
  membershipId: r.membershipId,
  startDate: r.startDate,
  endDate: r.endDate,
  type: r.type as MemberContract['type'],
  weeklyMinutes: r.weeklyMinutes,
  schedule: r.schedule as MemberContract['schedule'],
  dayMinutes: r.dayMinutes,
  daysPerWeek: r.daysPerWeek,
  vacationDays: r.vacationDays,
  permanent: r.permanent,
  signed: r.signed,
  templateId: r.templateId,
  rosterRules: { ...NO_ROSTER_RULES, ...r.rosterRules },
});

const values = (input: ContractInput) => ({
  startDate: input.startDate,
  endDate: input.endDate,
  type: input.type,
  weeklyMinutes: input.weeklyMinutes,
  schedule: input.schedule,
  dayMinutes: input.schedule === 'fixed' ? input.dayMinutes : null,
  daysPerWeek: input.schedule === 'flexible' ? input.daysPerWeek : null,
  vacationDays: input.vacationDays,
  permanent: input.permanent,
  signed: input.signed,
  templateId: input.templateId || null,
  rosterRules: input.rosterRules,
});

/** A member's contracts, the latest first. */
export async function listContracts(ctx: AppContext, actor: Actor, membershipId: string): Promise<MemberContract[]> {
  const m = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayReadContracts(actor, m.id));
  const rows = await ctx.db
    .select()
    .from(memberContracts)
    .where(and(eq(memberContracts.accountId, actor.accountId), eq(memberContracts.membershipId, m.id)))
    .orderBy(asc(memberContracts.startDate));
  return rows.reverse().map(toContract);
}

/** Two contracts of one member never run on the same day (422 on the start date). */
async function assertNoOverlap(db: DbOrTx, membershipId: string, input: ContractInput, exceptId?: string) {
  const far = '2050-12-31';
  const clash = await db
    .select({ id: memberContracts.id })
    .from(memberContracts)
    .where(
      and(
        eq(memberContracts.membershipId, membershipId),
        exceptId ? ne(memberContracts.id, exceptId) : undefined,
        lte(memberContracts.startDate, input.endDate ?? far),
        or(isNull(memberContracts.endDate), gte(memberContracts.endDate, input.startDate)),
      ),
    )
    .limit(1);
  if (clash.length) throw fieldError({ startDate: ['team.contractOverlap'] });
}

export async function createContract(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: ContractInput,
): Promise<MemberContract> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const m = await membershipInAccount(tx, actor.accountId, membershipId);
    requireAllowed(mayEditContracts(actor, m));
    // One member's contracts are checked and written one request at a time.
    await tx.select({ id: memberships.id }).from(memberships).where(eq(memberships.id, m.id)).for('update');
    await assertNoOverlap(tx, m.id, input);
    await assertTemplate(tx, actor.accountId, input.templateId);
    const [row] = await tx
      .insert(memberContracts)
      .values({ accountId: actor.accountId, membershipId: m.id, createdAt: now(), ...values(input) })
      .returning();
    await recordActivity(tx, actor, { entity: 'contract', entityId: row.id, action: 'create', after: toContract(row) });
    return toContract(row);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The template a contract is written from is one of the account's (422 on the field otherwise), held with a share
 * lock so that it cannot be deleted while this contract comes to use it.
 */
async function assertTemplate(db: DbOrTx, accountId: string, templateId: string | null | undefined) {
  if (!templateId) return;
  const found =
    UUID.test(templateId) &&
    (
      await db
        .select({ id: contractTemplates.id })
        .from(contractTemplates)
        .where(and(eq(contractTemplates.id, templateId), eq(contractTemplates.accountId, accountId)))
        .for('share')
    ).length > 0;
  if (!found) throw fieldError({ templateId: ['validation.unknownIds'] });
}

async function contractInAccount(db: DbOrTx, accountId: string, id: string): Promise<Row> {
  const [row] = await db
    .select()
    .from(memberContracts)
    .where(and(eq(memberContracts.id, id), eq(memberContracts.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The member a contract belongs to, as the member policies read them (a deleted member's too). */
async function holderOf(db: DbOrTx, contract: Row) {
  const [m] = await db
    .select({ roles: memberships.roles })
    .from(memberships)
    .where(eq(memberships.id, contract.membershipId));
  return { roles: m?.roles ?? [] };
}

export async function updateContract(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: ContractInput,
): Promise<MemberContract> {
  return runCommand(ctx, actor, async ({ tx }) => {
    const before = await contractInAccount(tx, actor.accountId, id);
    requireAllowed(mayEditContracts(actor, await holderOf(tx, before)));
    await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.id, before.membershipId))
      .for('update');
    await assertNoOverlap(tx, before.membershipId, input, before.id);
    if (input.templateId !== before.templateId) await assertTemplate(tx, actor.accountId, input.templateId);
    const [row] = await tx.update(memberContracts).set(values(input)).where(eq(memberContracts.id, id)).returning();
    await recordActivity(tx, actor, {
      entity: 'contract',
      entityId: id,
      action: 'update',
      before: toContract(before),
      after: toContract(row),
    });
    return toContract(row);
  });
}

export async function deleteContract(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async ({ tx }) => {
    const before = await contractInAccount(tx, actor.accountId, id);
    requireAllowed(mayEditContracts(actor, await holderOf(tx, before)));
    await tx.delete(memberContracts).where(eq(memberContracts.id, id));
    await recordActivity(tx, actor, { entity: 'contract', entityId: id, action: 'delete', before: toContract(before) });
  });
}

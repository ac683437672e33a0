import {
  BALANCES_PAGE_SIZE,
  type BalanceCorrectionInput,
  type BalanceLedger,
  type BalancesQuery,
  type BalancesResponse,
  type VacationAdjustment,
  type VacationAdjustmentInput,
  type VacationPersonBalance,
  type VacationTeamBalances,
} from '@app/contracts';
import {
  type LedgerEntry,
  ledgerOf,
  mayAdjustVacation,
  mayCorrectBalance,
  mayDecideVacation,
  mayReadBalanceOf,
  mayReadBalances,
  mayReadVacationOf,
  now,
  overtimeEntries,
  type RequestDay,
  todayIn,
  type VacationContract,
  vacationYear,
  type WorkedWeek,
} from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, balanceCorrections, vacationAdjustments } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { approvedMinutesByWeek } from '../hours/repo';
import { contractsOf, namesOf, peopleOf, personOf, type RequestRow, requestsUntil } from './repo';

async function todayOf(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  return todayIn(accountSettings(row?.settings).timeZone);
}

/** Each counted date of the requests, with their state and compensation. */
const daysOf = (rows: readonly RequestRow[]): RequestDay[] =>
  rows.flatMap((r) =>
    r.dates
      .filter((d) => d.days > 0)
      .map((d) => ({
        date: d.date,
        days: d.days,
        minutes: d.minutes,
        status: r.status as RequestDay['status'],
        compensation: r.compensation as RequestDay['compensation'],
      })),
  );

async function adjustmentsOf(db: DbOrTx, accountId: string, membershipIds: readonly string[] | null) {
  return db
    .select()
    .from(vacationAdjustments)
    .where(
      and(
        eq(vacationAdjustments.accountId, accountId),
        membershipIds ? inArray(vacationAdjustments.membershipId, [...membershipIds]) : undefined,
      ),
    )
    .orderBy(asc(vacationAdjustments.createdAt));
}

function yearOf(
  year: number,
  contracts: VacationContract[],
  requests: RequestRow[],
  adjustments: { year: number; halfDays: number }[],
  today: string,
) {
  return vacationYear({
    year,
    contracts,
    days: daysOf(requests),
    adjustments: adjustments.map((a) => ({ year: a.year, days: a.halfDays / 2 })),
    today,
  });
}

/** The year's vacation days of everyone (for those who decide). */
export async function teamVacationBalances(ctx: AppContext, actor: Actor, year: number): Promise<VacationTeamBalances> {
  requireAllowed(mayDecideVacation(actor));
  const [people, contracts, requests, adjustments, today] = await Promise.all([
    peopleOf(ctx.db, actor.accountId),
    contractsOf(ctx.db, actor.accountId, null),
    requestsUntil(ctx.db, actor.accountId, `${year}-12-31`, null),
    adjustmentsOf(ctx.db, actor.accountId, null),
    todayOf(ctx.db, actor.accountId),
  ]);
  return {
    year,
    people: people
      .filter((p) => p.status !== 'inactive' || contracts.has(p.id))
      .map((p) => ({
        membership: p.id,
        name: p.name,
        ...yearOf(
          year,
          contracts.get(p.id) ?? [],
          requests.filter((r) => r.membershipId === p.id),
          adjustments.filter((a) => a.membershipId === p.id),
          today,
        ),
      })),
  };
}

const presentAdjustment = (
  a: typeof vacationAdjustments.$inferSelect,
  names: Map<string, string>,
): VacationAdjustment => ({
  id: a.id,
  year: a.year,
  kind: a.halfDays >= 0 ? 'credit' : 'debit',
  days: Math.abs(a.halfDays) / 2,
  reason: a.reason,
  createdBy: a.createdBy ? (names.get(a.createdBy) ?? null) : null,
  createdAt: a.createdAt.toISOString(),
});

/** One member's year, with the credits and debits behind it. */
export async function personVacationBalance(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  year: number,
): Promise<VacationPersonBalance> {
  const person = await personOf(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayReadVacationOf(actor, person.id));
  return balanceOf(ctx.db, actor.accountId, person, year);
}

async function balanceOf(db: DbOrTx, accountId: string, person: { id: string; name: string }, year: number) {
  const [contracts, requests, adjustments, today] = await Promise.all([
    contractsOf(db, accountId, [person.id]),
    requestsUntil(db, accountId, `${year}-12-31`, [person.id]),
    adjustmentsOf(db, accountId, [person.id]),
    todayOf(db, accountId),
  ]);
  const names = await namesOf(
    db,
    accountId,
    adjustments.flatMap((a) => (a.createdBy ? [a.createdBy] : [])),
  );
  return {
    membership: person.id,
    name: person.name,
    balance: yearOf(year, contracts.get(person.id) ?? [], requests, adjustments, today),
    adjustments: adjustments.filter((a) => a.year === year).map((a) => presentAdjustment(a, names)),
  };
}

/** A credit or debit of vacation days with its reason (owners and managers). */
export async function adjustVacation(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: VacationAdjustmentInput,
): Promise<VacationPersonBalance> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const p = await personOf(tx, actor.accountId, membershipId, true);
    requireAllowed(mayAdjustVacation(actor));
    const halfDays = Math.round(input.days * 2) * (input.kind === 'debit' ? -1 : 1);
    const [row] = await tx
      .insert(vacationAdjustments)
      .values({
        accountId: actor.accountId,
        membershipId: p.id,
        year: input.year,
        halfDays,
        reason: input.reason,
        createdBy: actor.membershipId,
        createdAt: now(),
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'vacation.adjustment', entityId: row.id, action: 'create', after: row });
    command.emit(`account.${actor.accountId}`, 'VacationUpdated', { ids: [], memberships: [p.id] }, actor);
    return balanceOf(tx, actor.accountId, p, input.year);
  });
}

/** Deletes a credit or debit (owners and managers); the year's figures follow. Another member's id answers 404. */
export async function deleteAdjustment(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  adjustmentId: string,
): Promise<VacationPersonBalance> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const p = await personOf(tx, actor.accountId, membershipId, true);
    requireAllowed(mayAdjustVacation(actor));
    const [row] = await tx
      .delete(vacationAdjustments)
      .where(
        and(
          eq(vacationAdjustments.id, adjustmentId),
          eq(vacationAdjustments.accountId, actor.accountId),
          eq(vacationAdjustments.membershipId, p.id),
        ),
      )
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordActivity(tx, actor, { entity: 'vacation.adjustment', entityId: row.id, action: 'delete', before: row });
    command.emit(`account.${actor.accountId}`, 'VacationUpdated', { ids: [], memberships: [p.id] }, actor);
    return balanceOf(tx, actor.accountId, p, row.year);
  });
}

// Time-for-time

/**
 * Where overtime comes from: hours worked per week (Monday to Sunday) of each member asked for. Tests may pass their
 * own source. One read for all the members of a page, not one per member: that read per member was what made the
 * balances list slow (docs/architecture.md, "Paging").
 */
export type WorkedWeeksSource = (
  db: DbOrTx,
  accountId: string,
  membershipIds: readonly string[],
) => Promise<Map<string, WorkedWeek[]>>;

/** Approved hours per week, the hours module's record of what was worked. */
export const approvedWorkedWeeks: WorkedWeeksSource = async (db, accountId, membershipIds) => {
  const out = new Map<string, WorkedWeek[]>();
  const rows = await approvedMinutesByWeek(db, accountId, {
    from: '1950-01-01',
    until: '2050-12-31',
    membershipIds,
  });
  for (const w of rows)
    out.set(w.membershipId, [...(out.get(w.membershipId) ?? []), { week: w.weekStart, workedMinutes: w.minutes }]);
  return out;
};

async function entriesOf(
  db: DbOrTx,
  accountId: string,
  membershipIds: readonly string[],
  worked: WorkedWeeksSource,
): Promise<Map<string, LedgerEntry[]>> {
  const out = new Map<string, LedgerEntry[]>();
  if (!membershipIds.length) return out;
  const today = await todayOf(db, accountId);
  const [contracts, requests, corrections, weeks] = await Promise.all([
    contractsOf(db, accountId, membershipIds),
    requestsUntil(db, accountId, '2050-12-31', membershipIds),
    db
      .select()
      .from(balanceCorrections)
      .where(
        and(eq(balanceCorrections.accountId, accountId), inArray(balanceCorrections.membershipId, [...membershipIds])),
      ),
    worked(db, accountId, membershipIds),
  ]);
  const push = (id: string, e: LedgerEntry) => out.set(id, [...(out.get(id) ?? []), e]);
  for (const r of requests) {
    if (r.status !== 'approved' || r.compensation !== 'timeForTime') continue;
    for (const d of r.dates)
      if (d.minutes > 0) push(r.membershipId, { date: d.date, kind: 'vacation', minutes: -d.minutes, ref: r.id });
  }
  for (const c of corrections)
    push(c.membershipId, { date: c.date, kind: 'correction', minutes: c.minutes, ref: c.reason, id: c.id });
  for (const id of membershipIds) {
    const past = (weeks.get(id) ?? []).filter((w) => w.week <= today);
    for (const e of overtimeEntries(past, contracts.get(id) ?? [])) push(id, e);
  }
  return out;
}

/**
 * Everyone's time-for-time balance (balances.overview), a page of people by name at a time, or the member's own (the
 * membership's balance flag).
 */
export async function listBalances(
  ctx: AppContext,
  actor: Actor,
  query: BalancesQuery = { page: 1, size: BALANCES_PAGE_SIZE },
  worked: WorkedWeeksSource = approvedWorkedWeeks,
): Promise<BalancesResponse> {
  let people: { id: string; name: string }[];
  if (mayReadBalances(actor)) people = (await peopleOf(ctx.db, actor.accountId)).filter((p) => p.balanceFlag);
  else {
    const me = await personOf(ctx.db, actor.accountId, actor.membershipId);
    requireAllowed(mayReadBalanceOf({ ...actor, balanceFlag: me.balanceFlag }, me.id));
    people = [me];
  }
  const total = people.length;
  const page = people.slice((query.page - 1) * query.size, query.page * query.size);
  const entries = await entriesOf(
    ctx.db,
    actor.accountId,
    page.map((p) => p.id),
    worked,
  );
  return {
    people: page.map((p) => ({ membership: p.id, name: p.name, total: ledgerOf(entries.get(p.id) ?? []).total })),
    paging: { page: query.page, size: query.size, total },
  };
}

export async function readBalance(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  worked: WorkedWeeksSource = approvedWorkedWeeks,
): Promise<BalanceLedger> {
  return ledgerAnswer(ctx.db, actor, membershipId, worked);
}

/** A member's ledger as the actor may read it, with the given handle (a command's reads its own change). */
async function ledgerAnswer(
  db: DbOrTx,
  actor: Actor,
  membershipId: string,
  worked: WorkedWeeksSource = approvedWorkedWeeks,
): Promise<BalanceLedger> {
  const person = await personOf(db, actor.accountId, membershipId);
  const me = person.id === actor.membershipId ? person : await personOf(db, actor.accountId, actor.membershipId);
  requireAllowed(mayReadBalanceOf({ ...actor, balanceFlag: me.balanceFlag }, person.id));
  const entries = await entriesOf(db, actor.accountId, [person.id], worked);
  const ledger = ledgerOf(entries.get(person.id) ?? []);
  return {
    membership: person.id,
    name: person.name,
    total: ledger.total,
    lines: ledger.lines.map(({ id, ...line }) => ({ ...line, id: id ?? null })),
  };
}

/** A manual correction with its reason (owners and managers). */
export async function correctBalance(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: BalanceCorrectionInput,
): Promise<BalanceLedger> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const p = await personOf(tx, actor.accountId, membershipId, true);
    requireAllowed(mayCorrectBalance(actor));
    const [row] = await tx
      .insert(balanceCorrections)
      .values({
        accountId: actor.accountId,
        membershipId: p.id,
        date: input.date,
        minutes: input.minutes,
        reason: input.reason,
        createdBy: actor.membershipId,
        createdAt: now(),
      })
      .returning();
    await recordActivity(tx, actor, { entity: 'balance', entityId: row.id, action: 'correct', after: row });
    command.emit(`account.${actor.accountId}`, 'BalanceUpdated', { memberships: [p.id] }, actor);
    return ledgerAnswer(tx, actor, p.id);
  });
}

/** Deletes a manual correction (owners and managers); the ledger follows. */
export async function deleteCorrection(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  correctionId: string,
): Promise<BalanceLedger> {
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const p = await personOf(tx, actor.accountId, membershipId, true);
    requireAllowed(mayCorrectBalance(actor));
    const [row] = await tx
      .delete(balanceCorrections)
      .where(
        and(
          eq(balanceCorrections.id, correctionId),
          eq(balanceCorrections.accountId, actor.accountId),
          eq(balanceCorrections.membershipId, p.id),
        ),
      )
      .returning();
    if (!row) throw new AppError('NOT_FOUND');
    await recordActivity(tx, actor, { entity: 'balance', entityId: row.id, action: 'delete', before: row });
    command.emit(`account.${actor.accountId}`, 'BalanceUpdated', { memberships: [p.id] }, actor);
    return ledgerAnswer(tx, actor, p.id);
  });
}

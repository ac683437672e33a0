import { HOURS_MAX_MINUTES, type UpdateHoursRequest } from '@app/contracts';
import {
  addDays,
  instantOf,
  itemSpan,
  lineCost,
  mayDeclareExpenses,
  mayDeclareTravel,
  now,
  parseHHmm,
  timesProblem,
  workedMinutes,
} from '@app/domain';
import { and, eq, ne, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { costCentres, hours } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import { AppError, fieldError } from '../../platform/errors';
import { holidayDatesBetween } from '../settings/holidays';
import { costRules, wageOf } from './repo';

/** The rules every registration and edit meets, and the cost of a line (docs/product/hours.md). */

export interface Draft {
  membershipId: string;
  itemId: string | null;
  locationId: string;
  dutyId: string | null;
  date: string;
  tagIds: string[];
}

/** The rules every registration and edit meets; answers the columns to write. */
export async function checkedValues(
  tx: Tx,
  actor: Actor,
  draft: Draft,
  input: UpdateHoursRequest,
  opts: { exceptId?: string; defaultCostCentre?: string | null },
) {
  const settings = actor.settings;
  const problem = timesProblem(
    { from: input.from, until: input.until, break: input.break },
    draft.date,
    settings.timeZone,
  );
  if (problem) throw new AppError(problem === 'ERR_BREAK' ? 'ERR_NEGATIVE' : problem);
  const from = parseHHmm(input.from) as number;
  const until = parseHHmm(input.until) as number;
  const span = itemSpan(draft.date, from, until, settings.timeZone);
  const minutes = workedMinutes(span, input.break);
  if (minutes > HOURS_MAX_MINUTES) throw new AppError('ERR_HOURS_LONG', { data: { max: HOURS_MAX_MINUTES } });
  if (instantOf(draft.date, from, settings.timeZone) > now().getTime())
    throw new AppError('ERR_HOURS_FUTURE', { data: { date: draft.date } });

  // No two registrations of one member at the same time.
  const nearby = await tx
    .select({ id: hours.id, date: hours.date, from: hours.fromMinutes, until: hours.untilMinutes })
    .from(hours)
    .where(
      and(
        eq(hours.accountId, actor.accountId),
        eq(hours.membershipId, draft.membershipId),
        sql`${hours.date} between ${addDays(draft.date, -1)} and ${addDays(draft.date, 1)}`,
        opts.exceptId ? ne(hours.id, opts.exceptId) : sql`true`,
      ),
    );
  for (const other of nearby) {
    const s = itemSpan(other.date, other.from, other.until, settings.timeZone);
    if (s.start < span.end && span.start < s.end)
      throw new AppError('ERR_HOURS_OVERLAP', { data: { date: other.date } });
  }

  // Expenses (euro) and travel (km): each with its right and the account's setting.
  const expenses = input.expensesCents ?? null;
  if (expenses) {
    requireAllowed(mayDeclareExpenses(actor) && settings.expensesEnabled);
    if (settings.expenseMaxCents != null && expenses > settings.expenseMaxCents)
      throw new AppError('ERR_EXPENSE_MAX', { data: { max: settings.expenseMaxCents } });
  }
  const km = input.travelKm ?? null;
  if (km) {
    requireAllowed(mayDeclareTravel(actor) && settings.travelEnabled);
    if (!input.travelRole) throw fieldError({ travelRole: ['validation.travelRole'] });
  }

  // Cost centre: the one chosen (of this account), else the item's, else the account's default.
  let costCentreId = input.costCentre ?? opts.defaultCostCentre ?? null;
  if (input.costCentre) {
    const [cc] = await tx
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.id, input.costCentre), eq(costCentres.accountId, actor.accountId)));
    if (!cc) throw new AppError('NOT_FOUND');
  }
  if (!costCentreId) {
    const [cc] = await tx
      .select({ id: costCentres.id })
      .from(costCentres)
      .where(and(eq(costCentres.accountId, actor.accountId), eq(costCentres.isDefault, true)));
    costCentreId = cc?.id ?? null;
  }

  const costCents = await costOf(tx, actor.accountId, draft, { from, until, break: input.break, minutes });
  return {
    fromMinutes: from,
    untilMinutes: until,
    breakMinutes: input.break,
    minutes,
    costCentreId,
    comment: input.comment ?? '',
    expensesCents: expenses || null,
    travelKm: km || null,
    travelRole: km ? (input.travelRole ?? null) : null,
    kmCompensationCents: km && input.travelRole === 'driver' ? settings.kmCompensationCents : km ? 0 : null,
    costCents,
  };
}

/**
 * The line's cost: the duty's override rate, else the member's hourly wage (none for a fixed salary), times the
 * factor of the account's wage of that amount (1.00 when none matches), plus premiums (packages/domain).
 */
export async function costOf(
  tx: DbOrTx,
  accountId: string,
  draft: Draft,
  t: { from: number; until: number; break: number; minutes: number },
): Promise<number | null> {
  const wage = await wageOf(tx, accountId, draft.membershipId, draft.dutyId);
  const hourly = wage.override ?? wage.member;
  if (hourly == null) return null;
  const rules = await costRules(tx, accountId);
  const factor = rules.rates.find((r) => r.hourlyCents === hourly)?.factor ?? 100;
  const holidays = await holidayDatesBetween(tx, accountId, draft.date, addDays(draft.date, 1));
  return lineCost({
    date: draft.date,
    from: t.from,
    until: t.until,
    breakMinutes: t.break,
    workedMinutes: t.minutes,
    hourlyCents: hourly,
    factor,
    tagIds: draft.tagIds,
    holidays,
    premiums: rules.premiums,
  }).totalCents;
}

import { type HoursLine, TIMESHEET_LINES_MAX, type TravelRole } from '@app/contracts';
import { formatHHmm, type PremiumRule, premiumRulesOf } from '@app/domain';
import { and, asc, eq, gte, inArray, isNull, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import {
  costCentres,
  duties,
  hours,
  locations,
  memberships,
  premiums,
  premiumTags,
  rates,
  rosterItems,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';

export type HoursRow = typeof hours.$inferSelect;

/**
 * Approved worked minutes per member and week, for a range of dates (inclusive): what the overtime ledger of the
 * balances (time for time) reads. Weeks start on Monday unless the account's week starts on Sunday; `weekStart`
 * is the week's first date. Only approved hours count; members without approved hours in a week are left out.
 */
export async function approvedMinutesByWeek(
  db: DbOrTx,
  accountId: string,
  range: { from: string; until: string; membershipIds?: readonly string[]; weekStartsOn?: 'monday' | 'sunday' },
): Promise<{ membershipId: string; weekStart: string; minutes: number }[]> {
  // A constant, not a parameter: the grouping repeats the expression and must match it to the letter.
  const shift = sql.raw(range.weekStartsOn === 'sunday' ? '1' : '0');
  const week = sql<string>`to_char(date_trunc('week', ${hours.date} + ${shift}) - make_interval(days => ${shift}), 'YYYY-MM-DD')`;
  const conditions = [
    eq(hours.accountId, accountId),
    eq(hours.status, 'approved'),
    gte(hours.date, range.from),
    lte(hours.date, range.until),
  ];
  if (range.membershipIds) {
    if (!range.membershipIds.length) return [];
    conditions.push(inArray(hours.membershipId, [...range.membershipIds]));
  }
  const rows = await db
    .select({ membershipId: hours.membershipId, weekStart: week, minutes: sql<number>`sum(${hours.minutes})::int` })
    .from(hours)
    .where(and(...conditions))
    .groupBy(hours.membershipId, week)
    .orderBy(hours.membershipId, week);
  return rows.map((r) => ({ membershipId: r.membershipId, weekStart: r.weekStart, minutes: Number(r.minutes) }));
}

/** The hours of the account, locked for the transaction; another account's id answers 404. */
export async function lockHours(tx: DbOrTx, accountId: string, id: string): Promise<HoursRow> {
  const [row] = await tx
    .select()
    .from(hours)
    .where(and(eq(hours.id, id), eq(hours.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** A line as read, before the acting member's abilities are known (`withAbilities` in the service sets them). */
const NO_ABILITIES: HoursLine['can'] = {
  edit: false,
  remove: false,
  approve: false,
  deny: false,
  reopen: false,
  sign: false,
  bill: false,
};

const approver = alias(memberships, 'approver');
const approverUser = alias(users, 'approver_user');
const memberName = sql<string>`trim(${users.fname} || ' ' || ${users.lname})`;

export interface LineFilter {
  accountId: string;
  from: string;
  until: string;
  /** Only these plannings (a supervisor's reach); null for every one. */
  locationIds: string[] | null;
  location?: string;
  member?: string;
  /** Own lines: hours of this member or registered by them. */
  ownOf?: string;
  statuses?: string[];
  unsigned?: boolean;
  ids?: string[];
}

function hoursConditions(f: LineFilter): SQL[] {
  const c: SQL[] = [eq(hours.accountId, f.accountId), gte(hours.date, f.from), lte(hours.date, f.until)];
  if (f.locationIds) c.push(f.locationIds.length ? inArray(hours.locationId, f.locationIds) : sql`false`);
  if (f.location) c.push(eq(hours.locationId, f.location));
  if (f.member) c.push(eq(hours.membershipId, f.member));
  if (f.ownOf) c.push(sql`(${hours.membershipId} = ${f.ownOf} or ${hours.createdBy} = ${f.ownOf})`);
  if (f.statuses) c.push(inArray(hours.status, f.statuses));
  if (f.unsigned) c.push(isNull(hours.signature));
  if (f.ids) c.push(f.ids.length ? inArray(hours.id, f.ids) : sql`false`);
  return c;
}

const HOURS_LINES_ALL = { limit: TIMESHEET_LINES_MAX, offset: 0 };

export async function countHours(db: DbOrTx, f: LineFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(hours)
    .where(and(...hoursConditions(f)));
  return Number(row.n);
}

/**
 * Hours lines as the timesheet shows them, oldest first (the id breaks ties, so pages neither repeat nor skip a
 * line). `editable` is decided by the caller. `page` reads `limit` lines from `offset`; without it, the first 5,000.
 */
export async function hoursLines(db: DbOrTx, f: LineFilter, page: { limit: number; offset: number } = HOURS_LINES_ALL) {
  const rows = await db
    .select({
      h: hours,
      memberName,
      locationName: locations.name,
      duty: { id: duties.id, name: duties.name, color: duties.color },
      costCentre: { id: costCentres.id, name: costCentres.name },
      item: { from: rosterItems.fromMinutes, until: rosterItems.untilMinutes, break: rosterItems.breakMinutes },
      approvedBy: sql<string | null>`trim(${approverUser.fname} || ' ' || ${approverUser.lname})`,
    })
    .from(hours)
    .innerJoin(memberships, eq(memberships.id, hours.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(locations, eq(locations.id, hours.locationId))
    .leftJoin(duties, eq(duties.id, hours.dutyId))
    .leftJoin(costCentres, eq(costCentres.id, hours.costCentreId))
    .leftJoin(rosterItems, eq(rosterItems.id, hours.itemId))
    .leftJoin(approver, eq(approver.id, hours.approvedBy))
    .leftJoin(approverUser, eq(approverUser.id, approver.userId))
    .where(and(...hoursConditions(f)))
    .orderBy(asc(hours.date), asc(hours.fromMinutes), asc(memberName), asc(hours.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map((r) => ({
    row: r.h,
    line: {
      id: r.h.id,
      item: r.h.itemId,
      member: { id: r.h.membershipId, name: r.memberName },
      date: r.h.date,
      location: { id: r.h.locationId, name: r.locationName },
      duty: r.duty?.id ? { id: r.duty.id, name: r.duty.name, color: r.duty.color } : null,
      planned:
        r.item?.from != null && r.item.until != null
          ? { from: formatHHmm(r.item.from), until: formatHHmm(r.item.until), break: r.item.break ?? 0 }
          : null,
      from: formatHHmm(r.h.fromMinutes),
      until: formatHHmm(r.h.untilMinutes),
      break: r.h.breakMinutes,
      minutes: r.h.minutes,
      costCentre: r.costCentre?.id ? { id: r.costCentre.id, name: r.costCentre.name } : null,
      comment: r.h.comment,
      status: r.h.status as HoursLine['status'],
      denialMessage: r.h.denialMessage,
      expensesCents: r.h.expensesCents,
      travelKm: r.h.travelKm,
      travelRole: r.h.travelRole as TravelRole | null,
      kmCompensationCents: r.h.kmCompensationCents,
      costCents: r.h.costCents,
      billed: r.h.billed,
      paid: r.h.paid,
      signed: r.h.signature != null,
      signeeName: r.h.signeeName,
      approvedAt: r.h.approvedAt?.toISOString() ?? null,
      approvedBy: r.h.approvedBy ? r.approvedBy : null,
      editable: false,
      can: NO_ABILITIES,
    } satisfies HoursLine,
  }));
}

export interface OpenFilter {
  accountId: string;
  from: string;
  until: string;
  locationIds: string[] | null;
  location?: string;
  member?: string;
  /** Only this member's items. */
  of?: string;
  /** Leave out this member's items (the supervisor's "to confirm" is about others). */
  notOf?: string;
  ids?: string[];
}

function openConditions(f: OpenFilter): SQL[] {
  const c: SQL[] = [
    eq(rosterItems.accountId, f.accountId),
    gte(rosterItems.date, f.from),
    lte(rosterItems.date, f.until),
    sql`${rosterItems.membershipId} is not null`,
    sql`${rosterItems.fromMinutes} is not null`,
    sql`${rosterItems.flag} is distinct from 'sick'`,
    sql`not exists (select 1 from ${hours} where ${hours.itemId} = ${rosterItems.id})`,
  ];
  if (f.locationIds) c.push(f.locationIds.length ? inArray(rosterItems.locationId, f.locationIds) : sql`false`);
  if (f.location) c.push(eq(rosterItems.locationId, f.location));
  if (f.member) c.push(eq(rosterItems.membershipId, f.member));
  if (f.of) c.push(eq(rosterItems.membershipId, f.of));
  if (f.notOf) c.push(sql`${rosterItems.membershipId} <> ${f.notOf}`);
  if (f.ids) c.push(f.ids.length ? inArray(rosterItems.id, f.ids) : sql`false`);
  return c;
}

export async function countOpen(db: DbOrTx, f: OpenFilter): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(rosterItems)
    .where(and(...openConditions(f)));
  return Number(row.n);
}

/** Planned items with times and a person but no hours yet (status open). */
export async function openLines(db: DbOrTx, f: OpenFilter) {
  const rows = await db
    .select({
      i: rosterItems,
      memberName,
      locationName: locations.name,
      duty: { id: duties.id, name: duties.name, color: duties.color },
      costCentre: { id: costCentres.id, name: costCentres.name },
    })
    .from(rosterItems)
    .innerJoin(memberships, eq(memberships.id, rosterItems.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .leftJoin(costCentres, eq(costCentres.id, rosterItems.costCentreId))
    .where(and(...openConditions(f)))
    .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes), asc(memberName))
    .limit(TIMESHEET_LINES_MAX);
  return rows.map((r) => {
    const from = r.i.fromMinutes as number;
    const until = r.i.untilMinutes as number;
    return {
      row: r.i,
      line: {
        id: null,
        item: r.i.id,
        member: { id: r.i.membershipId as string, name: r.memberName },
        date: r.i.date,
        location: { id: r.i.locationId, name: r.locationName },
        duty: r.duty?.id ? { id: r.duty.id, name: r.duty.name, color: r.duty.color } : null,
        planned: { from: formatHHmm(from), until: formatHHmm(until), break: r.i.breakMinutes },
        from: formatHHmm(from),
        until: formatHHmm(until),
        break: r.i.breakMinutes,
        minutes: 0,
        costCentre: r.costCentre?.id ? { id: r.costCentre.id, name: r.costCentre.name } : null,
        comment: '',
        status: 'open',
        denialMessage: null,
        expensesCents: null,
        travelKm: null,
        travelRole: null,
        kmCompensationCents: null,
        costCents: null,
        billed: false,
        paid: false,
        signed: false,
        signeeName: null,
        approvedAt: null,
        approvedBy: null,
        editable: false,
        can: NO_ABILITIES,
      } satisfies HoursLine,
    };
  });
}

/** What the cost of a line reads: the account's premiums (with their tags) and wage factors. */
export async function costRules(db: DbOrTx, accountId: string) {
  const premiumRows = await db.select().from(premiums).where(eq(premiums.accountId, accountId));
  const tagRows = premiumRows.length
    ? await db
        .select()
        .from(premiumTags)
        .where(
          inArray(
            premiumTags.premiumId,
            premiumRows.map((p) => p.id),
          ),
        )
    : [];
  const rules: PremiumRule[] = premiumRulesOf(premiumRows, tagRows);
  const rateRows = await db
    .select({ hourlyCents: rates.hourlyCents, factor: rates.factor, name: rates.name })
    .from(rates)
    .where(eq(rates.accountId, accountId))
    .orderBy(asc(rates.name));
  return { premiums: rules, rates: rateRows };
}

/** The member's hourly wage (null for a fixed salary), and a duty's override rate. */
export async function wageOf(db: DbOrTx, accountId: string, membershipId: string, dutyId: string | null) {
  const [m] = await db
    .select({ salaryKind: memberships.salaryKind, rateCents: memberships.rateCents })
    .from(memberships)
    .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)));
  let override: number | null = null;
  if (dutyId) {
    const [d] = await db
      .select({ rate: duties.overrideRateCents })
      .from(duties)
      .where(and(eq(duties.id, dutyId), eq(duties.accountId, accountId)));
    override = d?.rate ?? null;
  }
  return { override, member: m?.salaryKind === 'fixed' ? null : (m?.rateCents ?? null) };
}

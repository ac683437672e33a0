import type { ReportFilters, ReportKind } from '@app/contracts';
import { countedStatuses, formatHHmm } from '@app/domain';
import { and, asc, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client';
import { clients, costCentres, duties, hours, locations, memberships, rosterItems, users } from '../../db/schema';

/**
 * One line of a report (registered hours) or a list (a planned item), with every value a download field may ask
 * for. Money in cents, durations in minutes, instants as Date; the writer formats them.
 */
export interface ExportLine {
  id: string;
  memberId: string | null;
  fname: string;
  lname: string;
  email: string;
  mobile: string | null;
  status: string;
  date: string;
  from: string | null;
  until: string | null;
  break: number;
  minutes: number;
  overtimeMinutes: number;
  rateCents: number | null;
  expensesCents: number | null;
  compensationCents: number | null;
  travelKm: number | null;
  comment: string;
  sick: boolean;
  employeeNumber: string | null;
  birthday: string | null;
  duty: string | null;
  locationId: string;
  location: string;
  clientId: string | null;
  /** The planning's client by name (docs/product/clients.md), for the files grouped per client. */
  client: string | null;
  createdAt: Date | null;
  approvedAt: Date | null;
  approvedBy: string | null;
  salaryCents: number | null;
  paid: boolean;
}

/** Worked minutes of local times (an end not after the start runs past midnight), less the break. */
export function spanMinutes(from: number, until: number, brk: number): number {
  const span = until > from ? until - from : until + 1440 - from;
  return Math.max(0, span - brk);
}

const approver = alias(memberships, 'approver');
const approverUser = alias(users, 'approver_user');

function hoursWhere(accountId: string, f: ReportFilters, extra: SQL[] = []): SQL | undefined {
  const c: SQL[] = [eq(hours.accountId, accountId), gte(hours.date, f.from), lte(hours.date, f.until), ...extra];
  if (f.locations?.length) c.push(inArray(hours.locationId, f.locations));
  if (f.members?.length) c.push(inArray(hours.membershipId, f.members));
  if (f.duties?.length) c.push(inArray(hours.dutyId, f.duties));
  if (f.costCentres?.length) c.push(inArray(hours.costCentreId, f.costCentres));
  const statuses = f.statuses?.filter((s) => s === 'pending' || s === 'approved' || s === 'denied');
  if (f.statuses?.length) c.push(statuses?.length ? inArray(hours.status, statuses) : sql`false`);
  return and(...c);
}

function itemsWhere(accountId: string, f: ReportFilters): SQL | undefined {
  const c: SQL[] = [
    eq(rosterItems.accountId, accountId),
    gte(rosterItems.date, f.from),
    lte(rosterItems.date, f.until),
  ];
  if (f.locations?.length) c.push(inArray(rosterItems.locationId, f.locations));
  if (f.members?.length) c.push(inArray(rosterItems.membershipId, f.members));
  if (f.duties?.length) c.push(inArray(rosterItems.dutyId, f.duties));
  if (f.costCentres?.length) c.push(inArray(rosterItems.costCentreId, f.costCentres));
  const assigned = f.statuses?.includes('assigned');
  const open = f.statuses?.includes('open');
  if (f.statuses?.length && assigned !== open)
    c.push(assigned ? sql`${rosterItems.membershipId} is not null` : sql`${rosterItems.membershipId} is null`);
  else if (f.statuses?.length && !assigned) c.push(sql`false`);
  return and(...c);
}

/** How many lines the filters find, lines per status, and the worked minutes of the statuses the totals count. */
export async function summary(db: DbOrTx, accountId: string, kind: ReportKind, f: ReportFilters) {
  if (kind === 'report') {
    const rows = await db
      .select({
        status: hours.status,
        n: sql<number>`count(*)::int`,
        minutes: sql<number>`coalesce(sum(${hours.minutes}), 0)::int`,
      })
      .from(hours)
      .where(hoursWhere(accountId, f))
      .groupBy(hours.status);
    return totals(rows, countedStatuses(kind, f.statuses));
  }
  const status = sql<string>`case when ${rosterItems.membershipId} is null then 'open' else 'assigned' end`;
  const minutes = sql<number>`coalesce(sum(case when ${rosterItems.fromMinutes} is null then 0 else greatest(0, (case when ${rosterItems.untilMinutes} > ${rosterItems.fromMinutes} then ${rosterItems.untilMinutes} - ${rosterItems.fromMinutes} else ${rosterItems.untilMinutes} + 1440 - ${rosterItems.fromMinutes} end) - ${rosterItems.breakMinutes}) end), 0)::int`;
  const rows = await db
    .select({ status, n: sql<number>`count(*)::int`, minutes })
    .from(rosterItems)
    .where(itemsWhere(accountId, f))
    .groupBy(status);
  return totals(rows, countedStatuses(kind, f.statuses));
}

function totals(rows: { status: string; n: number; minutes: number }[], counted: string[]) {
  const statuses: Record<string, number> = {};
  let total = 0;
  let minutes = 0;
  for (const r of rows) {
    statuses[r.status] = Number(r.n);
    total += Number(r.n);
    if (counted.includes(r.status)) minutes += Number(r.minutes);
  }
  return { total, minutes, counted, statuses };
}

/** The lines of a report or list, in date order (at most `limit`). `extra` narrows hours further (payroll). */
export async function exportLines(
  db: DbOrTx,
  accountId: string,
  kind: ReportKind,
  f: ReportFilters,
  opts: { limit?: number; extra?: SQL[] } = {},
): Promise<ExportLine[]> {
  return kind === 'report' ? hoursExportLines(db, accountId, f, opts) : itemExportLines(db, accountId, f, opts.limit);
}

async function hoursExportLines(
  db: DbOrTx,
  accountId: string,
  f: ReportFilters,
  opts: { limit?: number; extra?: SQL[] },
): Promise<ExportLine[]> {
  const query = db
    .select({
      // The columns a line needs (not the drawn signatures).
      h: {
        id: hours.id,
        membershipId: hours.membershipId,
        locationId: hours.locationId,
        status: hours.status,
        date: hours.date,
        fromMinutes: hours.fromMinutes,
        untilMinutes: hours.untilMinutes,
        breakMinutes: hours.breakMinutes,
        minutes: hours.minutes,
        expensesCents: hours.expensesCents,
        travelKm: hours.travelKm,
        kmCompensationCents: hours.kmCompensationCents,
        comment: hours.comment,
        createdAt: hours.createdAt,
        approvedAt: hours.approvedAt,
        approvedBy: hours.approvedBy,
        costCents: hours.costCents,
        paid: hours.paid,
      },
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      mobile: memberships.mobile,
      employeeNumber: memberships.employeeNumber,
      birthday: memberships.birthday,
      salaryKind: memberships.salaryKind,
      memberRate: memberships.rateCents,
      location: locations.name,
      clientId: locations.clientId,
      client: clients.name,
      duty: duties.name,
      dutyRate: duties.overrideRateCents,
      item: { from: rosterItems.fromMinutes, until: rosterItems.untilMinutes, break: rosterItems.breakMinutes },
      flag: rosterItems.flag,
      approvedBy: sql<string | null>`trim(${approverUser.fname} || ' ' || ${approverUser.lname})`,
    })
    .from(hours)
    .innerJoin(memberships, eq(memberships.id, hours.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(locations, eq(locations.id, hours.locationId))
    .leftJoin(clients, eq(clients.id, locations.clientId))
    .leftJoin(duties, eq(duties.id, hours.dutyId))
    .leftJoin(rosterItems, eq(rosterItems.id, hours.itemId))
    .leftJoin(approver, eq(approver.id, hours.approvedBy))
    .leftJoin(approverUser, eq(approverUser.id, approver.userId))
    .where(hoursWhere(accountId, f, opts.extra))
    .orderBy(asc(hours.date), asc(hours.fromMinutes), asc(users.lname), asc(users.fname));
  const rows = opts.limit ? await query.limit(opts.limit) : await query;
  return rows.map((r) => {
    const h = r.h;
    const planned =
      r.item?.from != null && r.item.until != null ? spanMinutes(r.item.from, r.item.until, r.item.break ?? 0) : 0;
    return {
      id: h.id,
      memberId: h.membershipId,
      fname: r.fname ?? '',
      lname: r.lname ?? '',
      email: r.email,
      mobile: r.mobile,
      status: h.status,
      date: h.date,
      from: formatHHmm(h.fromMinutes),
      until: formatHHmm(h.untilMinutes),
      break: h.breakMinutes,
      minutes: h.minutes,
      overtimeMinutes: Math.max(0, h.minutes - planned),
      rateCents: r.dutyRate ?? (r.salaryKind === 'fixed' ? null : r.memberRate),
      expensesCents: h.expensesCents,
      compensationCents:
        h.travelKm != null && h.kmCompensationCents != null ? h.travelKm * h.kmCompensationCents : null,
      travelKm: h.travelKm,
      comment: h.comment,
      sick: r.flag === 'sick',
      employeeNumber: r.employeeNumber,
      birthday: r.birthday,
      duty: r.duty,
      locationId: h.locationId,
      location: r.location,
      clientId: r.clientId,
      client: r.client,
      createdAt: h.createdAt,
      approvedAt: h.approvedAt,
      approvedBy: h.approvedBy ? r.approvedBy : null,
      salaryCents: h.costCents,
      paid: h.paid,
    };
  });
}

async function itemExportLines(db: DbOrTx, accountId: string, f: ReportFilters, limit?: number) {
  const query = db
    .select({
      i: rosterItems,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      mobile: memberships.mobile,
      employeeNumber: memberships.employeeNumber,
      birthday: memberships.birthday,
      salaryKind: memberships.salaryKind,
      memberRate: memberships.rateCents,
      location: locations.name,
      clientId: locations.clientId,
      client: clients.name,
      duty: duties.name,
      dutyRate: duties.overrideRateCents,
    })
    .from(rosterItems)
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(clients, eq(clients.id, locations.clientId))
    .leftJoin(memberships, eq(memberships.id, rosterItems.membershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .where(itemsWhere(accountId, f))
    .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes), asc(users.lname), asc(users.fname));
  const rows = limit ? await query.limit(limit) : await query;
  return rows.map((r): ExportLine => {
    const i = r.i;
    const timed = i.fromMinutes != null && i.untilMinutes != null;
    return {
      id: i.id,
      memberId: i.membershipId,
      fname: r.fname ?? '',
      lname: r.lname ?? '',
      email: r.email ?? '',
      mobile: r.mobile ?? null,
      status: i.membershipId ? 'assigned' : 'open',
      date: i.date,
      from: timed ? formatHHmm(i.fromMinutes as number) : null,
      until: timed ? formatHHmm(i.untilMinutes as number) : null,
      break: i.breakMinutes,
      minutes: timed ? spanMinutes(i.fromMinutes as number, i.untilMinutes as number, i.breakMinutes) : 0,
      overtimeMinutes: 0,
      rateCents: r.dutyRate ?? (r.salaryKind === 'fixed' ? null : (r.memberRate ?? null)),
      expensesCents: null,
      compensationCents: null,
      travelKm: null,
      comment: '',
      sick: i.flag === 'sick',
      employeeNumber: r.employeeNumber ?? null,
      birthday: r.birthday ?? null,
      duty: r.duty,
      locationId: i.locationId,
      location: r.location,
      clientId: r.clientId,
      client: r.client,
      createdAt: i.createdAt,
      approvedAt: null,
      approvedBy: null,
      salaryCents: null,
      paid: false,
    };
  });
}

/** The filter choices: the account's plannings, active members, duties and cost centres. */
export async function filterChoices(db: DbOrTx, accountId: string) {
  const [locationRows, memberRows, dutyRows, centreRows] = await Promise.all([
    db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.accountId, accountId))
      .orderBy(asc(locations.name)),
    db
      .select({ id: memberships.id, name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(memberships.accountId, accountId), sql`${memberships.status} <> 'deleted'`))
      .orderBy(asc(users.lname), asc(users.fname)),
    db
      .select({ id: duties.id, name: duties.name })
      .from(duties)
      .where(and(eq(duties.accountId, accountId), eq(duties.trashed, false)))
      .orderBy(asc(duties.name)),
    db
      .select({ id: costCentres.id, name: costCentres.name })
      .from(costCentres)
      .where(eq(costCentres.accountId, accountId))
      .orderBy(asc(costCentres.name)),
  ]);
  return { locations: locationRows, members: memberRows, duties: dutyRows, costCentres: centreRows };
}

import type { Locale, Role, VacationCountedDate } from '@app/contracts';
import { countVacation, mayDecideVacation, type VacationContract, type VacationDuration } from '@app/domain';
import { and, asc, eq, gte, inArray, lte, ne } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { accountHolidays, availability, memberContracts, memberships, users, vacationRequests } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { holidaySettingsOf, publicHolidays } from '../settings/holidays';

export type RequestRow = typeof vacationRequests.$inferSelect;

export interface Person {
  id: string;
  name: string;
  email: string;
  locale: Locale;
  balanceFlag: boolean;
  status: string;
  access: string;
  emailConfirmed: boolean;
}

const nameOf = (u: { fname: string; lname: string; email: string }) =>
  [u.fname, u.lname].filter(Boolean).join(' ') || u.email;

/** A member of the account who is not deleted (another account's id answers 404). `lock` serialises their writes. */
export async function personOf(db: DbOrTx, accountId: string, membershipId: string, lock = false): Promise<Person> {
  const query = db
    .select({ m: memberships, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.id, membershipId), eq(memberships.accountId, accountId)));
  const [row] = lock ? await query.for('no key update', { of: memberships }) : await query;
  if (!row || row.m.status === 'deleted') throw new AppError('NOT_FOUND');
  return {
    id: row.m.id,
    name: nameOf(row.u),
    email: row.u.email,
    locale: row.u.locale as Locale,
    balanceFlag: row.m.balanceFlag,
    status: row.m.status,
    access: row.m.access,
    emailConfirmed: row.u.emailConfirmedAt !== null,
  };
}

/** Every member of the account not deleted, by name. */
export async function peopleOf(db: DbOrTx, accountId: string) {
  const rows = await db
    .select({ id: memberships.id, status: memberships.status, balanceFlag: memberships.balanceFlag, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), ne(memberships.status, 'deleted')));
  return rows
    .map((r) => ({ id: r.id, name: nameOf(r.u), status: r.status, balanceFlag: r.balanceFlag }))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Names of members by id (for lists). */
export async function namesOf(db: DbOrTx, accountId: string, ids: readonly string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, u: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, nameOf(r.u)]));
}

/** The contracts of members, each member's by start date. */
export async function contractsOf(
  db: DbOrTx,
  accountId: string,
  membershipIds: readonly string[] | null,
): Promise<Map<string, VacationContract[]>> {
  const rows = await db
    .select()
    .from(memberContracts)
    .where(
      and(
        eq(memberContracts.accountId, accountId),
        membershipIds ? inArray(memberContracts.membershipId, [...membershipIds]) : undefined,
      ),
    )
    .orderBy(asc(memberContracts.startDate));
  const out = new Map<string, VacationContract[]>();
  for (const r of rows) {
    const list = out.get(r.membershipId) ?? [];
    list.push({
      startDate: r.startDate,
      endDate: r.endDate,
      type: r.type,
      weeklyMinutes: r.weeklyMinutes,
      schedule: r.schedule,
      dayMinutes: r.dayMinutes,
      daysPerWeek: r.daysPerWeek,
      vacationDays: r.vacationDays,
    });
    out.set(r.membershipId, list);
  }
  return out;
}

/** Public holidays of the account's country and region and the account's own days off, by date, with names. */
export async function holidaysBetween(
  db: DbOrTx,
  accountId: string,
  from: string,
  until: string,
  locale: Locale,
): Promise<Map<string, string>> {
  const settings = await holidaySettingsOf(db, accountId);
  const out = new Map<string, string>();
  for (let y = Number(from.slice(0, 4)); y <= Number(until.slice(0, 4)); y++) {
    for (const h of publicHolidays(settings, y, locale)) if (h.date >= from && h.date <= until) out.set(h.date, h.name);
  }
  const own = await db
    .select()
    .from(accountHolidays)
    .where(
      and(eq(accountHolidays.accountId, accountId), gte(accountHolidays.date, from), lte(accountHolidays.date, until)),
    );
  for (const h of own) out.set(h.date, h.name);
  return out;
}

/** Counts a request's days for a member, with the holidays named. */
export async function countFor(
  db: DbOrTx,
  accountId: string,
  membershipId: string,
  input: { from: string; until: string; duration: VacationDuration },
  locale: Locale,
): Promise<{ days: number; minutes: number; dates: VacationCountedDate[] }> {
  const [contracts, holidays] = await Promise.all([
    contractsOf(db, accountId, [membershipId]),
    holidaysBetween(db, accountId, input.from, input.until, locale),
  ]);
  const counted = countVacation({
    ...input,
    contracts: contracts.get(membershipId) ?? [],
    holidays: new Set(holidays.keys()),
  });
  return {
    days: counted.days,
    minutes: counted.minutes,
    dates: counted.dates.map((d) => ({ ...d, holiday: holidays.get(d.date) ?? null })),
  };
}

export async function requestOf(db: DbOrTx, accountId: string, id: string, lock = false): Promise<RequestRow> {
  const query = db
    .select()
    .from(vacationRequests)
    .where(and(eq(vacationRequests.id, id), eq(vacationRequests.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** The member's requests still in force (pending or approved) that share a date with the range. */
export async function overlapping(db: DbOrTx, accountId: string, membershipId: string, from: string, until: string) {
  return db
    .select({ id: vacationRequests.id })
    .from(vacationRequests)
    .where(
      and(
        eq(vacationRequests.accountId, accountId),
        eq(vacationRequests.membershipId, membershipId),
        inArray(vacationRequests.status, ['pending', 'approved']),
        lte(vacationRequests.startDate, until),
        gte(vacationRequests.endDate, from),
      ),
    );
}

/** Requests touching a period, of one member or all. */
export async function requestsBetween(
  db: DbOrTx,
  accountId: string,
  from: string,
  until: string,
  membershipId: string | null,
  status?: string,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(vacationRequests)
    .where(
      and(
        eq(vacationRequests.accountId, accountId),
        membershipId ? eq(vacationRequests.membershipId, membershipId) : undefined,
        status ? eq(vacationRequests.status, status) : undefined,
        lte(vacationRequests.startDate, until),
        gte(vacationRequests.endDate, from),
      ),
    )
    .orderBy(asc(vacationRequests.startDate), asc(vacationRequests.createdAt));
}

/** Every request of some members up to a date (balances read a member's whole history). */
export async function requestsUntil(
  db: DbOrTx,
  accountId: string,
  until: string,
  membershipIds: readonly string[] | null,
): Promise<RequestRow[]> {
  return db
    .select()
    .from(vacationRequests)
    .where(
      and(
        eq(vacationRequests.accountId, accountId),
        membershipIds ? inArray(vacationRequests.membershipId, [...membershipIds]) : undefined,
        lte(vacationRequests.startDate, until),
        inArray(vacationRequests.status, ['pending', 'approved']),
      ),
    );
}

/** Removes the vacation availability a request wrote on its dates (other kinds of availability stay). */
export async function clearVacationAvailability(
  db: Tx,
  accountId: string,
  membershipId: string,
  dates: readonly string[],
) {
  if (dates.length === 0) return [];
  return db
    .delete(availability)
    .where(
      and(
        eq(availability.accountId, accountId),
        eq(availability.membershipId, membershipId),
        eq(availability.type, 'vacation'),
        inArray(availability.date, [...dates]),
      ),
    )
    .returning({ date: availability.date });
}

/** The active members who may decide vacation requests (managers and owners; planners with vacation.approve). */
export async function decidersOf(db: DbOrTx, accountId: string): Promise<string[]> {
  const rows = await db
    .select({
      id: memberships.id,
      roles: memberships.roles,
      rights: memberships.rights,
      managerLimited: memberships.managerLimited,
    })
    .from(memberships)
    .where(and(eq(memberships.accountId, accountId), eq(memberships.status, 'active')));
  return rows.filter((r) => mayDecideVacation({ ...r, roles: r.roles as Role[] })).map((r) => r.id);
}

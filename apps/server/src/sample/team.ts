import { addDays, now, todayIn } from '@app/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  accounts,
  contractTemplates,
  duties,
  memberContracts,
  memberSettings,
  membershipDuties,
  memberships,
  rates,
  users,
} from '../db/schema';
import { type EmailOf, sampleEmail } from './people';

type Kind = 'full' | 'part' | 'flex';

/** Job titles by the duty a person holds first (the sample's duty identifiers). */
const TITLES: Record<string, string> = {
  K: 'Cook',
  SV: 'Waiter',
  B: 'Bartender',
  D: 'Kitchen porter',
  SL: 'Shift lead',
};

/** The rate of the settings an hourly member is paid by, from the duty they hold first. */
const RATES: Record<string, string> = {
  K: 'Cook',
  SV: 'Service',
  B: 'Service',
  D: 'Kitchen assistant',
};

/** Staff who keep their contact details private (the address book shows them name, job and plannings only). */
const PRIVATE_CONTACTS = new Set(['jonas.richter@example.com', 'frieda.lange@example.com']);

/** The contract template each kind of contract is written from (the sample's templates). */
const TEMPLATES: Record<Kind, string> = { full: 'Full-time (40 h)', part: 'Part-time', flex: 'Mini-job' };

/** Job titles of the office roles. */
const ROLE_TITLES: Record<string, string> = {
  owner: 'Managing director',
  manager: 'Restaurant manager',
  planner: 'Shift planner',
  supervisor: 'Floor supervisor',
  accountant: 'Bookkeeper',
  biller: 'Payroll clerk',
  observer: 'Area manager',
  freelancer: 'Freelance chef',
};

/** A contract shape for the n-th person: mostly part-time, some full-time, a few flexible (mini-jobs). */
function shape(
  n: number,
  roles: string[],
): { type: Kind; weekly: number; days: number | null; fixed: number[] | null } {
  if (roles.some((r) => ['owner', 'manager', 'planner'].includes(r)))
    return { type: 'full', weekly: 40 * 60, days: null, fixed: [480, 480, 480, 480, 480, 0, 0] };
  switch (n % 5) {
    case 0:
      return { type: 'full', weekly: 38 * 60, days: 5, fixed: null };
    case 1:
      return { type: 'part', weekly: 24 * 60, days: 3, fixed: null };
    case 2:
      return { type: 'part', weekly: 30 * 60, days: null, fixed: [360, 360, 360, 360, 360, 0, 0] };
    case 3:
      return { type: 'flex', weekly: 10 * 60, days: 2, fixed: null };
    default:
      return { type: 'part', weekly: 20 * 60, days: 4, fixed: null };
  }
}

/**
 * The team's side of the sample: the account holder, job titles, hire dates, hourly rates, phone numbers and one
 * running contract per member (some temporary, ending later this year), so the team list, the employee page and the
 * roster's contract hours have something believable to show.
 */
export async function seedSampleTeam(tx: Tx, accountId: string, emailOf: EmailOf = sampleEmail): Promise<void> {
  const today = todayIn('Europe/Berlin');
  const rows = await tx
    .select({ membership: memberships, user: users })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), ne(memberships.status, 'deleted')))
    .orderBy(asc(users.email));
  const holder = rows.find((r) => r.user.email === emailOf('owner@example.com'));
  if (holder)
    await tx.update(accounts).set({ dataControllerId: holder.membership.id }).where(eq(accounts.id, accountId));
  // The first duty each person holds, by identifier, names their job.
  const dutyRows = await tx
    .select({ membershipId: membershipDuties.membershipId, identifier: duties.identifier })
    .from(membershipDuties)
    .innerJoin(duties, eq(duties.id, membershipDuties.dutyId))
    .where(eq(duties.accountId, accountId))
    .orderBy(asc(duties.identifier));
  const held = new Map<string, string>();
  for (const d of dutyRows)
    if (!held.has(d.membershipId) && d.identifier !== 'SL') held.set(d.membershipId, d.identifier);
  // The settings' rates and templates (seeded before the team), by name.
  const rateRows = await tx.select().from(rates).where(eq(rates.accountId, accountId));
  const rateByName = new Map(rateRows.map((r) => [r.name, r]));
  const templateRows = await tx
    .select({ id: contractTemplates.id, name: contractTemplates.name })
    .from(contractTemplates)
    .where(eq(contractTemplates.accountId, accountId));
  const templateByName = new Map(templateRows.map((r) => [r.name, r.id]));
  let n = 0;
  for (const { membership: m, user } of rows) {
    const i = n++;
    const s = shape(i, m.roles);
    // Hired one to six years ago, on the first of a month.
    const hire = `${Number(today.slice(0, 4)) - 1 - (i % 6)}-${String((i % 12) + 1).padStart(2, '0')}-01`;
    const temporary = s.type !== 'full' && i % 4 === 3;
    const end = temporary ? addDays(today, 60 + (i % 5) * 30) : null;
    // Hourly staff are paid by a rate of the settings: mini-jobbers by the mini-job rate, others by their job's.
    const rate =
      s.type === 'full'
        ? undefined
        : rateByName.get(s.type === 'flex' ? 'Mini-job' : (RATES[held.get(m.id) ?? ''] ?? 'Minimum wage'));
    await tx
      .update(memberships)
      .set({
        hireDate: hire,
        salaryKind: s.type === 'full' ? 'fixed' : 'hourly',
        rateCents: s.type === 'full' ? null : (rate?.hourlyCents ?? 1350 + (i % 6) * 75),
        mobile: `+49 151 ${String(2000000 + i * 7919).slice(0, 7)}`,
        city: m.roles.includes('user') && i % 3 === 0 ? 'Potsdam' : 'Berlin',
        country: 'Germany',
        employeeNumber: String(1000 + i),
      })
      .where(eq(memberships.id, m.id));
    await tx.insert(memberSettings).values({
      membershipId: m.id,
      accountId,
      jobTitle: ROLE_TITLES[m.roles[0]] ?? TITLES[held.get(m.id) ?? ''] ?? null,
      rateId: rate?.id ?? null,
      // A few people keep their e-mail and phone numbers out of the address book.
      ...([...PRIVATE_CONTACTS].some((e) => emailOf(e) === user.email) ? { contactVisibility: 'private' } : {}),
    });
    if (m.roles.includes('accountant') || m.roles.includes('biller') || m.roles.includes('observer')) continue;
    await tx.insert(memberContracts).values({
      accountId,
      membershipId: m.id,
      startDate: hire,
      endDate: end,
      type: s.type,
      weeklyMinutes: s.weekly,
      schedule: s.fixed ? 'fixed' : 'flexible',
      dayMinutes: s.fixed,
      daysPerWeek: s.fixed ? null : s.days,
      vacationDays: s.type === 'flex' ? 0 : s.type === 'full' ? 28 : 20,
      permanent: !temporary,
      // Temporary contracts of the sample are still waiting for their signature.
      signed: !temporary,
      templateId: templateByName.get(TEMPLATES[s.type]) ?? null,
      createdAt: now(),
    });
  }
}

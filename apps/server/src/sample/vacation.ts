import { addDays, countVacation, datesBetween, now, todayIn, weekdayOf } from '@app/domain';
import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../db/client';
import {
  accounts,
  availability,
  balanceCorrections,
  memberships,
  users,
  vacationAdjustments,
  vacationRequests,
} from '../db/schema';
import { contractsOf, holidaysBetween } from '../domains/vacation/repo';
import { type EmailOf, sampleEmail } from './people';

/** The sample roster covers four weeks from this week's Monday: approved vacation starts after it. */
const ROSTER_HORIZON_DAYS = 35;

interface Block {
  /** Start, as a date of the sample's year (offset added per person). */
  start: (year: number) => string;
  length: number;
  duration?: 'full' | 'morning' | 'afternoon';
  compensation?: 'paid' | 'timeForTime' | 'unpaid';
  /** Who takes it: a filter on the person's place in the list. */
  who?: (i: number) => boolean;
  note?: string;
  /** The state when it lies ahead; what lies behind is decided. */
  ahead?: (i: number) => 'pending' | 'approved';
  denied?: string;
  withdrawn?: boolean;
}

const BLOCKS: Block[] = [
  { start: (y) => `${y}-02-09`, length: 3, note: 'Skiing with the kids' },
  { start: (y) => `${y}-04-13`, length: 5, who: (i) => i % 2 === 0 },
  { start: (y) => `${y}-05-18`, length: 1, compensation: 'timeForTime', who: (i) => i % 3 === 2 },
  { start: (y) => `${y}-06-05`, length: 1, duration: 'morning', note: 'Dentist', who: (i) => i % 4 === 1 },
  {
    start: (y) => `${y}-07-06`,
    length: 12,
    note: 'Summer holiday',
    ahead: (i) => (i % 3 === 0 ? 'pending' : 'approved'),
  },
  { start: (y) => `${y}-09-14`, length: 2, who: (i) => i % 5 === 2, withdrawn: true },
  {
    start: (y) => `${y}-10-12`,
    length: 5,
    who: (i) => i % 2 === 1,
    ahead: (i) => (i % 3 === 1 ? 'pending' : 'approved'),
  },
  { start: (y) => `${y}-11-20`, length: 1, duration: 'afternoon', compensation: 'unpaid', who: (i) => i % 6 === 0 },
  {
    start: (y) => `${y}-12-21`,
    length: 4,
    who: (i) => i % 4 === 1,
    denied: 'Christmas is fully booked already, sorry. Could you take the week after?',
  },
  { start: (y) => `${y}-12-28`, length: 4, who: (i) => i % 4 === 2, ahead: () => 'approved' },
  { start: (y) => `${y + 1}-01-19`, length: 5, who: (i) => i % 3 === 0, note: 'City trip', ahead: () => 'pending' },
];

/** Time for a decision: two weeks before the start, never after now. */
const atOrBefore = (date: string, daysBefore: number) => {
  const t = new Date(`${addDays(date, -daysBefore)}T09:00:00Z`);
  return t < now() ? t : now();
};

/**
 * A year of believable vacation for the Bistro: for everyone with vacation days, a winter week, spring days, a summer
 * holiday, autumn days and Christmas, spread apart per person; behind today approved (a denied Christmas, a withdrawn
 * request), ahead some waiting for a decision. Approved vacation is availability of type vacation, as the API writes
 * it; nothing approved starts within the sample roster's four weeks. Also the balances module with a few corrections.
 */
export async function seedSampleVacation(tx: Tx, accountId: string, emailOf: EmailOf = sampleEmail): Promise<void> {
  const today = todayIn('Europe/Berlin');
  const year = Number(today.slice(0, 4));
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, accountId));
  if (!account.modules.includes('balances'))
    await tx
      .update(accounts)
      .set({ modules: [...account.modules, 'balances'] })
      .where(eq(accounts.id, accountId));
  const people = await tx
    .select({
      id: memberships.id,
      status: memberships.status,
      balanceFlag: memberships.balanceFlag,
      email: users.email,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), ne(memberships.status, 'deleted')))
    .orderBy(asc(users.email));
  const manager = people.find((p) => p.email === emailOf('manager@example.com'))?.id ?? null;
  const contracts = await contractsOf(tx, accountId, null);
  const holidays = new Set(
    (await holidaysBetween(tx, accountId, `${year - 1}-01-01`, `${year + 1}-12-31`, 'en')).keys(),
  );
  const requests: (typeof vacationRequests.$inferInsert)[] = [];
  const days: (typeof availability.$inferInsert)[] = [];

  for (const [i, person] of people.entries()) {
    const own = contracts.get(person.id) ?? [];
    if (person.status !== 'active' || !own.some((c) => c.vacationDays > 0)) continue;
    const offset = (i * 3) % 17;
    // Last year's vacation too (so what it left over is believable), then this year's.
    for (const [block, y] of [...BLOCKS.map((b) => [b, year - 1] as const), ...BLOCKS.map((b) => [b, year] as const)]) {
      if (block.who && !block.who(i)) continue;
      const start = addDays(block.start(y), block.start(y).endsWith('-12-28') ? 0 : offset);
      // Nobody starts a holiday on a weekend: Saturday and Sunday move to the Monday.
      const from = weekdayOf(start) >= 5 ? addDays(start, 7 - weekdayOf(start)) : start;
      const until = addDays(from, block.length - 1);
      const behind = until < today;
      if (!behind && from <= addDays(today, ROSTER_HORIZON_DAYS)) continue;
      let status: string = behind ? 'approved' : (block.ahead?.(i) ?? 'approved');
      if (block.denied) status = 'denied';
      if (block.withdrawn) status = 'withdrawn';
      const duration = block.duration ?? 'full';
      const counted = countVacation({ from, until, duration, contracts: own, holidays });
      if (counted.days === 0) continue;
      const decided = status === 'approved' || status === 'denied';
      requests.push({
        accountId,
        membershipId: person.id,
        startDate: from,
        endDate: until,
        duration,
        compensation: block.compensation ?? 'paid',
        note: block.note ?? null,
        status,
        halfDays: Math.round(counted.days * 2),
        minutes: counted.minutes,
        dates: counted.dates.map((d) => ({ ...d, holiday: null })),
        message: status === 'denied' ? (block.denied ?? null) : null,
        createdBy: person.id,
        decidedBy: decided ? manager : null,
        decidedAt: decided ? atOrBefore(from, 14) : null,
        createdAt: atOrBefore(from, 45),
      });
      if (status === 'approved') {
        const window = duration === 'morning' ? [0, 720] : duration === 'afternoon' ? [720, 0] : [null, null];
        for (const date of datesBetween(from, until))
          days.push({
            accountId,
            membershipId: person.id,
            date,
            type: 'vacation',
            startMinutes: window[0],
            endMinutes: window[1],
            status: 'approved',
            note: block.note ?? null,
          });
      }
    }
  }
  if (requests.length) await tx.insert(vacationRequests).values(requests);
  if (days.length)
    await tx
      .insert(availability)
      .values(days)
      .onConflictDoNothing({ target: [availability.membershipId, availability.date] });

  // A few credits and debits of days, and corrections of time-for-time balances.
  const adjustments: (typeof vacationAdjustments.$inferInsert)[] = [];
  const corrections: (typeof balanceCorrections.$inferInsert)[] = [];
  for (const [i, person] of people.entries()) {
    if (i % 7 === 3 && contracts.get(person.id)?.some((c) => c.vacationDays > 0))
      adjustments.push({
        accountId,
        membershipId: person.id,
        year,
        halfDays: 2,
        reason: 'Worked on the company outing day',
        createdBy: manager,
        createdAt: atOrBefore(`${year}-03-02`, 0),
      });
    if (!person.balanceFlag) continue;
    if (i % 3 === 0)
      corrections.push({
        accountId,
        membershipId: person.id,
        date: `${year}-01-02`,
        minutes: 240 + (i % 5) * 60,
        reason: 'Overtime carried over from last year',
        createdBy: manager,
        createdAt: atOrBefore(`${year}-01-02`, 0),
      });
    if (i % 4 === 1)
      corrections.push({
        accountId,
        membershipId: person.id,
        date: `${year}-03-16`,
        minutes: 180,
        reason: 'Stayed for the stocktaking',
        createdBy: manager,
        createdAt: atOrBefore(`${year}-03-16`, 0),
      });
  }
  if (adjustments.length) await tx.insert(vacationAdjustments).values(adjustments);
  if (corrections.length) await tx.insert(balanceCorrections).values(corrections);
}

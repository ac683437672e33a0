/**
 * Benchmark of the roster API on a month of one busy location: loading the planner's month view and assigning
 * people to open items with the conflict checks.
 *
 * Budgets on PostgreSQL (this script only prints PASS/MISS, it never fails on them; the figures observed are kept
 * in README.md beside it):
 * - GET /api/items?scope=planning&period=month of the Headquarter (about 6,000 items, about 180 members): p95 < 100 ms;
 * - PUT /api/items/:id/user (overlap, rest and availability checks, activity, stats): p95 < 30 ms.
 *
 * The data set is the sample company Bistro Central scaled up: the sample data without its roster, 160 more active
 * employees (all at the Headquarter, some also at the other two locations, duties like the sample people, some
 * availability entries), and 31 days of roster from the Monday of this week: one item a day for most members, each
 * on a shift of their own (F, M or S, so no rest rule is broken), the rest of about 190 items a day left open.
 * Generated in memory and inserted in batches, once on PGlite (in memory) and once on PostgreSQL (DATABASE_URL,
 * else postgres://postgres@127.0.0.1:5432/test, when reachable: the run creates a database bench_roster_<random>
 * of its own and drops it afterwards).
 *
 * Requests are sent one after the other over HTTP to the server booted in-process, signed in as
 * planner@example.com, and timed each with performance.now() up to the last byte of the answer.
 *
 * Environment: BENCH_LOAD_REQUESTS (default 40, after 5 warm-up), BENCH_ASSIGNMENTS (default 200),
 * BENCH_EXTRA_MEMBERS (default 160), BENCH_ITEMS_PER_DAY (default 190).
 */
import { randomUUID } from 'node:crypto';
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { addDays, todayIn, weekStart } from '@app/domain';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, type Db, openDatabase } from '../apps/server/src/db/client';
import {
  availability,
  dayComments,
  dayNotes,
  duties,
  itemApplications,
  locations,
  membershipDuties,
  membershipLocations,
  memberships,
  membershipTags,
  rosterItems,
  shifts,
  tags,
  users,
} from '../apps/server/src/db/schema';
import { instantsOf } from '../apps/server/src/domains/roster/checks';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';
import { openPostgres } from './postgres';

const LOAD_WARMUP = 5;
const LOAD_REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 40);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 200);
const EXTRA_MEMBERS = Number(process.env.BENCH_EXTRA_MEMBERS ?? 160);
const ITEMS_PER_DAY = Number(process.env.BENCH_ITEMS_PER_DAY ?? 190);
const DAYS = 31;
const BATCH = 1000;
const TIME_ZONE = 'Europe/Berlin';
const BUDGET_LOAD_P95_MS = 100;
const BUDGET_ASSIGN_P95_MS = 30;

const EMPLOYEE_RIGHTS = [
  'colleagues.view',
  'hours.own',
  'vacation.request',
  'availability.edit',
  'placeholders.signup',
];
/** Duty sets handed out in turn, as the sample people hold them. */
const DUTY_SETS = [['K'], ['SV'], ['SV', 'B'], ['K', 'D'], ['B'], ['SV'], ['D'], ['K'], ['SV', 'SL'], ['SV']];
const FIRST_NAMES = ['Alex', 'Berit', 'Can', 'Dana', 'Emil', 'Frida', 'Gero', 'Hanna', 'Ilka', 'Jakob', 'Karla'];
const LAST_NAMES = ['Adler', 'Bauer', 'Conrad', 'Dietz', 'Engel', 'Franke', 'Graf', 'Haas', 'Ito', 'Jung', 'Kern'];

/** A small deterministic generator, so every run builds the same data set. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

interface DataSet {
  headquarter: string;
  first: string;
  members: number;
  items: number;
  headquarterItems: number;
  assigned: number;
  /** Open items with a member who has no item that day and is available: what the assignment run sends. */
  assignments: { item: string; user: string }[];
  seconds: number;
}

async function insertInBatches<T>(rows: T[], insert: (batch: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += BATCH) await insert(rows.slice(i, i + BATCH));
}

/** The sample data (without its roster) scaled to about 200 employees and a month of about 6,000 items. */
async function buildDataSet(db: Db): Promise<DataSet> {
  const started = performance.now();
  const rnd = random(20261122);
  const { bistro } = await seedSampleData(db, { roster: false });
  const accountId = bistro.id;
  const locRows = await db.select().from(locations).where(eq(locations.accountId, accountId));
  const hq = locRows.find((l) => l.name === 'Headquarter')!;
  const cafe = locRows.find((l) => l.name === 'Café am Markt')!;
  const catering = locRows.find((l) => l.name === 'Catering Hafen')!;
  const dutyRows = await db.select().from(duties).where(eq(duties.accountId, accountId));
  const dutyByCode = new Map(dutyRows.map((d) => [d.identifier, d]));
  const shiftRows = await db.select().from(shifts).where(eq(shifts.accountId, accountId));
  const shiftByCode = new Map(shiftRows.map((s) => [s.identifier, s]));
  const tagRows = await db.select().from(tags).where(eq(tags.accountId, accountId));

  // 160 more employees: all at the Headquarter, one in four also at the café, one in eight also at catering.
  const userRows = await db
    .insert(users)
    .values(
      Array.from({ length: EXTRA_MEMBERS }, (_, i) => ({
        email: `staff${i}@bench.example.com`,
        fname: FIRST_NAMES[i % FIRST_NAMES.length],
        lname: `${LAST_NAMES[Math.floor(i / FIRST_NAMES.length) % LAST_NAMES.length]} ${i}`,
        locale: 'de',
        emailConfirmedAt: new Date(),
      })),
    )
    .returning({ id: users.id });
  const newMembers = await db
    .insert(memberships)
    .values(
      userRows.map((u, i) => ({
        accountId,
        userId: u.id,
        status: 'active',
        roles: ['user'],
        rights: EMPLOYEE_RIGHTS,
        employeeNumber: String(2000 + i),
        hireDate: '2025-01-01',
        availabilityFlag: true,
        balanceFlag: true,
      })),
    )
    .returning({ id: memberships.id });
  await db
    .insert(membershipLocations)
    .values(
      newMembers.flatMap((m, i) => [
        { membershipId: m.id, locationId: hq.id },
        ...(i % 4 === 1 ? [{ membershipId: m.id, locationId: cafe.id }] : []),
        ...(i % 8 === 3 ? [{ membershipId: m.id, locationId: catering.id }] : []),
      ]),
    );
  await db
    .insert(membershipDuties)
    .values(
      newMembers.flatMap((m, i) =>
        DUTY_SETS[i % DUTY_SETS.length].map((code) => ({ membershipId: m.id, dutyId: dutyByCode.get(code)!.id })),
      ),
    );
  await db
    .insert(membershipTags)
    .values(
      newMembers.flatMap((m, i) =>
        i % 3 === 0 ? [{ membershipId: m.id, tagId: tagRows[i % tagRows.length].id }] : [],
      ),
    );

  // The staff of the Headquarter: the sample employees there and the new ones, each on a shift of their own.
  const locationLinks = await db.select().from(membershipLocations);
  const staffRows = await db
    .select({ id: memberships.id, roles: memberships.roles })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .where(
      and(
        eq(memberships.accountId, accountId),
        eq(memberships.status, 'active'),
        eq(membershipLocations.locationId, hq.id),
      ),
    )
    .orderBy(asc(memberships.employeeNumber));
  const staffIds = staffRows
    .filter((m) => m.roles.some((r) => r === 'user' || r === 'supervisor' || r === 'freelancer'))
    .map((m) => m.id);
  const dutyLinks = await db.select().from(membershipDuties).where(inArray(membershipDuties.membershipId, staffIds));
  const staff = staffIds
    .map((id, i) => ({
      id,
      shift: shiftRows[i % 3].identifier,
      duties: dutyLinks.filter((l) => l.membershipId === id).map((l) => l.dutyId),
      elsewhere: locationLinks.filter((l) => l.membershipId === id && l.locationId !== hq.id).map((l) => l.locationId),
    }))
    .filter((m) => m.duties.length > 0);

  const first = weekStart(todayIn(TIME_ZONE), 'monday');
  const today = todayIn(TIME_ZONE);
  const dates = Array.from({ length: DAYS }, (_, i) => addDays(first, i));
  const availabilityValues: (typeof availability.$inferInsert)[] = [];
  const items: (typeof rosterItems.$inferInsert)[] = [];
  const assignments: DataSet['assignments'] = [];
  const perDay = Math.ceil(ASSIGNMENTS / DAYS);
  const item = (date: string, locationId: string, dutyId: string, shiftCode: string, membershipId: string | null) => {
    const shift = shiftByCode.get(shiftCode)!;
    const base = {
      id: randomUUID(),
      accountId,
      locationId,
      date,
      dutyId,
      shiftId: shift.id,
      fromMinutes: shift.startMinutes,
      untilMinutes: shift.endMinutes,
      breakMinutes: shift.breakMinutes,
      membershipId,
    };
    const row = { ...base, ...instantsOf(base, TIME_ZONE) };
    items.push(row);
    return row;
  };

  for (const date of dates) {
    let hqItems = 0;
    const free: typeof staff = [];
    for (const m of staff) {
      const roll = rnd();
      if (roll < 0.04) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'unavailable' });
        continue;
      }
      if (roll < 0.06) {
        availabilityValues.push({ accountId, membershipId: m.id, date, type: 'vacation', status: 'approved' });
        continue;
      }
      if (roll < 0.1) availabilityValues.push({ accountId, membershipId: m.id, date, type: 'wish' });
      else if (roll < 0.13) availabilityValues.push({ accountId, membershipId: m.id, date, type: 'available' });
      if (rnd() >= 0.88) {
        free.push(m);
        continue;
      }
      const duty = m.duties[Math.floor(rnd() * m.duties.length)];
      // Members of more than one location work elsewhere now and then.
      const where = m.elsewhere.length && rnd() < 0.15 ? m.elsewhere[0] : hq.id;
      item(date, where, duty, m.shift, m.id);
      if (where === hq.id) hqItems++;
    }
    // Open items for the assignment run: on the free member's own shift and duty, so the assignment breaks no rule.
    for (const m of free.slice(0, perDay)) {
      if (assignments.length >= ASSIGNMENTS) break;
      const row = item(date, hq.id, m.duties[0], m.shift, null);
      assignments.push({ item: row.id, user: m.id });
      hqItems++;
    }
    // The rest of the day's items stay open.
    for (; hqItems < ITEMS_PER_DAY; hqItems++) {
      item(date, hq.id, dutyRows[Math.floor(rnd() * dutyRows.length)].id, shiftRows[hqItems % 3].identifier, null);
    }
  }

  // States a planner meets: sign-out requests ahead, sick days behind.
  for (const [i, row] of items.entries()) {
    if (!row.membershipId) continue;
    if (row.date > today && i % 23 === 0) row.flag = 'signout';
    if (row.date < today && i % 17 === 0) {
      row.flag = 'sick';
      row.sick = { percentage: 100, cost: null, code: null };
    }
  }
  await insertInBatches(availabilityValues, (batch) => db.insert(availability).values(batch));
  await insertInBatches(items, (batch) => db.insert(rosterItems).values(batch));

  // Applications on some open items (not the ones of the assignment run), the first two weeks released, notes.
  const planned = new Set(assignments.map((a) => a.item));
  const applications = items
    .filter((i) => !i.membershipId && !planned.has(i.id!) && i.locationId === hq.id)
    .filter((_, k) => k % 25 === 0)
    .flatMap((i, k) =>
      [staff[k % staff.length], staff[(k + 7) % staff.length]].map((m) => ({ itemId: i.id!, membershipId: m.id })),
    );
  await insertInBatches(applications, (batch) => db.insert(itemApplications).values(batch));
  await db
    .update(locations)
    .set({ releasedUntil: addDays(first, 13) })
    .where(eq(locations.accountId, accountId));
  await db.insert(dayNotes).values([
    { locationId: hq.id, date: addDays(first, 4), content: 'Wine tasting evening: 40 guests, bar needs two.' },
    { locationId: hq.id, date: addDays(first, 12), content: 'Deep clean of the kitchen after closing.' },
  ]);
  await db
    .insert(dayComments)
    .values({ locationId: hq.id, date: addDays(first, 4), membershipId: staff[0].id, message: 'Extra bar shift?' });

  return {
    headquarter: hq.id,
    first,
    members: staffRows.length,
    items: items.length,
    headquarterItems: items.filter((i) => i.locationId === hq.id).length,
    assigned: items.filter((i) => i.membershipId).length,
    assignments,
    seconds: (performance.now() - started) / 1000,
  };
}

interface Figures {
  database: string;
  operation: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** CPU time of this process (server and client) per request: what the latency would come down to alone. */
  cpu: number;
  errors: number;
}

/** Nearest-rank percentile of sorted timings. */
const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;

const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;

function figures(database: string, operation: string, timings: number[], errors: number, cpu: number): Figures {
  const sorted = [...timings].sort((a, b) => a - b);
  return {
    database,
    operation,
    requests: timings.length,
    p50: round(percentile(sorted, 0.5)),
    p95: round(percentile(sorted, 0.95)),
    p99: round(percentile(sorted, 0.99)),
    max: round(sorted[sorted.length - 1] ?? NaN),
    cpu: round(cpu / Math.max(timings.length, 1)),
    errors,
  };
}

async function run(label: string, database: Database): Promise<Figures[]> {
  await database.migrate();
  const data = await buildDataSet(database.db);
  console.log(
    `${label}: data set built in ${data.seconds.toFixed(1)} s: ${data.members} active members at the Headquarter, ` +
      `${data.items} items from ${data.first} (${data.headquarterItems} at the Headquarter, ${data.assigned} assigned).`,
  );
  const built = await buildApp(testConfig({ webDist: '/nonexistent', logLevel: 'silent' }), { database });
  try {
    const port = await built.listen(0, '127.0.0.1');
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'planner@example.com', password: SAMPLE_PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid')?.value;
    const csrfToken = (login.json() as { csrfToken?: string }).csrfToken;
    if (login.statusCode !== 200 || !sid || !csrfToken)
      throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const cookie = `sid=${sid}`;
    const base = `http://127.0.0.1:${port}`;

    // Roster load: the planner's month of the Headquarter.
    const loadUrl = `${base}/api/items?scope=planning&location=${data.headquarter}&date=${data.first}&period=month`;
    const check = await fetch(loadUrl, { headers: { cookie } });
    const body = await check.text();
    if (check.status !== 200) throw new Error(`GET /api/items answered ${check.status}: ${body.slice(0, 500)}`);
    const roster = JSON.parse(body) as { items: unknown[]; users: object; days: unknown[] };
    console.log(
      `${label}: the month holds ${roster.days.length} days, ${roster.items.length} items, ` +
        `${Object.keys(roster.users).length} people; the answer is ${(body.length / 1e6).toFixed(1)} MB.`,
    );
    for (let i = 0; i < LOAD_WARMUP; i++) await (await fetch(loadUrl, { headers: { cookie } })).arrayBuffer();
    const loadTimings: number[] = [];
    let loadErrors = 0;
    const loadCpu = process.cpuUsage();
    for (let i = 0; i < LOAD_REQUESTS; i++) {
      const started = performance.now();
      const res = await fetch(loadUrl, { headers: { cookie } });
      await res.arrayBuffer();
      loadTimings.push(performance.now() - started);
      if (!res.ok) loadErrors++;
    }
    const loadCpuMs = cpuMs(process.cpuUsage(loadCpu));

    // Assignments: open items spread over the month, each to a member free that day.
    const assignTimings: number[] = [];
    const refusals = new Map<string, number>();
    const assignCpu = process.cpuUsage();
    for (const a of data.assignments) {
      const started = performance.now();
      const res = await fetch(`${base}/api/items/${a.item}/user`, {
        method: 'PUT',
        headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify({ user: a.user }),
      });
      const text = await res.text();
      assignTimings.push(performance.now() - started);
      if (!res.ok) {
        const code = `${res.status} ${(JSON.parse(text) as { code?: string }).code ?? ''}`.trim();
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
    }
    const assignCpuMs = cpuMs(process.cpuUsage(assignCpu));
    if (refusals.size) console.log(`${label}: assignments refused:`, Object.fromEntries(refusals));
    const assignErrors = [...refusals.values()].reduce((a, b) => a + b, 0);

    return [
      figures(label, 'GET /api/items (month)', loadTimings, loadErrors, loadCpuMs),
      figures(label, 'PUT /api/items/:id/user', assignTimings, assignErrors, assignCpuMs),
    ];
  } finally {
    await built.close();
    await database.close();
  }
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function main() {
  console.log(`${os.cpus().length} CPUs, load average (1/5/15 min) ${loadAverage()} at the start.`);
  const all: Figures[] = [];
  all.push(...(await run('PGlite', await openDatabase({ dataDir: null }))));
  const postgres = await openPostgres('bench_roster');
  if (postgres) all.push(...(await run('PostgreSQL', postgres)));

  for (const database of new Set(all.map((f) => f.database))) {
    console.log(`\n${database}: planner@example.com, requests one after the other (ms; cpu/req: this process)`);
    console.table(
      all
        .filter((f) => f.database === database)
        .map((f) => ({
          operation: f.operation,
          requests: f.requests,
          p50: f.p50,
          p95: f.p95,
          p99: f.p99,
          max: f.max,
          'cpu/req': f.cpu,
          errors: f.errors,
        })),
    );
  }
  const onPostgres = (operation: string) => all.find((f) => f.database === 'PostgreSQL' && f.operation === operation);
  const load = onPostgres('GET /api/items (month)');
  const assign = onPostgres('PUT /api/items/:id/user');
  if (load && assign) {
    const verdict = (p95: number, budget: number) => (p95 < budget ? 'PASS' : 'MISS');
    console.log(
      `Budget roster load p95 < ${BUDGET_LOAD_P95_MS} ms on PostgreSQL: ${verdict(load.p95, BUDGET_LOAD_P95_MS)} (p95 ${load.p95} ms)`,
    );
    console.log(
      `Budget assignment p95 < ${BUDGET_ASSIGN_P95_MS} ms on PostgreSQL: ${verdict(assign.p95, BUDGET_ASSIGN_P95_MS)} (p95 ${assign.p95} ms)`,
    );
  } else {
    console.log('No PostgreSQL figures: the budgets were not checked.');
  }
  console.log(`Load average (1/5/15 min) ${loadAverage()} at the end.`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

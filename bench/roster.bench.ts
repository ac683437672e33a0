/**
 * Benchmark of the roster API on a month of one busy location: loading the planner's month view and assigning
 * people to open items with the conflict checks.
 *
 * Budgets (this script only prints PASS/MISS, it never fails on them; the figures observed are kept in README.md
 * beside it):
 * - GET /api/items?scope=planning&period=month&compact=1 (the web's form) of the Event Hall (6,000 items, 200 people): p95 <= 60 ms on
 *   PostgreSQL, <= 150 ms on PGlite, compressed as a browser asks for it (br);
 * - PUT /api/items/:id/user (overlap, rest and availability checks, activity, stats): p95 < 30 ms on PostgreSQL.
 *
 * The data set is `SAMPLE_DATA=large`: the sample companies with their roster plus the Event Hall of Bistro Central
 * (`apps/server/src/sample/large.ts`: 200 staff, this calendar month at 200 items a day), built once on PGlite (in
 * memory) and once on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, when reachable: the
 * run creates a database bench_roster_<random> of its own and drops it afterwards).
 *
 * Requests are sent one after the other over HTTP to the server booted in-process, signed in as
 * planner@example.com, and timed each with performance.now() up to the last byte of the answer. Beside the load,
 * the raw SQL of the same rows (the month's items, read with the same plain query the load uses) is timed on the
 * same database, so the figures show what the database costs and what the server adds.
 *
 * Environment: BENCH_LOAD_REQUESTS (default 40, after 20 warm-up), BENCH_ASSIGNMENTS (default 200),
 * BENCH_ONLY=pglite|postgres (one database only, e.g. for a CPU profile with `--cpu-prof`).
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { sql as sqlTag } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { readPresentedItems } from '../apps/server/src/domains/roster/present';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';
import { openPostgres } from './postgres';

/** Requests before the measured ones: the server's code warmed up as on a server that has run a while. */
const LOAD_WARMUP = 20;
const LOAD_REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 40);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 200);
const ONLY = process.env.BENCH_ONLY;
const BUDGET_LOAD_P95_MS = { PostgreSQL: 60, PGlite: 150 } as Record<string, number>;
const BUDGET_ASSIGN_P95_MS = 30;
/**
 * The answer as the web asks for it (the compact form; br over HTTPS, gzip over plain HTTP, and uncompressed), and
 * the full form (items as objects, the shape the calls describe) uncompressed for comparison.
 */
const LOADS = [
  { form: 'compact', encoding: 'br' },
  { form: 'compact', encoding: 'gzip' },
  { form: 'compact', encoding: 'identity' },
  { form: 'full', encoding: 'identity' },
] as const;

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

async function timed(times: number, once: () => Promise<unknown>): Promise<{ timings: number[]; cpu: number }> {
  const timings: number[] = [];
  const cpu = process.cpuUsage();
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    await once();
    timings.push(performance.now() - started);
  }
  return { timings, cpu: cpuMs(process.cpuUsage(cpu)) };
}

async function run(label: string, database: Database): Promise<Figures[]> {
  await database.migrate();
  const seeding = performance.now();
  const { large } = await seedSampleData(database.db, { roster: true, large: true });
  if (!large) throw new Error('the large sample was not built');
  console.log(
    `${label}: SAMPLE_DATA=large built in ${((performance.now() - seeding) / 1000).toFixed(1)} s: the Event Hall ` +
      `with ${large.staff} staff and ${large.items} items from ${large.from} to ${large.until}.`,
  );
  // Statistics for the planner, as a running database has them: otherwise autovacuum analyses the freshly filled
  // tables at some moment during the measurement, and the runs differ by that.
  await database.db.execute(sqlTag`ANALYZE`);
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
    const out: Figures[] = [];

    // The raw SQL of the same rows: the month's items, read with the load's own plain query.
    const accountId = await accountOf(database, large.location);
    for (let i = 0; i < LOAD_WARMUP; i++) {
      await readPresentedItems(database.db, accountId, large.location, large.from, large.until);
    }
    const sql = await timed(LOAD_REQUESTS, () =>
      readPresentedItems(database.db, accountId, large.location, large.from, large.until),
    );
    out.push(figures(label, "raw SQL: the month's items", sql.timings, 0, sql.cpu));

    // Roster load: the planner's month of the Event Hall, in each form and encoding.
    const fullUrl = `${base}/api/items?scope=planning&location=${large.location}&date=${large.from}&period=month`;
    for (const { form, encoding } of LOADS) {
      const loadUrl = form === 'compact' ? `${fullUrl}&compact=1` : fullUrl;
      const headers = { cookie, 'accept-encoding': encoding };
      const check = await fetch(loadUrl, { headers });
      const body = await check.text();
      if (check.status !== 200) throw new Error(`GET /api/items answered ${check.status}: ${body.slice(0, 500)}`);
      const wire = Number(check.headers.get('content-length') ?? NaN);
      const sent = check.headers.get('content-encoding') ?? 'identity';
      if (encoding === 'identity') {
        const roster = JSON.parse(body) as { items: unknown[]; users: object; days: unknown[] };
        console.log(
          `${label}: the month holds ${roster.days.length} days, ${roster.items.length} items, ` +
            `${Object.keys(roster.users).length} people; the ${form} answer is ${(body.length / 1e6).toFixed(2)} MB.`,
        );
      } else {
        const bytes = Number.isNaN(wire) ? await compressedSize(loadUrl, headers) : wire;
        console.log(`${label}: the ${form} answer as ${sent}: ${(bytes / 1024).toFixed(0)} KiB on the wire.`);
      }
      for (let i = 0; i < LOAD_WARMUP; i++) await (await fetch(loadUrl, { headers })).arrayBuffer();
      let errors = 0;
      const load = await timed(LOAD_REQUESTS, async () => {
        const res = await fetch(loadUrl, { headers });
        await res.arrayBuffer();
        if (!res.ok) errors++;
      });
      out.push(figures(label, `GET /api/items (month, ${form}, ${encoding})`, load.timings, errors, load.cpu));
    }

    // Assignments: open items spread over the month, each to a member free that day.
    const refusals = new Map<string, number>();
    const assignments = large.assignable.slice(0, ASSIGNMENTS);
    let next = 0;
    const assign = await timed(assignments.length, async () => {
      const a = assignments[next++];
      const res = await fetch(`${base}/api/items/${a.item}/user`, {
        method: 'PUT',
        headers: { cookie, 'x-csrf-token': csrfToken, 'content-type': 'application/json' },
        body: JSON.stringify({ user: a.user }),
      });
      const text = await res.text();
      if (!res.ok) {
        const code = `${res.status} ${(JSON.parse(text) as { code?: string }).code ?? ''}`.trim();
        refusals.set(code, (refusals.get(code) ?? 0) + 1);
      }
    });
    if (refusals.size) console.log(`${label}: assignments refused:`, Object.fromEntries(refusals));
    const assignErrors = [...refusals.values()].reduce((a, b) => a + b, 0);
    out.push(figures(label, 'PUT /api/items/:id/user', assign.timings, assignErrors, assign.cpu));
    return out;
  } finally {
    await built.close();
    await database.close();
  }
}

/** The account of a location (the raw query is scoped to it, as the load's). */
async function accountOf(database: Database, location: string): Promise<string> {
  const result = (await database.db.execute(
    sqlTag`select account_id as "accountId" from locations where id = ${location}`,
  )) as unknown as { rows: { accountId: string }[] };
  return result.rows[0].accountId;
}

/** The compressed size of an answer sent without a Content-Length (a streamed compression). */
async function compressedSize(url: string, headers: Record<string, string>): Promise<number> {
  const { request } = await import('node:http');
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => {
        n += chunk.length;
      });
      res.on('end', () => resolve(n));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function main() {
  console.log(`${os.cpus().length} CPUs, load average (1/5/15 min) ${loadAverage()} at the start.`);
  const all: Figures[] = [];
  if (ONLY !== 'postgres') all.push(...(await run('PGlite', await openDatabase({ dataDir: null }))));
  const postgres = ONLY === 'pglite' ? null : await openPostgres('bench_roster');
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
  const verdict = (p95: number, budget: number) => (p95 <= budget ? 'PASS' : 'MISS');
  for (const database of new Set(all.map((f) => f.database))) {
    const find = (operation: string) => all.find((f) => f.database === database && f.operation === operation);
    const load = find('GET /api/items (month, compact, br)');
    const sql = find("raw SQL: the month's items");
    const budget = BUDGET_LOAD_P95_MS[database];
    if (load && sql) {
      console.log(
        `Budget roster load p95 <= ${budget} ms on ${database}: ${verdict(load.p95, budget)} ` +
          `(p95 ${load.p95} ms; the raw SQL of the same rows p95 ${sql.p95} ms)`,
      );
    }
  }
  const assign = all.find((f) => f.database === 'PostgreSQL' && f.operation === 'PUT /api/items/:id/user');
  if (assign) {
    console.log(
      `Budget assignment p95 < ${BUDGET_ASSIGN_P95_MS} ms on PostgreSQL: ${verdict(assign.p95, BUDGET_ASSIGN_P95_MS)} (p95 ${assign.p95} ms)`,
    );
  } else {
    console.log('No PostgreSQL figures: the assignment budget was not checked.');
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

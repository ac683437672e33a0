/**
 * Benchmark of the two long lists (docs/product/hours.md, docs/product/vacation.md): the timesheet's approved tab
 * and the time-for-time balances, under
 * 10 connections (they fell to 8-15 requests/s with p99 near 5 s before they were paged).
 *
 * Boots the whole server in-process with the sample companies on PostgreSQL (DATABASE_URL, else
 * postgres://postgres@127.0.0.1:5432/test; a database bench_paging_<random> of its own, dropped afterwards), runs
 * ANALYZE once after the seed (what autovacuum does on a real server; without statistics the planner guesses one row
 * per table), signs in as owner@example.com and runs autocannon against:
 *
 * - `GET /api/hours?tab=approved`: the default page (100 lines);
 * - `GET /api/hours?tab=approved&size=500`: the whole default range of 35 days at once (the sample's owner sees about
 *   430 approved lines: what every request answered before the tab was paged);
 * - `GET /api/balances`: the default page of people (50: the whole sample).
 *
 * It prints req/s, p50/p99/max, the lines and bytes of one answer, and the load average. It never fails on the
 * figures. The URLs work on the code before paging too (unknown query keys are dropped there), which is how the
 * "before" figures in README.md were taken.
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 10), BENCH_ONLY=pglite|postgres
 * (default postgres; pglite runs in memory instead).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import { sql } from 'drizzle-orm';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';
import { openPostgres } from './postgres';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY ?? 'postgres';
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

const CALLS = [
  { label: 'approved tab, default page', path: '/api/hours?tab=approved' },
  { label: 'approved tab, size=500 (whole range)', path: '/api/hours?tab=approved&size=500' },
  { label: 'balances, default page', path: '/api/balances' },
];

interface Row {
  call: string;
  lines: number;
  kB: number;
  'req/s': number;
  'p50 ms': number;
  'p99 ms': number;
  'max ms': number;
  requests: number;
  'non-2xx': number;
}

async function run(label: string, database: Database): Promise<Row[]> {
  await database.migrate();
  await seedSampleData(database.db);
  await database.db.execute(sql`analyze`);
  const built = await buildApp(testConfig({ webDist: '/nonexistent', logLevel: 'silent' }), { database });
  try {
    const port = await built.listen(0, '127.0.0.1');
    const login = await built.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'owner@example.com', password: SAMPLE_PASSWORD },
    });
    const sid = login.cookies.find((c) => c.name === 'sid')?.value;
    if (login.statusCode !== 200 || !sid) throw new Error(`sign-in failed: ${login.statusCode} ${login.body}`);
    const cookie = `sid=${sid}`;
    const rows: Row[] = [];
    for (const call of CALLS) {
      const url = `http://127.0.0.1:${port}${call.path}`;
      const check = await fetch(url, { headers: { cookie } });
      const body = await check.text();
      if (check.status !== 200) throw new Error(`GET ${call.path} answered ${check.status}: ${body}`);
      const json = JSON.parse(body) as { lines?: unknown[]; people?: unknown[] };
      // Warm-up: the JIT, the pool and the database caches settle before measuring.
      await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { cookie } });
      console.log(`${label}, ${call.label}: ${DURATION} s with ${CONNECTIONS} connections…`);
      const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
      rows.push({
        call: `${label}: ${call.label}`,
        lines: (json.lines ?? json.people ?? []).length,
        kB: Math.round(body.length / 1024),
        'req/s': Math.round(r.requests.average),
        'p50 ms': r.latency.p50,
        'p99 ms': r.latency.p99,
        'max ms': r.latency.max,
        requests: r.requests.total,
        'non-2xx': r.non2xx,
      });
    }
    return rows;
  } finally {
    await built.close();
    await database.close();
  }
}

async function main() {
  console.log(`${os.cpus().length} CPUs, load average (1/5/15 min) ${loadAverage()} at the start.`);
  const rows: Row[] = [];
  if (ONLY === 'pglite') rows.push(...(await run('PGlite', await openDatabase({ dataDir: null }))));
  else {
    const postgres = await openPostgres('bench_paging');
    if (postgres) rows.push(...(await run('PostgreSQL', postgres)));
  }
  console.log(`\nSigned in as owner@example.com, ${CONNECTIONS} connections, ${DURATION} s each`);
  console.table(rows);
  console.log(`Load average (1/5/15 min) ${loadAverage()} at the end.`);
  for (const r of rows) if (r['non-2xx']) console.log(`Warning: ${r.call} had ${r['non-2xx']} non-2xx answers.`);
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

/**
 * What row-level security costs the roster: the same requests against the same database, through two servers in one
 * process, one as the product runs (member requests as the tenant role with the account set per transaction,
 * `apps/server/src/platform/tenancy.ts`) and one built with `rowLevelSecurity: false` (requests as the owner, the
 * way the server ran before). Requests alternate between the two, so both see the same machine load.
 *
 * Budget: with row-level security, neither call is more than 10 % slower (p50 and CPU per request).
 *
 * The data set is `SAMPLE_DATA=large` (the Event Hall: 200 staff, a month of 6,000 items), on PGlite (in memory) and
 * on PostgreSQL (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, when reachable, in a database
 * bench_tenancy_<random> of its own, dropped afterwards). Signed in as planner@example.com on both servers:
 * - GET /api/items?scope=planning&period=month of the Event Hall, uncompressed (compression would only add noise);
 * - PUT /api/items/:id/user on the sample's assignable open items, alternately through each server.
 *
 * Environment: BENCH_LOAD_REQUESTS (per server, default 30, after 5 warm-up each), BENCH_ASSIGNMENTS (in all,
 * default 200), BENCH_ONLY=pglite|postgres.
 */
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { type BuiltApp, buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';
import { openPostgres } from './postgres';

const LOAD_WARMUP = 5;
const LOAD_REQUESTS = Number(process.env.BENCH_LOAD_REQUESTS ?? 30);
const ASSIGNMENTS = Number(process.env.BENCH_ASSIGNMENTS ?? 200);
const ONLY = process.env.BENCH_ONLY;
const BUDGET_SLOWER = 0.1;

type Mode = 'row-level security' | 'owner (no RLS)';

interface Server {
  mode: Mode;
  built: BuiltApp;
  base: string;
  cookie: string;
  csrfToken: string;
}

interface Sample {
  timings: number[];
  cpuMs: number;
  errors: number;
}

const percentile = (sorted: number[], q: number) => sorted[Math.max(0, Math.ceil(q * sorted.length) - 1)] ?? NaN;
const round = (ms: number) => Math.round(ms * 10) / 10;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

async function start(mode: Mode, database: Database): Promise<Server> {
  const built = await buildApp(testConfig({ webDist: '/nonexistent', logLevel: 'silent' }), {
    database,
    rowLevelSecurity: mode === 'row-level security',
  });
  const port = await built.listen(0, '127.0.0.1');
  const login = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: 'planner@example.com', password: SAMPLE_PASSWORD },
  });
  const sid = login.cookies.find((c) => c.name === 'sid')?.value;
  const csrfToken = (login.json() as { csrfToken?: string }).csrfToken;
  if (login.statusCode !== 200 || !sid || !csrfToken) throw new Error(`sign-in failed: ${login.statusCode}`);
  return { mode, built, base: `http://127.0.0.1:${port}`, cookie: `sid=${sid}`, csrfToken };
}

/** Times one request (to the last byte) and the process's CPU time for it. */
async function timed(sample: Sample, once: () => Promise<boolean>) {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const ok = await once();
  sample.timings.push(performance.now() - started);
  const used = process.cpuUsage(cpu);
  sample.cpuMs += (used.user + used.system) / 1000;
  if (!ok) sample.errors++;
}

const empty = (): Sample => ({ timings: [], cpuMs: 0, errors: 0 });

async function run(label: string, database: Database) {
  await database.migrate();
  const { large } = await seedSampleData(database.db, { roster: true, large: true });
  if (!large) throw new Error('the large sample was not built');
  const servers = [await start('row-level security', database), await start('owner (no RLS)', database)];
  try {
    const load = new Map<Mode, Sample>(servers.map((s) => [s.mode, empty()]));
    const assign = new Map<Mode, Sample>(servers.map((s) => [s.mode, empty()]));
    const loadUrl = (s: Server) =>
      `${s.base}/api/items?scope=planning&location=${large.location}&date=${large.from}&period=month`;
    const get = async (s: Server) => {
      const res = await fetch(loadUrl(s), { headers: { cookie: s.cookie, 'accept-encoding': 'identity' } });
      await res.arrayBuffer();
      return res.ok;
    };
    for (const s of servers) for (let i = 0; i < LOAD_WARMUP; i++) await get(s);
    console.log(`${label}: ${LOAD_REQUESTS} month loads per server, alternating…`);
    for (let i = 0; i < LOAD_REQUESTS; i++) {
      // Alternate which goes first, so neither always follows the other.
      const order = i % 2 === 0 ? servers : [...servers].reverse();
      for (const s of order) await timed(load.get(s.mode)!, () => get(s));
    }
    const assignable = large.assignable.slice(0, ASSIGNMENTS);
    console.log(`${label}: ${assignable.length} assignments, alternating…`);
    for (const [i, a] of assignable.entries()) {
      const s = servers[i % 2];
      await timed(assign.get(s.mode)!, async () => {
        const res = await fetch(`${s.base}/api/items/${a.item}/user`, {
          method: 'PUT',
          headers: { cookie: s.cookie, 'x-csrf-token': s.csrfToken, 'content-type': 'application/json' },
          body: JSON.stringify({ user: a.user }),
        });
        await res.arrayBuffer();
        return res.ok;
      });
    }
    const rows = [];
    for (const [operation, samples] of [
      ['GET /api/items (month)', load],
      ['PUT /api/items/:id/user', assign],
    ] as const) {
      const base = samples.get('owner (no RLS)')!;
      const baseP50 = percentile(
        [...base.timings].sort((a, b) => a - b),
        0.5,
      );
      const baseCpu = base.cpuMs / base.timings.length;
      for (const [mode, s] of samples) {
        const sorted = [...s.timings].sort((a, b) => a - b);
        const p50 = percentile(sorted, 0.5);
        const cpu = s.cpuMs / s.timings.length;
        rows.push({
          database: label,
          operation,
          mode,
          requests: s.timings.length,
          p50: round(p50),
          p95: round(percentile(sorted, 0.95)),
          'cpu/req': round(cpu),
          'p50 vs owner': `${p50 >= baseP50 ? '+' : ''}${Math.round((100 * (p50 - baseP50)) / baseP50)}%`,
          'cpu vs owner': `${cpu >= baseCpu ? '+' : ''}${Math.round((100 * (cpu - baseCpu)) / baseCpu)}%`,
          errors: s.errors,
        });
      }
    }
    return rows;
  } finally {
    for (const s of servers) await s.built.close();
    await database.close();
  }
}

async function main() {
  console.log(`${os.cpus().length} CPUs, load average (1/5/15 min) ${loadAverage()} at the start.`);
  const rows = [];
  if (ONLY !== 'postgres') rows.push(...(await run('PGlite', await openDatabase({ dataDir: null }))));
  const postgres = ONLY === 'pglite' ? null : await openPostgres('bench_tenancy');
  if (postgres) rows.push(...(await run('PostgreSQL', postgres)));
  console.log('\nms; cpu/req is this process (both servers and the client), all threads');
  console.table(rows);
  for (const row of rows.filter((r) => r.mode === 'row-level security')) {
    const slower = Number.parseInt(row['p50 vs owner'], 10) / 100;
    console.log(
      `Budget ≤ ${BUDGET_SLOWER * 100}% slower, ${row.database} ${row.operation}: ${slower <= BUDGET_SLOWER ? 'within' : 'OVER'} (p50 ${row['p50 vs owner']}, cpu ${row['cpu vs owner']})`,
    );
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

/**
 * Benchmark of GET /api/app/init for a signed-in member: the call every page load of the web app makes first.
 *
 * Budget: p99 under 50 ms on PostgreSQL at 10 connections; at least 2,000 req/s on PostgreSQL and 800 on PGlite (this
 * script only prints figures, it never fails on them; the figures observed are kept in README.md beside it).
 *
 * Boots the whole server in-process with the sample companies, once on PGlite (in memory) and once on PostgreSQL
 * (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test, when reachable: the run creates a database
 * bench_<random> of its own and drops it afterwards), signs in as owner@example.com and runs autocannon against
 * /api/app/init with the session cookie.
 *
 * A bare Fastify hello-world route runs under the same load in the same run; each figure is also printed as a share of
 * it, which says more than req/s on a machine whose load varies.
 *
 * Each database runs twice: as the server runs (the session cache answers the session and the init answer from
 * memory, platform/session.ts) and with the cache stopped ("uncached": every request reads the session with its one
 * prepared query and init its one extras query, row-level security on as always), so both paths are measured.
 *
 * Environment: BENCH_DURATION (seconds, default 10), BENCH_CONNECTIONS (default 10), BENCH_ONLY=pglite|postgres
 * (one database only, e.g. for a CPU profile with `node --cpu-prof --import tsx app-init.bench.ts`).
 */
import os from 'node:os';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import { SAMPLE_PASSWORD, seedSampleData } from '../apps/server/src/sample/seed';
import { openPostgres } from './postgres';

const DURATION = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const ONLY = process.env.BENCH_ONLY;
const BUDGET_P99_MS = 50;
const loadAverage = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ');

interface Figures {
  database: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  max: number;
  requests: number;
  non2xx: number;
  errors: number;
}

function figuresOf(database: string, result: autocannon.Result): Figures {
  return {
    database,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    max: result.latency.max,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

async function measure(label: string, url: string, cookie: string): Promise<Figures> {
  // Warm-up: lets the JIT, the connection pool and the database caches settle before measuring.
  await autocannon({ url, connections: CONNECTIONS, duration: 2, headers: { cookie } });
  console.log(`${label}: ${DURATION} s with ${CONNECTIONS} connections…`);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers: { cookie } });
  return figuresOf(label, result);
}

async function run(label: string, database: Database): Promise<Figures[]> {
  await database.migrate();
  await seedSampleData(database.db);
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
    const url = `http://127.0.0.1:${port}/api/app/init`;

    const check = await fetch(url, { headers: { cookie } });
    if (check.status !== 200) throw new Error(`GET /api/app/init answered ${check.status}: ${await check.text()}`);
    const cached = await measure(label, url, cookie);
    // The same server with its session cache stopped: every request takes the database path.
    await built.ctx.sessions.stop();
    const uncached = await measure(`${label}, uncached`, url, cookie);
    return [cached, uncached];
  } finally {
    await built.close();
    await database.close();
  }
}

/** The same load against a bare Fastify "hello world" in this process: the ceiling the machine allows right now. */
async function helloWorld(): Promise<Figures> {
  const app = Fastify();
  app.get('/hello', async () => ({ hello: 'world' }));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hello`;
  try {
    await autocannon({ url, connections: CONNECTIONS, duration: 2 });
    console.log(`hello world: ${DURATION} s with ${CONNECTIONS} connections…`);
    const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION });
    return figuresOf('hello world (no database)', result);
  } finally {
    await app.close();
  }
}

async function main() {
  console.log(`${os.cpus().length} CPUs, load average (1/5/15 min) ${loadAverage()} at the start.`);
  const figures: Figures[] = [];
  const hello = await helloWorld();
  if (ONLY !== 'postgres') figures.push(...(await run('PGlite', await openDatabase({ dataDir: null }))));
  const postgres = ONLY === 'pglite' ? null : await openPostgres('bench');
  if (postgres) figures.push(...(await run('PostgreSQL', postgres)));

  console.log(`\nGET /api/app/init, signed in as owner@example.com, ${CONNECTIONS} connections, ${DURATION} s`);
  console.table(
    [...figures, hello].map((f) => ({
      database: f.database,
      'req/s': f.requestsPerSecond,
      'of hello world': `${Math.round((100 * f.requestsPerSecond) / Math.max(1, hello.requestsPerSecond))}%`,
      'p50 ms': f.p50,
      'p99 ms': f.p99,
      'max ms': f.max,
      requests: f.requests,
      'non-2xx': f.non2xx,
      errors: f.errors,
    })),
  );
  const pgFigures = figures.find((f) => f.database === 'PostgreSQL');
  if (pgFigures) {
    const within = pgFigures.p99 < BUDGET_P99_MS;
    console.log(
      `Budget p99 < ${BUDGET_P99_MS} ms on PostgreSQL: ${within ? 'within' : 'OVER'} (p99 ${pgFigures.p99} ms)`,
    );
  }
  for (const [database, target] of [
    ['PostgreSQL', 2000],
    ['PGlite', 800],
  ] as const) {
    const f = figures.find((x) => x.database === database);
    if (f) console.log(`Target ≥ ${target} req/s on ${database}: ${f.requestsPerSecond >= target ? 'met' : 'MISSED'}`);
  }
  console.log(`Load average (1/5/15 min) ${loadAverage()} at the end.`);
  for (const f of figures) {
    if (f.non2xx || f.errors)
      console.log(`Warning: ${f.database} had ${f.non2xx} non-2xx answers and ${f.errors} errors.`);
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);

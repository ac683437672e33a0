import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { type TcpProxy, tcpProxy } from '../../test/tcp-proxy';
import { type BuiltApp, buildApp } from '../app';
import { testConfig } from '../config';
import { seedSampleData } from '../sample/seed';
import { type ChangeFeed, type Database, openDatabase } from './client';

const base = process.env.TEST_DATABASE_URL;

/** The test database's own URL with the proxy's port, so its connections go through the proxy. */
function throughProxy(url: string, proxy: TcpProxy): string {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  u.port = String(proxy.port);
  return u.toString();
}

/** The database's name of a connection string. */
const nameOf = (url: string) => new URL(url).pathname.slice(1);

/** What the database's warnings would have told the operator. */
function recorder() {
  const lines: string[] = [];
  return { lines, info: (m: string) => lines.push(m), warn: (m: string) => lines.push(m) };
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

describe.runIf(base)('PostgreSQL away (TEST_DATABASE_URL)', () => {
  let database: Database & { url?: string };
  let admin: pg.Client;
  let url: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedSampleData(database.db, { roster: false });
    // The database test/db.ts made for this file.
    const { rows } = await database.executeSql('select current_database() as name');
    const u = new URL(base as string);
    u.pathname = `/${rows[0].name}`;
    url = u.toString();
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
  });
  afterAll(async () => {
    await admin?.end();
    await database?.close();
  });

  /** Ends every connection to the test database but the admin's, as a restart or `pg_terminate_backend` does. */
  async function terminate(match: string) {
    const { rows } = await admin.query(
      `select pg_terminate_backend(pid) as ended from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query like $2`,
      [nameOf(url), match],
    );
    return rows.length;
  }

  /** Waits until a statement of `match` runs on the test database. */
  const running = (match: string) =>
    until(
      async () =>
        (
          await admin.query(
            `select 1 from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and query like $2`,
            [nameOf(url), match],
          )
        ).rows.length > 0,
      10_000,
      `a statement like ${match}`,
    );

  describe('connections terminated in the middle of requests', () => {
    let built: BuiltApp;

    beforeAll(async () => {
      const own = await openDatabase({ url, log: recorder() });
      built = await buildApp(testConfig({ webDist: '/nonexistent' }), { database: own });
      // Slow requests that hold a connection in each way the server uses one: a plain query, the owner's
      // transaction (drizzle's) and an account's transaction (the tenant session of db/client.ts).
      const slow = sql`select pg_sleep(30) as outage_test`;
      built.app.get('/api/outage-test/query', { config: { auth: 'public' } }, async () => {
        await built.ctx.owner.execute(slow);
        return { ok: true };
      });
      built.app.get('/api/outage-test/transaction', { config: { auth: 'public' } }, async () => {
        await built.ctx.owner.transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(slow);
        });
        return { ok: true };
      });
      built.app.get('/api/outage-test/account', { config: { auth: 'public' } }, async () => {
        const [{ id }] = (await own.executeSql('select id from accounts order by name limit 1')).rows;
        await own.forAccount(id).transaction(async (tx) => {
          await tx.execute(sql`select 1`);
          await tx.execute(slow);
        });
        return { ok: true };
      });
      await built.app.ready();
    });
    afterAll(async () => {
      await built?.close();
      await built?.database.close();
    });

    for (const kind of ['query', 'transaction', 'account'] as const) {
      const named = kind === 'account' ? "an account's transaction" : `the owner's ${kind}`;
      it(`${named}: the request answers 503 DATABASE_UNAVAILABLE, the process lives, the next request works`, async () => {
        const answer = built.app.inject({ method: 'GET', url: `/api/outage-test/${kind}` });
        await running('%pg_sleep(30) as outage_test%');
        // Every connection of the database: the request's, the idle ones and the change listener's.
        expect(await terminate('%')).toBeGreaterThan(0);
        const res = await answer;
        expect(res.statusCode, res.body).toBe(503);
        expect(res.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
        // The pool drops the idle connections PostgreSQL ended as their notices arrive, a moment after.
        await new Promise((r) => setTimeout(r, 200));
        const agent = await signIn(built.app, 'planner@example.com');
        const init = await agent.get('/api/app/init');
        expect(init.statusCode, init.body).toBe(200);
      });
    }
  });

  describe('the database away and back', () => {
    let proxy: TcpProxy;
    let built: BuiltApp;
    let feed: ChangeFeed;

    beforeAll(async () => {
      proxy = await tcpProxy({ host: new URL(url).hostname, port: Number(new URL(url).port || 5432) });
      const own = await openDatabase({ url: throughProxy(url, proxy), log: recorder() });
      built = await buildApp(testConfig({ webDist: '/nonexistent' }), { database: own });
      await built.app.ready();
      feed = await own.watchChanges(() => undefined);
    });
    afterAll(async () => {
      await feed?.stop();
      await built?.close();
      await built?.database.close();
      await proxy?.close();
    });

    it('answers 503 DATABASE_UNAVAILABLE while it is away, says so in /api/health, and serves again when it is back', async () => {
      const agent = await signIn(built.app, 'planner@example.com');
      expect(feed.live).toBe(true);
      await proxy.stop();
      const away = await agent.get('/api/app/init');
      expect(away.statusCode, away.body).toBe(503);
      expect(away.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      const login = await built.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'planner@example.com', password: 'Welcome123' },
      });
      expect(login.statusCode, login.body).toBe(503);
      expect(login.json()).toMatchObject({ code: 'DATABASE_UNAVAILABLE' });
      await until(async () => !feed.live, 5_000, 'the change feed noticing');
      const health = (await built.app.inject({ method: 'GET', url: '/api/health' })).json();
      expect(health).toMatchObject({ ok: true, status: 'degraded', database: 'away' });
      await proxy.start();
      const back = await signIn(built.app, 'planner@example.com');
      expect((await back.get('/api/app/init')).statusCode).toBe(200);
      expect((await built.app.inject({ method: 'GET', url: '/api/health' })).json()).toMatchObject({
        status: 'ok',
        database: 'up',
      });
      // The connection that listens for changes reconnects too.
      await until(async () => feed.live, 10_000, 'the change feed live again');
    });
  });

  it('a start waits for a database that is not there yet, saying where, and goes on when it comes', async () => {
    const proxy = await tcpProxy(
      { host: new URL(url).hostname, port: Number(new URL(url).port || 5432) },
      {
        started: false,
      },
    );
    const log = recorder();
    const opening = openDatabase({ url: throughProxy(url, proxy), log });
    await until(async () => log.lines.length > 0, 10_000, 'a log line');
    expect(log.lines[0]).toMatch(new RegExp(`^waiting for the database at 127\\.0\\.0\\.1:${proxy.port}/`));
    await proxy.start();
    const opened = await opening;
    expect((await opened.executeSql('select 1 as one')).rows).toEqual([{ one: 1 }]);
    await opened.close();
    await proxy.close();
  });
});

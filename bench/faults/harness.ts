/**
 * The pieces of the fault-injection suite (run.ts): the built server as a child process that can be killed, the
 * database behind it seen from outside, an SMTP sink, a TCP proxy that can be cut, and a signed-in HTTP client.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { type Database, openDatabase } from '../../apps/server/src/db/client';
import { POSTGRES_URL } from '../postgres';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const MAIN = path.join(ROOT, 'apps/server/dist/main.mjs');
export const PASSWORD = 'Welcome123';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const between = (min: number, max: number) => min + Math.random() * (max - min);

/** Everything that counts against the suite, summed over the scenarios. */
export const tally = {
  acknowledgedWrites: 0,
  acknowledgedLost: 0,
  afterCommitExpected: 0,
  afterCommitLost: 0,
  mailsDeliveredTwice: 0,
  /** Sent again after a kill with the Message-ID the first try carried (the row was not yet marked sent). */
  resentSameMessageId: 0,
  unexpectedExits: 0,
  unexpectedAnswers: 0,
  recoveries: [] as { what: string; ms: number }[],
};

export function recovered(what: string, ms: number) {
  tally.recoveries.push({ what, ms: Math.round(ms) });
}

/**
 * The suite's environment without what would point a server elsewhere (CI exports REDIS_URL for its tests): each
 * server gets its database, Redis, SMTP and mail settings from its scenario only.
 */
function inherited(): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const key of Object.keys(env))
    if (
      /^(MAIL_|SMTP_|REDIS_|DATABASE_URL|DATA_DIR|SAMPLE_DATA|JOBS|E2E_|PUBLIC_URL|NODE_ENV|TEST_)/.test(key) ||
      key === 'PORT'
    )
      delete env[key];
  return env;
}

/** Every server started, so none outlives the suite (a failed start, an error in a scenario). */
const running = new Set<Server>();
export async function killAll() {
  for (const server of running) if (server.alive) await server.kill9();
}

/** The built server as a child process: started, waited for, killed with SIGKILL, or stopped with SIGTERM. */
export class Server {
  child: ChildProcess | null = null;
  private log: string[] = [];
  /** Set while we expect the process to end (our kill -9, our SIGTERM). */
  private ending = false;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }> | null = null;

  constructor(
    readonly name: string,
    readonly port: number,
    readonly env: Record<string, string>,
  ) {}

  get base() {
    return `http://127.0.0.1:${this.port}`;
  }

  get alive() {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Starts the process; answers when /api/health answers, with the milliseconds that took. */
  async start(timeoutMs = 240_000): Promise<number> {
    const started = performance.now();
    this.ending = false;
    this.log = [];
    const child = spawn(process.execPath, [MAIN], {
      cwd: ROOT,
      env: { ...inherited(), LOG_LEVEL: 'warn', ...this.env, PORT: String(this.port) },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    running.add(this);
    const keep = (chunk: Buffer) => {
      this.log.push(...chunk.toString().split('\n').filter(Boolean));
      if (this.log.length > 80) this.log.splice(0, this.log.length - 80);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    this.exit = new Promise((resolve) => {
      child.once('exit', (code, signal) => {
        if (!this.ending) {
          tally.unexpectedExits++;
          console.log(`  !! ${this.name} exited unexpectedly (code ${code}, signal ${signal}); its last lines:`);
          for (const line of this.log.slice(-15)) console.log(`     ${line.slice(0, 400)}`);
        }
        resolve({ code, signal });
      });
    });
    for (;;) {
      if (!this.alive) throw new Error(`${this.name} ended while starting:\n${this.log.slice(-15).join('\n')}`);
      if (performance.now() - started > timeoutMs) {
        await this.kill9();
        throw new Error(`${this.name} did not start in ${timeoutMs} ms`);
      }
      try {
        const res = await fetch(`${this.base}/api/health`, { signal: AbortSignal.timeout(2000) });
        if (res.ok) return performance.now() - started;
      } catch {}
      await sleep(25);
    }
  }

  kill9() {
    this.ending = true;
    this.child?.kill('SIGKILL');
    return this.exit;
  }

  /** SIGTERM: the server drains and must exit 0 (anything else counts as an unexpected exit). */
  async stop() {
    if (!this.alive) return;
    this.ending = true;
    this.child?.kill('SIGTERM');
    const { code, signal } = (await this.exit)!;
    if (code !== 0) {
      tally.unexpectedExits++;
      console.log(`  !! ${this.name} ended with code ${code} (signal ${signal}) after SIGTERM; its last lines:`);
      for (const line of this.log.slice(-15)) console.log(`     ${line.slice(0, 400)}`);
    }
  }

  lines() {
    return [...this.log];
  }
}

/** A signed-in person: the session cookie and the CSRF token, as the web app holds them. */
export class Client {
  private cookie = '';
  private csrf = '';
  constructor(private server: { base: string }) {}

  async login(email: string) {
    const res = await fetch(`${this.server.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    });
    const body = (await res.json()) as { csrfToken?: string };
    const sid = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .find((c) => c.startsWith('sid='));
    if (!res.ok || !sid || !body.csrfToken) throw new Error(`sign-in as ${email} failed: ${res.status}`);
    this.cookie = sid;
    this.csrf = body.csrfToken;
    return this;
  }

  /** Answers status and body, or null when no answer came (the connection reset, the process gone). */
  async send(
    method: string,
    url: string,
    body?: unknown,
    timeoutMs = 15_000,
  ): Promise<{ status: number; body: any } | null> {
    try {
      const res = await fetch(`${this.server.base}${url}`, {
        method,
        headers: {
          cookie: this.cookie,
          'x-csrf-token': this.csrf,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(timeoutMs),
      });
      const text = await res.text();
      let parsed: unknown = text;
      try {
        parsed = JSON.parse(text);
      } catch {}
      return { status: res.status, body: parsed };
    } catch {
      return null;
    }
  }
}

/**
 * The database of one scenario, seen from outside the server. PostgreSQL answers at any time; PGlite only while
 * the server is down (one process owns the data directory), so checks run after a kill or a stop.
 */
export interface Store {
  kind: 'pglite' | 'postgres';
  /** What the server needs in its environment to use this database. */
  env: Record<string, string>;
  query<T = any>(sql: string, values?: unknown[]): Promise<T[]>;
  /** Closes the handle of a query (PGlite: must be done before the server starts again). */
  release(): Promise<void>;
  drop(): Promise<void>;
}

const quietLog = { warn: () => {}, info: () => {} };

function pgliteStore(dir: string): Store {
  let db: Database | null = null;
  return {
    kind: 'pglite',
    env: { DATA_DIR: dir },
    async query(sql, values) {
      db ??= await openDatabase({ dataDir: dir, log: quietLog as never });
      return (await db.executeSql(sql, values)).rows;
    },
    async release() {
      await db?.close();
      db = null;
    },
    async drop() {
      await this.release();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function postgresStore(name: string): Store {
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 2 });
  // pg_terminate_backend in scenario 4 cuts every connection of the database, ours too: not a reason to end.
  pool.on('error', () => {});
  return {
    kind: 'postgres',
    env: { DATABASE_URL: url.toString() },
    async query(sql, values) {
      return (await pool.query(sql, values)).rows;
    },
    async release() {},
    async drop() {
      await pool.end();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    },
  };
}

export async function adminQuery(sql: string, values?: unknown[]) {
  const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  client.on('error', () => {});
  await client.connect();
  try {
    return (await client.query(sql, values)).rows;
  } finally {
    await client.end();
  }
}

export async function postgresReachable(): Promise<boolean> {
  try {
    await adminQuery('select 1');
    return true;
  } catch {
    return false;
  }
}

/**
 * The sample data, made once per database kind by the built server itself and copied for every scenario (a start on
 * a copy takes a second or two instead of migrating and seeding again).
 */
export class Templates {
  private pgliteDir: string | null = null;
  private postgresName: string | null = null;
  private tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'faults-'));
  private created: string[] = [];

  private async seed(env: Record<string, string>) {
    const server = new Server('seeding server', await freePort(), { ...env, SAMPLE_DATA: '1' });
    const ms = await server.start(600_000);
    await server.stop();
    return ms;
  }

  async fresh(kind: 'pglite' | 'postgres'): Promise<Store> {
    const id = randomBytes(4).toString('hex');
    if (kind === 'pglite') {
      if (!this.pgliteDir) {
        const dir = path.join(this.tmp, 'template');
        fs.rmSync(dir, { recursive: true, force: true });
        const ms = await this.seed({ DATA_DIR: dir });
        this.pgliteDir = dir;
        console.log(`  (PGlite: the sample migrated and seeded in ${Math.round(ms)} ms, copied for each scenario)`);
      }
      const dir = path.join(this.tmp, `db-${id}`);
      // Not the backup socket the server listens on (db/backup.ts): a copy is a stopped database.
      fs.cpSync(this.pgliteDir, dir, { recursive: true, filter: (src) => !src.endsWith('.sock') });
      return pgliteStore(dir);
    }
    if (!this.postgresName) {
      const template = `faults_template_${id}`;
      await adminQuery(`CREATE DATABASE ${template}`);
      this.created.push(template);
      const url = new URL(POSTGRES_URL);
      url.pathname = `/${template}`;
      const ms = await this.seed({ DATABASE_URL: url.toString() });
      this.postgresName = template;
      console.log(`  (PostgreSQL: the sample migrated and seeded in ${Math.round(ms)} ms, copied for each scenario)`);
    }
    const name = `faults_${id}`;
    await adminQuery(`CREATE DATABASE ${name} TEMPLATE ${this.postgresName}`);
    return postgresStore(name);
  }

  /** An empty PostgreSQL database (two instances racing to migrate it). */
  async empty(): Promise<Store> {
    const name = `faults_empty_${randomBytes(4).toString('hex')}`;
    await adminQuery(`CREATE DATABASE ${name}`);
    return postgresStore(name);
  }

  async close() {
    for (const name of this.created) await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    fs.rmSync(this.tmp, { recursive: true, force: true });
  }
}

/** Every transmission the sink accepted: the Message-ID, the recipient and when. */
export interface Received {
  messageId: string;
  to: string;
  at: number;
}

/**
 * The SMTP sink (smtp-server, as the end-to-end mail catcher): it keeps every transmission, repeats included, so a
 * mail sent twice shows as its Message-ID twice. `delayMs` holds each answer to DATA that long (a slow receiver: a
 * kill then falls into a delivery).
 */
export async function startSink(opts: { delayMs?: number } = {}) {
  const received: Received[] = [];
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    closeTimeout: 100,
    onData(stream, session, callback) {
      simpleParser(stream).then(
        async (mail) => {
          if (opts.delayMs) await sleep(opts.delayMs);
          received.push({
            messageId: mail.messageId ?? '',
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            at: performance.now(),
          });
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.server.address() as net.AddressInfo).port;
  return {
    port,
    received,
    /** How many times each Message-ID arrived. */
    counts() {
      const counts = new Map<string, number>();
      for (const r of received) counts.set(r.messageId, (counts.get(r.messageId) ?? 0) + 1);
      return counts;
    },
    setDelay(ms: number) {
      opts.delayMs = ms;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
export type Sink = Awaited<ReturnType<typeof startSink>>;

/**
 * A TCP proxy in this process: the server talks to Redis or to the SMTP sink through it, and `cut()` closes it and
 * every connection through it (as a network that went away), `restore()` listens again on the same port.
 */
export class TcpProxy {
  private server: net.Server | null = null;
  private sockets = new Set<net.Socket>();
  port = 0;

  constructor(private target: number) {}

  async open() {
    const server = net.createServer((client) => {
      const upstream = net.connect(this.target, '127.0.0.1');
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
    server.on('error', () => {});
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', () => resolve()));
    this.port = (server.address() as net.AddressInfo).port;
    this.server = server;
  }

  async cut() {
    const server = this.server;
    this.server = null;
    for (const s of this.sockets) s.destroy();
    this.sockets.clear();
    if (server) await new Promise((resolve) => server.close(resolve));
  }

  restore() {
    return this.open();
  }
}

/** Polls `check` every `everyMs` until it answers true; answers the milliseconds it took, or null at the timeout. */
export async function waitFor(
  check: () => Promise<boolean> | boolean,
  timeoutMs: number,
  everyMs = 50,
): Promise<number | null> {
  const started = performance.now();
  for (;;) {
    if (await check()) return performance.now() - started;
    if (performance.now() - started > timeoutMs) return null;
    await sleep(everyMs);
  }
}

export function median(xs: number[]) {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { SESSION_COOKIE, SOCKET_HEADER } from '@app/contracts';
import { addDays, todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/app';
import { parseTrustProxy } from '../config';
import { locations } from '../db/schema';
import { LOG_REDACT } from './headers';
import { loggableError } from './log-safe';
import { originAllowed } from './realtime';

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  // A built web app of two files, to see the headers of pages and hashed assets.
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-dist-'));
  fs.mkdirSync(path.join(webDist, 'assets'));
  fs.writeFileSync(
    path.join(webDist, 'index.html'),
    '<!doctype html><script type="module" src="/assets/index-AbC12_x9.js"></script>',
  );
  fs.writeFileSync(path.join(webDist, 'assets', 'index-AbC12_x9.js'), 'console.log(1)');
  t = await createTestApp({ config: { webDist } });
});
afterAll(async () => {
  await t.dispose();
  fs.rmSync(webDist, { recursive: true, force: true });
});

describe('security headers', () => {
  it('pages and API answers carry a policy without inline scripts, nosniff, no framing and a referrer policy', async () => {
    for (const url of ['/en/roster', '/api/health']) {
      const res = await t.app.inject({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      expect(csp).toContain("default-src 'self'");
      expect(csp).toMatch(/script-src 'self'(;|$)/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
      // Plain HTTP by default: no HSTS that would pin a browser to a TLS port that is not there.
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS behind HTTPS (SECURE_COOKIES=1)', async () => {
    const secure = await createTestApp({ sample: false, config: { secureCookies: true, webDist } });
    try {
      const res = await secure.app.inject({ method: 'GET', url: '/api/health' });
      expect(res.headers['strict-transport-security']).toMatch(/max-age=\d+; includeSubDomains/);
    } finally {
      await secure.dispose();
    }
  });

  it('API answers are never cached; hashed assets are cached for a year; pages are revalidated', async () => {
    const agent = await signIn(t.app, 'planner@example.com');
    expect((await agent.get('/api/app/init')).headers['cache-control']).toBe('no-store');
    const missing = await t.app.inject({ method: 'GET', url: '/api/nothing-here' });
    expect([missing.statusCode, missing.headers['cache-control']]).toEqual([404, 'no-store']);
    const asset = await t.app.inject({ method: 'GET', url: '/assets/index-AbC12_x9.js' });
    expect([asset.statusCode, asset.headers['cache-control']]).toEqual([200, 'public, max-age=31536000, immutable']);
    const page = await t.app.inject({ method: 'GET', url: '/de/dienstplan' });
    expect([page.statusCode, page.headers['cache-control']]).toEqual([200, 'no-cache']);
  });
});

describe('the client address behind proxies', () => {
  const failedLogins = async (app: TestApp['app'], n: number) => {
    const statuses: number[] = [];
    for (let i = 0; i < n; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: '10.20.30.40',
        // A forged header: a new "address" on every try.
        headers: { 'x-forwarded-for': `198.51.100.${i}` },
        payload: { email: `nobody${i}@example.com`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    return statuses;
  };

  it('by default ignores X-Forwarded-For: forged addresses do not reset the per-address login throttle', async () => {
    const app = await createTestApp({ sample: false });
    try {
      const statuses = await failedLogins(app.app, 21);
      expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
      expect(statuses[20]).toBe(429);
    } finally {
      await app.dispose();
    }
  });

  it('with TRUST_PROXY set, takes the address the trusted proxy names', async () => {
    const app = await createTestApp({ sample: false, config: { trustProxy: 1 } });
    try {
      expect((await failedLogins(app.app, 21)).every((s) => s === 401)).toBe(true);
    } finally {
      await app.dispose();
    }
  });

  it('reads TRUST_PROXY as off, a hop count or a list of addresses', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('0')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 10.0.0.0/8')).toEqual(['10.0.0.1', '10.0.0.0/8']);
  });
});

describe('realtime', () => {
  let port = 0;
  const sockets: Socket[] = [];
  beforeAll(async () => {
    port = await t.listen(0, '127.0.0.1');
  });
  afterAll(() => {
    for (const s of sockets) s.disconnect();
  });

  const open = (cookie: string, origin?: string) =>
    new Promise<Socket | Error>((resolve) => {
      const socket = io(`http://127.0.0.1:${port}`, {
        path: '/socket.io',
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}`, ...(origin ? { origin } : {}) },
      });
      sockets.push(socket);
      socket.once('connect', () => resolve(socket));
      socket.once('connect_error', (err) => resolve(err));
    });

  it('refuses pages of other origins; accepts PUBLIC_URL and the page’s own origin', async () => {
    const agent = await signIn(t.app, 'planner@example.com');
    expect(await open(agent.cookie, 'https://evil.example')).toBeInstanceOf(Error);
    expect(await open(agent.cookie, 'http://localhost:3000')).not.toBeInstanceOf(Error);
    expect(await open(agent.cookie, `http://127.0.0.1:${port}`)).not.toBeInstanceOf(Error);
    expect(originAllowed('http://localhost:5173', 'localhost:5173', [])).toBe(true);
    expect(originAllowed('http://localhost:5173', 'localhost:3000', ['http://localhost:3000'])).toBe(false);
    expect(originAllowed('null', 'localhost:3000', [])).toBe(false);
  });

  it('does not echo a change to the socket that made it (X-Socket-Id), but to every other one', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    const other = await signIn(t.app, 'manager@example.com');
    const [mine, sameUserOtherTab, colleague] = (await Promise.all([
      open(planner.cookie),
      open(planner.cookie),
      open(other.cookie),
    ])) as Socket[];
    const init = (await planner.get('/api/app/init')).json();
    for (const s of [mine, sameUserOtherTab, colleague]) {
      expect(await s.timeout(5000).emitWithAck('subscribe', `account.${init.account.id}`)).toEqual({ ok: true });
    }
    // The days of the notes each socket heard of, in the order they arrived.
    const seen = { mine: [] as string[], sameUserOtherTab: [] as string[], colleague: [] as string[] };
    const listen = (socket: Socket, into: string[]) =>
      socket.on('LocationUpdated', (payload: { notes?: string[] }) => into.push(...(payload.notes ?? [])));
    listen(mine, seen.mine);
    listen(sameUserOtherTab, seen.sameUserOtherTab);
    listen(colleague, seen.colleague);

    const [hq] = await t.database.db.select().from(locations).where(eq(locations.name, 'Headquarter'));
    const first = addDays(todayIn('Europe/Berlin'), 30);
    const second = addDays(first, 1);
    const note = (socketId: string, date: string, text: string) =>
      planner.request('PUT', `/api/locations/${hq.id}/notes/${date}`, { content: text }, { [SOCKET_HEADER]: socketId });
    expect((await note(mine.id!, first, 'Delivery at 7')).statusCode).toBe(200);
    // Naming another session's socket cannot silence it: the colleague still hears this one.
    expect((await note(colleague.id!, second, 'Delivery at 8')).statusCode).toBe(200);
    // A socket hears events in the order they were sent: an echo of the first note would come before the second.
    await vi.waitFor(
      () => expect(seen).toEqual({ mine: [second], sameUserOtherTab: [first, second], colleague: [first, second] }),
      { timeout: 5000 },
    );
  });
});

describe('logs', () => {
  it('keep an unexpected error’s kind, SQL state and constraint, never its parameters or values', () => {
    const driver = Object.assign(new Error('duplicate key value violates unique constraint "tags_name"'), {
      code: '23505',
      constraint: 'tags_name',
      detail: 'Key (name)=(Anna’s secret) already exists.',
    });
    const wrapped = Object.assign(new Error('Failed query: insert into tags values ($1)\nparams: Anna’s secret'), {
      cause: driver,
      query: 'insert into tags values ($1)',
      params: ['Anna’s secret'],
    });
    const logged = JSON.stringify(loggableError(wrapped));
    expect(logged).not.toContain('secret');
    expect(loggableError(wrapped)).toMatchObject({ sqlState: '23505', constraint: 'tags_name' });
  });

  it('redact cookies, tokens, bodies and query parameters of requests', () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = pino({ redact: { paths: LOG_REDACT, censor: '[redacted]' } }, sink);
    log.info({
      req: {
        method: 'PUT',
        url: '/api/profile',
        headers: { cookie: 'sid=cookie-secret', 'x-csrf-token': 'csrf-secret', [SOCKET_HEADER]: 'socket-secret' },
        body: { password: 'Welcome123', fname: 'Anna' },
        query: { q: 'Anna' },
      },
    });
    const text = lines.join('');
    for (const secret of ['cookie-secret', 'csrf-secret', 'socket-secret', 'Welcome123', 'Anna'])
      expect(text).not.toContain(secret);
    expect(text).toContain('/api/profile');
  });
});

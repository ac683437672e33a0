import { SESSION_COOKIE } from '@app/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/app';
import { closedPort, type TcpProxy, tcpProxy } from '../../test/tcp-proxy';

const sockets: Socket[] = [];

/** A signed-in member's socket, connected (websocket transport, no reconnection). */
async function connected(port: number, agent: Agent): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: `${SESSION_COOKIE}=${agent.cookie}` },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

/** The next `event` on the socket, or a rejection after `ms`. */
function next(socket: Socket, event: string, ms = 5_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: unknown) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

async function until(check: () => Promise<boolean>, ms: number, what: string) {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`not within ${ms} ms: ${what}`);
}

const health = async (t: TestApp) => (await t.app.inject({ method: 'GET', url: '/api/health' })).json();

/** Realtime on this instance: an event reaches a subscribed socket, and signing out closes the session's socket. */
async function realtimeWorksHere(t: TestApp, port: number) {
  const employee = await signIn(t.app, 'employee@example.com');
  const accountId = (await employee.get('/api/app/init')).json().account.id as string;
  const socket = await connected(port, employee);
  expect(await socket.timeout(5_000).emitWithAck('subscribe', `account.${accountId}`)).toEqual({ ok: true });
  const reinit = next(socket, 'Reinit');
  t.ctx.realtime.emit(`account.${accountId}`, 'Reinit', { reason: 'settings' });
  expect(await reinit).toEqual({ reason: 'settings' });
  const closed = next(socket, 'disconnect');
  expect((await employee.post('/api/auth/logout')).statusCode).toBe(200);
  expect(await closed).toBe('io server disconnect');
}

afterEach(() => {
  for (const s of sockets.splice(0)) s.disconnect();
});

describe('Redis away from the start (REDIS_URL at a closed port)', () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    t = await createTestApp({ config: { redisUrl: `redis://127.0.0.1:${await closedPort()}` } });
    port = await t.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t?.dispose();
  });

  it('starts, and /api/health says it is degraded and why', async () => {
    expect(await health(t)).toMatchObject({ ok: true, status: 'degraded', database: 'up', redis: 'away' });
    expect((await health(t)).warnings.join(' ')).toMatch(/Redis at 127\.0\.0\.1:\d+ is away/);
  });

  it('still limits request rates, in memory', async () => {
    const forgot = () =>
      t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: 'nobody@example.com' } });
    for (let i = 0; i < 10; i++) expect((await forgot()).statusCode).toBe(200);
    const refused = await forgot();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'THROTTLED' });
  });

  it("delivers realtime events to this instance's sockets and closes ended sessions' sockets", async () => {
    await realtimeWorksHere(t, port);
  });
});

describe.runIf(process.env.REDIS_URL)('Redis going away and coming back (a TCP proxy to REDIS_URL)', () => {
  let t: TestApp;
  let port: number;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL as string);
    proxy = await tcpProxy({ host: redis.hostname, port: Number(redis.port || 6379) }, { started: false });
    const through = new URL(redis);
    through.hostname = '127.0.0.1';
    through.port = String(proxy.port);
    t = await createTestApp({ config: { redisUrl: through.toString() } });
    port = await t.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    await t?.dispose();
    await proxy?.close();
  });

  it('starts without it, attaches when it comes, degrades when it goes, and recovers', async () => {
    expect(await health(t)).toMatchObject({ status: 'degraded', redis: 'away' });
    await proxy.start();
    // The clients retry at most every 5 s.
    await until(async () => (await health(t)).redis === 'up', 15_000, 'Redis up');
    expect(await health(t)).toMatchObject({ status: 'ok', warnings: [] });
    await realtimeWorksHere(t, port);

    await proxy.stop();
    await until(async () => (await health(t)).redis === 'away', 5_000, 'Redis away');
    // Emitting while Redis is away neither fails nor ends the process; the events reach this instance's sockets.
    await realtimeWorksHere(t, port);

    await proxy.start();
    await until(async () => (await health(t)).redis === 'up', 15_000, 'Redis up again');
    await realtimeWorksHere(t, port);
  }, 60_000);
});

import { SESSION_COOKIE } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { type BuiltApp, buildApp } from '../app';
import { testConfig } from '../config';
import type { Database } from '../db/client';
import { users } from '../db/schema';
import { issueCode } from '../domains/auth/codes';
import { seedSampleData } from '../sample/seed';

interface Ids {
  accountId: string;
  membershipId: string;
}

const sockets: Socket[] = [];

/** A Socket.IO client on the websocket transport, sending the session cookie when there is one. */
function client(port: number, cookie?: string): Socket {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    autoConnect: false,
    ...(cookie ? { extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}` } } : {}),
  });
  sockets.push(socket);
  return socket;
}

/** Connects and answers once the server admitted or refused the socket. */
function connect(socket: Socket): Promise<'connected' | Error> {
  return new Promise((resolve) => {
    socket.once('connect', () => resolve('connected'));
    socket.once('connect_error', (err) => resolve(err));
    socket.connect();
  });
}

async function connected(port: number, cookie: string): Promise<Socket> {
  const socket = client(port, cookie);
  expect(await connect(socket)).toBe('connected');
  return socket;
}

function subscribe(socket: Socket, room: string): Promise<{ ok: boolean }> {
  return socket.timeout(5000).emitWithAck('subscribe', room);
}

/** The next `event` the socket receives, or a rejection after `ms`. */
function next<T = unknown>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      socket.off(event, handler);
      reject(new Error(`no ${event} within ${ms} ms`));
    }, ms);
    const handler = (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    };
    socket.once(event, handler);
  });
}

/** The reason the server closed the socket, or a rejection after `ms`. */
function disconnected(socket: Socket, ms = 5000): Promise<string> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`still connected after ${ms} ms`)), ms);
    socket.once('disconnect', (reason) => {
      clearTimeout(timer);
      resolve(reason);
    });
  });
}

async function idsOf(agent: Agent): Promise<Ids> {
  const init = (await agent.get('/api/app/init')).json();
  return { accountId: init.account.id, membershipId: init.membership.id };
}

function closeSockets() {
  for (const s of sockets.splice(0)) s.disconnect();
}

describe('realtime on one instance', () => {
  let t: TestApp;
  let port: number;
  let employee: Agent;
  let employeeIds: Ids;
  let manager: Agent;
  let managerIds: Ids;
  let foreignAccountId: string;

  beforeAll(async () => {
    t = await createTestApp();
    port = await t.listen(0, '127.0.0.1');
    employee = await signIn(t.app, 'employee@example.com');
    employeeIds = await idsOf(employee);
    manager = await signIn(t.app, 'manager@example.com');
    managerIds = await idsOf(manager);
    const owner = await signIn(t.app, 'owner@example.com');
    const accounts = (await owner.get('/api/app/init')).json().accounts as { id: string }[];
    const foreign = accounts.find((a) => a.id !== employeeIds.accountId);
    if (!foreign) throw new Error('the sample data should hold a second account');
    foreignAccountId = foreign.id;
  });
  afterAll(async () => {
    closeSockets();
    await t?.dispose();
  });

  it('refuses a socket without a session cookie', async () => {
    const result = await connect(client(port));
    expect(result).toBeInstanceOf(Error);
    expect((result as Error).message).toBe('unauthenticated');
  });

  it('refuses a socket with an unknown session cookie', async () => {
    const result = await connect(client(port, 'not-a-session'));
    expect(result).toBeInstanceOf(Error);
  });

  it('admits a signed-in member and lets them join their own rooms', async () => {
    const socket = await connected(port, employee.cookie);
    for (const room of [
      'app',
      `account.${employeeIds.accountId}`,
      `membership.${employeeIds.membershipId}`,
      `notification.${employeeIds.membershipId}`,
    ]) {
      expect(await subscribe(socket, room), room).toEqual({ ok: true });
    }
    const reinit = next(socket, 'Reinit');
    t.ctx.realtime.emit(`account.${employeeIds.accountId}`, 'Reinit', { reason: 'settings' });
    expect(await reinit).toEqual({ reason: 'settings' });
  });

  it("refuses another account's and another membership's rooms, and delivers nothing from them", async () => {
    const socket = await connected(port, employee.cookie);
    const foreignRooms = [
      `account.${foreignAccountId}`,
      `membership.${managerIds.membershipId}`,
      `notification.${managerIds.membershipId}`,
      `session.someone-else`,
      42 as unknown as string,
    ];
    for (const room of foreignRooms) {
      expect(await subscribe(socket, room), String(room)).toEqual({ ok: false });
    }
    const leaked: unknown[] = [];
    socket.on('Leak', (payload) => leaked.push(payload));
    // The member of the foreign rooms does get them: the events are really emitted.
    const managerSocket = await connected(port, manager.cookie);
    expect(await subscribe(managerSocket, `membership.${managerIds.membershipId}`)).toEqual({ ok: true });
    const managerGot = next(managerSocket, 'Leak');
    for (const room of foreignRooms.slice(0, 3)) t.ctx.realtime.emit(room, 'Leak' as never, { room } as never);
    expect(await managerGot).toEqual({ room: `membership.${managerIds.membershipId}` });

    // Events to one socket arrive in order: once the marker sent after the leaks arrived, no leak is on its way.
    expect(await subscribe(socket, `membership.${employeeIds.membershipId}`)).toEqual({ ok: true });
    const marker = next(socket, 'Marker');
    t.ctx.realtime.emit(`membership.${employeeIds.membershipId}`, 'Marker' as never, {} as never);
    await marker;
    expect(leaked).toEqual([]);
  });

  it('delivers Logout to the sockets of a member set inactive', async () => {
    const member = await signIn(t.app, 'employee@example.com');
    const socket = await connected(port, member.cookie);
    expect(await subscribe(socket, `membership.${employeeIds.membershipId}`)).toEqual({ ok: true });
    const logout = next(socket, 'Logout');
    const res = await manager.put(`/api/memberships/${employeeIds.membershipId}/status`, { status: 'inactive' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await logout).toEqual({ reason: 'inactive' });
    const back = await manager.put(`/api/memberships/${employeeIds.membershipId}/status`, { status: 'active' });
    expect(back.statusCode, back.body).toBe(200);
  });

  describe('a socket ends with its session', () => {
    /** A socket of a fresh session of `email`, listening to its account room. */
    async function listening(email: string, password?: string) {
      const agent = await signIn(t.app, email, password);
      const ids = await idsOf(agent);
      const socket = await connected(port, agent.cookie);
      expect(await subscribe(socket, `account.${ids.accountId}`)).toEqual({ ok: true });
      return { agent, ids, socket };
    }

    it('signing out closes the sockets of that session only', async () => {
      const a = await listening('manager@example.com');
      const b = await listening('manager@example.com');
      const closed = disconnected(a.socket);
      expect((await a.agent.post('/api/auth/logout')).statusCode).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect(b.socket.connected).toBe(true);
    });

    it('a password change closes the sockets of the other sessions; they hear nothing more', async () => {
      const other = await listening('planner@example.com');
      const own = await listening('planner@example.com');
      let heard = false;
      other.socket.on('Reinit', () => {
        heard = true;
      });
      const closed = disconnected(other.socket);
      const res = await own.agent.put('/api/profile/password', { current: 'Welcome123', password: 'Better2024x' });
      expect(res.statusCode, res.body).toBe(200);
      expect(await closed).toBe('io server disconnect');
      expect((await other.agent.get('/api/app/init')).statusCode).toBe(401);
      // The session that changed it keeps its socket and hears the account; the closed one does not.
      const reinit = next(own.socket, 'Reinit');
      t.ctx.realtime.emit(`account.${own.ids.accountId}`, 'Reinit', { reason: 'settings' });
      await reinit;
      expect(heard).toBe(false);
      // A closed session cannot connect again.
      expect(await connect(client(port, other.agent.cookie))).toBeInstanceOf(Error);
    });

    it('a password reset closes every socket of the person', async () => {
      const a = await listening('planner@example.com', 'Better2024x');
      const [user] = await t.database.db.select().from(users).where(eq(users.email, 'planner@example.com'));
      const code = await t.database.db.transaction((tx) => issueCode(tx, { kind: 'reset', userId: user.id }));
      const closed = disconnected(a.socket);
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth/password/reset/${code}`,
        payload: { password: 'Welcome123' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(await closed).toBe('io server disconnect');
    });

    it('deactivating or removing a member tells their apps and closes their sockets', async () => {
      for (const [email, status] of [
        ['planner@example.com', 'inactive'],
        ['supervisor@example.com', 'deleted'],
      ] as const) {
        const a = await listening(email);
        const logout = next(a.socket, 'Logout');
        const closed = disconnected(a.socket);
        const res = await manager.put(`/api/memberships/${a.ids.membershipId}/status`, { status });
        expect(res.statusCode, res.body).toBe(200);
        expect(await logout).toEqual({ reason: 'inactive' });
        expect(await closed).toBe('io server disconnect');
      }
    });
  });

  it('POST /api/auth/broadcast admits own rooms and refuses foreign ones', async () => {
    const member = await signIn(t.app, 'employee@example.com');
    for (const room of [
      'app',
      `account.${employeeIds.accountId}`,
      `membership.${employeeIds.membershipId}`,
      `notification.${employeeIds.membershipId}`,
    ]) {
      const res = await member.post('/api/auth/broadcast', { room });
      expect([res.statusCode, res.json()], room).toEqual([200, { auth: true }]);
    }
    for (const room of [`account.${foreignAccountId}`, `membership.${managerIds.membershipId}`]) {
      const res = await member.post('/api/auth/broadcast', { room });
      expect([res.statusCode, res.json().code], room).toEqual([403, 'FORBIDDEN']);
    }
  });
});

const twoInstances = Boolean(process.env.TEST_DATABASE_URL && process.env.REDIS_URL);

describe.runIf(twoInstances)('realtime across two instances (Redis adapter)', () => {
  let database: Database;
  let a: BuiltApp;
  let b: BuiltApp;
  let portB: number;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedSampleData(database.db, { roster: false });
    const config = testConfig({ redisUrl: process.env.REDIS_URL, webDist: '/nonexistent' });
    a = await buildApp(config, { database });
    b = await buildApp(config, { database });
    await a.listen(0, '127.0.0.1');
    portB = await b.listen(0, '127.0.0.1');
  });
  afterAll(async () => {
    closeSockets();
    await a?.close();
    await b?.close();
    await database?.close();
  });

  it('an event emitted on instance A reaches a client of instance B', async () => {
    const agent = await signIn(b.app, 'employee@example.com');
    const { accountId } = await idsOf(agent);
    const socket = await connected(portB, agent.cookie);
    expect(await subscribe(socket, `account.${accountId}`)).toEqual({ ok: true });
    const reinit = next(socket, 'Reinit', 10_000);
    a.ctx.realtime.emit(`account.${accountId}`, 'Reinit', { reason: 'modules' });
    expect(await reinit).toEqual({ reason: 'modules' });
  });

  it("a password changed on instance A closes the other sessions' sockets on instance B", async () => {
    const other = await signIn(b.app, 'planner@example.com');
    const socket = await connected(portB, other.cookie);
    const closed = disconnected(socket, 10_000);
    const own = await signIn(a.app, 'planner@example.com');
    const res = await own.put('/api/profile/password', { current: 'Welcome123', password: 'Better2024x' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await closed).toBe('io server disconnect');
  });
});

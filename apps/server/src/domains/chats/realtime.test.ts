import { SESSION_COOKIE } from '@app/contracts';
import { io, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, signIn } from '../../../test/app';
import { createTestDatabase } from '../../../test/db';
import { type BuiltApp, buildApp } from '../../app';
import { testConfig } from '../../config';
import type { Database } from '../../db/client';
import { seedSampleData } from '../../sample/seed';

/**
 * Chat realtime: the private room `chat.{id}` admits participants only; ChatMessageSent, StatusUpdate and the
 * typing whisper reach the others; ChatNotification reaches each recipient's notification room. With REDIS_URL,
 * the same across two instances on one Redis (the Redis adapter).
 */

const sockets: Socket[] = [];

async function connected(port: number, cookie: string): Promise<Socket> {
  const socket = io(`http://127.0.0.1:${port}`, {
    path: '/socket.io',
    transports: ['websocket'],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: `${SESSION_COOKIE}=${cookie}` },
  });
  sockets.push(socket);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  return socket;
}

const subscribe = (socket: Socket, room: string): Promise<{ ok: boolean }> =>
  socket.timeout(5000).emitWithAck('subscribe', room);

function next<T = Record<string, unknown>>(socket: Socket, event: string, ms = 5000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** Resolves with the events of that name seen within `ms` (to prove one did not arrive). */
function collect(socket: Socket, event: string, ms: number): Promise<unknown[]> {
  const seen: unknown[] = [];
  const handler = (p: unknown) => seen.push(p);
  socket.on(event, handler);
  return new Promise((resolve) =>
    setTimeout(() => {
      socket.off(event, handler);
      resolve(seen);
    }, ms),
  );
}

const idOf = async (agent: Agent) => (await agent.get('/api/app/init')).json().membership.id as string;

function chatRealtime(redisUrl: string | undefined) {
  let database: Database;
  let a: BuiltApp;
  let b: BuiltApp;
  let portA: number;
  let portB: number;
  let leon: Agent; // on instance A
  let emma: Agent; // on instance B
  let paula: Agent; // on instance B
  let leonId: string;
  let emmaId: string;
  let channel: string;

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedSampleData(database.db, { roster: false });
    const config = testConfig({ redisUrl, webDist: '/nonexistent' });
    a = await buildApp(config, { database });
    b = redisUrl ? await buildApp(config, { database }) : a;
    portA = await a.listen(0, '127.0.0.1');
    portB = b === a ? portA : await b.listen(0, '127.0.0.1');
    leon = await signIn(a.app, 'leon.fischer@example.com');
    emma = await signIn(b.app, 'employee@example.com');
    paula = await signIn(b.app, 'planner@example.com');
    [leonId, emmaId] = [await idOf(leon), await idOf(emma)];
    const res = await leon.post('/api/channels', { type: 'group', title: 'Live', participants: [emmaId] });
    channel = res.json().id;
  });
  afterAll(async () => {
    for (const s of sockets.splice(0)) s.disconnect();
    await a?.close();
    if (b !== a) await b?.close();
    await database?.close();
  });

  it('admits participants to the chat room and refuses everyone else', async () => {
    const paulaSocket = await connected(portB, paula.cookie);
    expect(await subscribe(paulaSocket, `chat.${channel}`)).toEqual({ ok: false });
    const emmaSocket = await connected(portB, emma.cookie);
    expect(await subscribe(emmaSocket, `chat.${channel}`)).toEqual({ ok: true });
    const broadcast = await paula.post('/api/auth/broadcast', { room: `chat.${channel}` });
    expect(broadcast.statusCode).toBe(403);
    expect((await emma.post('/api/auth/broadcast', { room: `chat.${channel}` })).statusCode).toBe(200);
  });

  it('a message reaches the others in the room and each recipient’s notification room; receipts reach the sender', async () => {
    const leonSocket = await connected(portA, leon.cookie);
    expect(await subscribe(leonSocket, `chat.${channel}`)).toEqual({ ok: true });
    const emmaSocket = await connected(portB, emma.cookie);
    expect(await subscribe(emmaSocket, `chat.${channel}`)).toEqual({ ok: true });
    expect(await subscribe(emmaSocket, `notification.${emmaId}`)).toEqual({ ok: true });
    const paulaSocket = await connected(portB, paula.cookie);
    const paulaHears = collect(paulaSocket, 'ChatMessageSent', 1500);

    const sent = next(emmaSocket, 'ChatMessageSent');
    const notified = next<{ channel: string; chat: number; statusId: number }>(emmaSocket, 'ChatNotification');
    const res = await leon.post(`/api/channels/${channel}/chats`, { message: 'Live on A' });
    expect(res.statusCode, res.body).toBe(200);
    const chatId = res.json().chat.id;
    expect(await sent).toEqual({ chat: { id: chatId, channel } });
    const note = await notified;
    expect(note).toMatchObject({ channel, chat: chatId });

    const received = next(leonSocket, 'StatusUpdate');
    await emma.put('/api/memberships/unread-chats', { status: 'received', ids: [note.statusId] });
    expect(await received).toEqual({ channel, membership: emmaId, status: 'received', chats: [chatId] });
    const read = next(leonSocket, 'StatusUpdate');
    await emma.put('/api/memberships/unread-chats', { status: 'read', channel });
    expect(await read).toEqual({ channel, membership: emmaId, status: 'read' });
    expect(await paulaHears).toEqual([]);
  });

  it('relays the typing whisper to the others in the room, not to the sender or outsiders', async () => {
    const leonSocket = await connected(portA, leon.cookie);
    await subscribe(leonSocket, `chat.${channel}`);
    const emmaSocket = await connected(portB, emma.cookie);
    await subscribe(emmaSocket, `chat.${channel}`);
    const echo = collect(emmaSocket, 'Typing', 1000);
    const typing = next(leonSocket, 'Typing');
    emmaSocket.emit('whisper', { room: `chat.${channel}`, typing: true });
    expect(await typing).toEqual({ channel, user: emmaId, typing: true });
    expect(await echo).toEqual([]);
    // A whisper to a room the socket did not join goes nowhere.
    const paulaSocket = await connected(portB, paula.cookie);
    const leaked = collect(leonSocket, 'Typing', 1000);
    paulaSocket.emit('whisper', { room: `chat.${channel}`, typing: true });
    expect(await leaked).toEqual([]);
  });

  it('someone removed from the channel stops hearing it', async () => {
    const emmaSocket = await connected(portB, emma.cookie);
    expect(await subscribe(emmaSocket, `chat.${channel}`)).toEqual({ ok: true });
    // No wait needed: the removal takes her sockets out of the room before it answers (after its commit), and on
    // another instance the leave and the next message travel the same Redis connection, in that order.
    expect((await leon.delete(`/api/channels/${channel}/participants/${emmaId}`)).statusCode).toBe(200);
    const heard = collect(emmaSocket, 'ChatMessageSent', 1000);
    await leon.post(`/api/channels/${channel}/chats`, { message: 'Emma is gone' });
    expect(await heard).toEqual([]);
    expect(leonId).toBeTruthy();
  });
}

describe('chat realtime on one instance', () => chatRealtime(undefined));
describe.runIf(Boolean(process.env.REDIS_URL))('chat realtime across two instances on one Redis', () =>
  chatRealtime(process.env.REDIS_URL),
);

/**
 * Benchmark of chat delivery: 200 connected Socket.IO clients in 20 group channels of 10 people.
 *
 * Each round, one member of every channel sends a message at the same time (20 messages at once, through HTTP). For
 * each message two figures are taken, from the start of its POST:
 * - delivered: every other member's socket got ChatMessageSent in the channel's room;
 * - receipts: every other member's app got its ChatNotification, marked the message received
 *   (PUT /api/memberships/unread-chats), and the sender's socket heard all nine StatusUpdates. This is the time from
 *   "send" to the sender seeing two checks for everyone.
 *
 * Budget: receipts p95 under 150 ms on PostgreSQL. The script only prints figures, it never fails on them.
 *
 * Runs on PGlite (in memory) and on PostgreSQL (DATABASE_URL is the admin connection; the run creates a database
 * chatbench_<random> of its own and drops it), each with the whole server listening on a local port. With
 * REDIS_URL the Redis adapter carries the events, as with several instances.
 *
 * Environment: BENCH_ROUNDS (default 20), BENCH_ONLY=pglite|postgres.
 */
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { io, type Socket } from 'socket.io-client';
import { buildApp } from '../apps/server/src/app';
import { testConfig } from '../apps/server/src/config';
import { type Database, openDatabase } from '../apps/server/src/db/client';
import {
  accounts,
  chatChannels,
  chatParticipants,
  membershipLocations,
  memberships,
  users,
} from '../apps/server/src/db/schema';
import { createSession } from '../apps/server/src/platform/session';
import { seedSampleData } from '../apps/server/src/sample/seed';
import { openPostgres } from './postgres';

const CLIENTS = 200;
const CHANNELS = 20;
const PER_CHANNEL = CLIENTS / CHANNELS;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 20);
const ONLY = process.env.BENCH_ONLY;
const BUDGET_P95_MS = 150;

interface Client {
  membershipId: string;
  cookie: string;
  csrf: string;
  socket: Socket;
  channel: string;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function people(database: Database) {
  await seedSampleData(database.db, { roster: false });
  const [bistro] = await database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
  const [location] = await database.db
    .select({ id: membershipLocations.locationId })
    .from(membershipLocations)
    .limit(1);
  const made: { userId: string; membershipId: string }[] = [];
  for (let i = 0; i < CLIENTS; i++) {
    const [user] = await database.db
      .insert(users)
      .values({ email: `chat.bench.${i}@example.com`, fname: 'Bench', lname: `Person ${i}`, emailConfirmedAt: now() })
      .returning();
    const [membership] = await database.db
      .insert(memberships)
      .values({ accountId: bistro.id, userId: user.id, roles: ['user'] })
      .returning();
    await database.db.insert(membershipLocations).values({ membershipId: membership.id, locationId: location.id });
    made.push({ userId: user.id, membershipId: membership.id });
  }
  const channels: string[] = [];
  for (let c = 0; c < CHANNELS; c++) {
    const at = now();
    const [channel] = await database.db
      .insert(chatChannels)
      .values({ accountId: bistro.id, type: 'group', title: `Bench ${c}`, createdAt: at, lastUpdated: at })
      .returning();
    await database.db.insert(chatParticipants).values(
      made.slice(c * PER_CHANNEL, (c + 1) * PER_CHANNEL).map((m) => ({
        channelId: channel.id,
        membershipId: m.membershipId,
        accountId: bistro.id,
        createdAt: at,
      })),
    );
    channels.push(channel.id);
  }
  return { accountId: bistro.id, made, channels };
}

async function run(label: string, database: Database) {
  const { accountId, made, channels } = await people(database);
  const built = await buildApp(
    testConfig({ webDist: '/nonexistent', redisUrl: process.env.REDIS_URL, logLevel: 'warn' }),
    { database },
  );
  const port = await built.listen(0, '127.0.0.1');
  const base = `http://127.0.0.1:${port}`;
  const clients: Client[] = [];
  for (const [i, m] of made.entries()) {
    const session = await database.db.transaction((tx) =>
      createSession(tx, { userId: m.userId, accountId, membershipId: m.membershipId, locale: 'en' }),
    );
    const socket = io(base, {
      path: '/socket.io',
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      extraHeaders: { cookie: `sid=${session.token}` },
    });
    await new Promise<void>((resolve, reject) => {
      socket.once('connect', () => resolve());
      socket.once('connect_error', reject);
    });
    const channel = channels[Math.floor(i / PER_CHANNEL)];
    for (const room of [`chat.${channel}`, `notification.${m.membershipId}`]) {
      const ack = (await socket.timeout(5000).emitWithAck('subscribe', room)) as { ok: boolean };
      if (!ack.ok) throw new Error(`subscription to ${room} refused`);
    }
    clients.push({ membershipId: m.membershipId, cookie: session.token, csrf: session.csrfToken, socket, channel });
  }

  const call = (c: Client, method: string, path: string, body: unknown) =>
    fetch(`${base}${path}`, {
      method,
      headers: { cookie: `sid=${c.cookie}`, 'x-csrf-token': c.csrf, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });

  // Every recipient's app marks what arrives received, as the web app does on ChatNotification.
  for (const c of clients) {
    c.socket.on('ChatNotification', (p: { statusId?: number }) => {
      if (typeof p.statusId === 'number')
        call(c, 'PUT', '/api/memberships/unread-chats', { status: 'received', ids: [p.statusId] }).then(async (r) => {
          if (!r.ok) console.error(`received: ${r.status} ${await r.text()}`);
        });
    });
  }

  const delivered: number[] = [];
  const receipts: number[] = [];
  const sendOne = (sender: Client, n: number) =>
    new Promise<void>((resolve, reject) => {
      const others = clients.filter((c) => c.channel === sender.channel && c !== sender);
      const start = performance.now();
      let chatId: number | null = null;
      const earlySent: { id: number; who: Client }[] = [];
      const gotSent = new Set<Client>();
      const gotStatus = new Set<string>();
      let doneDelivered = false;
      const cleanups: (() => void)[] = [];
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `message ${n} in ${sender.channel}: timeout (${gotSent.size} delivered, ${gotStatus.size} receipts, chat ${chatId})`,
            ),
          ),
        60_000,
      );
      const maybeFinish = () => {
        if (!doneDelivered && gotSent.size === others.length) {
          doneDelivered = true;
          delivered.push(performance.now() - start);
        }
        if (doneDelivered && gotStatus.size === others.length) {
          receipts.push(performance.now() - start);
          clearTimeout(timer);
          for (const c of cleanups) c();
          resolve();
        }
      };
      const onSent = (who: Client) => (p: { chat?: { id: number } }) => {
        if (!p.chat) return;
        if (chatId === null) earlySent.push({ id: p.chat.id, who });
        else if (p.chat.id === chatId) gotSent.add(who);
        maybeFinish();
      };
      for (const o of others) {
        const handler = onSent(o);
        o.socket.on('ChatMessageSent', handler);
        cleanups.push(() => o.socket.off('ChatMessageSent', handler));
      }
      const recipients = new Set(others.map((o) => o.membershipId));
      const early: { membership: string; chats: number[] }[] = [];
      const onStatus = (p: { membership: string; status: string; chats?: number[] }) => {
        if (p.status !== 'received' || !recipients.has(p.membership)) return;
        if (chatId === null) early.push({ membership: p.membership, chats: p.chats ?? [] });
        else if (p.chats?.includes(chatId)) gotStatus.add(p.membership);
        maybeFinish();
      };
      sender.socket.on('StatusUpdate', onStatus);
      cleanups.push(() => sender.socket.off('StatusUpdate', onStatus));
      call(sender, 'POST', `/api/channels/${sender.channel}/chats`, { message: `Bench message ${n}` })
        .then(async (r) => {
          if (!r.ok) throw new Error(`send: ${r.status} ${await r.text()}`);
          return r.json() as Promise<{ chat: { id: number } }>;
        })
        .then((body) => {
          chatId = body.chat.id;
          for (const e of earlySent) if (e.id === chatId) gotSent.add(e.who);
          for (const e of early) if (e.chats.includes(chatId)) gotStatus.add(e.membership);
          maybeFinish();
        })
        .catch(reject);
    });

  // Warm-up round, not counted.
  await Promise.all(channels.map((_, c) => sendOne(clients[c * PER_CHANNEL], -1)));
  delivered.length = 0;
  receipts.length = 0;
  await sleep(200);
  const started = performance.now();
  for (let round = 0; round < ROUNDS; round++) {
    await Promise.all(channels.map((_, c) => sendOne(clients[c * PER_CHANNEL + (round % PER_CHANNEL)], round)));
  }
  const seconds = (performance.now() - started) / 1000;
  const fmt = (v: number) => `${v.toFixed(1)} ms`;
  console.log(
    `${label}: ${delivered.length} messages (${CHANNELS} at a time, ${(delivered.length / seconds).toFixed(0)}/s)` +
      `\n  delivered to all 9 others: p50 ${fmt(percentile(delivered, 50))}, p95 ${fmt(percentile(delivered, 95))}, max ${fmt(Math.max(...delivered))}` +
      `\n  all receipts back:         p50 ${fmt(percentile(receipts, 50))}, p95 ${fmt(percentile(receipts, 95))}, max ${fmt(Math.max(...receipts))}` +
      `  (budget p95 ${BUDGET_P95_MS} ms: ${percentile(receipts, 95) <= BUDGET_P95_MS ? 'within' : 'OVER'})`,
  );
  for (const c of clients) c.socket.disconnect();
  await built.close();
}

console.log(
  `chats: ${CLIENTS} clients in ${CHANNELS} channels, ${ROUNDS} rounds; ${os.cpus().length} CPUs, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}${process.env.REDIS_URL ? ', Redis adapter' : ''}`,
);
if (ONLY !== 'postgres') {
  const database = await openDatabase({ dataDir: null });
  await database.migrate();
  await run('PGlite', database);
  await database.close();
}
if (ONLY !== 'pglite') {
  const database = await openPostgres('chatbench');
  if (database) {
    await database.migrate();
    await run('PostgreSQL', database);
    await database.close();
  }
}
process.exit(0);

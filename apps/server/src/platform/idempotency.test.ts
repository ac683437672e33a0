import { IDEMPOTENCY_HEADER, IDEMPOTENT_CREATES } from '@app/contracts';
import { addDays, now } from '@app/domain';
import { and, count, eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, agentFor } from '../../test/app';
import { type BuiltApp, buildApp } from '../app';
import { testConfig } from '../config';
import { chatMessages, hours, idempotencyKeys, rosterItems, vacationRequests } from '../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from '../domains/roster/testkit';
import { type CommandHook, registerCommandHook } from './command';
import { pruneIdempotencyKeys } from './idempotency';

let r: RosterTest;
let emma: Agent; // employee
let paula: Agent; // planner
let headquarterChat: string;

beforeAll(async () => {
  r = await setUpRoster();
  emma = r.employee;
  paula = r.planner;
  const { channels } = (await emma.get('/api/channels')).json();
  headquarterChat = channels.find((c: { title: string }) => c.title === 'Headquarter team').id;
});
afterAll(async () => r?.t.dispose());

let keys = 0;
const newKey = () => `test-key-${++keys}-${Math.random().toString(36).slice(2)}`;
const send = (agent: Agent, url: string, body: unknown, key: string) =>
  agent.request('POST', url, body, { [IDEMPOTENCY_HEADER]: key });

const rows = async (table: typeof hours | typeof chatMessages | typeof rosterItems | typeof vacationRequests) =>
  (await r.t.database.db.select({ n: count() }).from(table))[0].n;

let pastDays = 0;
/** A past planned item of Emma's (the roster refuses to plan past days, so straight into the table). */
async function pastItem(): Promise<string> {
  const [row] = await r.t.database.db
    .insert(rosterItems)
    .values({
      accountId: r.ids.bistro,
      locationId: r.ids.hq,
      date: addDays(today(), -40 - pastDays++),
      membershipId: r.ids.emma,
      dutyId: r.ids.service,
      fromMinutes: 9 * 60,
      untilMinutes: 17 * 60,
      breakMinutes: 30,
    })
    .returning({ id: rosterItems.id });
  return row.id;
}
const times = { from: '09:00', until: '17:00', break: 30 };

/** The creates the tests send twice: the call, a body, and the table that must grow by one row. */
const creates: {
  name: string;
  agent: () => Agent;
  url: () => string;
  body: () => Promise<unknown>;
  table: Parameters<typeof rows>[0];
}[] = [
  {
    name: 'hours registration',
    agent: () => emma,
    url: () => '/api/hours',
    body: async () => ({ item: await pastItem(), ...times }),
    table: hours,
  },
  {
    name: 'chat message',
    agent: () => emma,
    url: () => `/api/channels/${headquarterChat}/chats`,
    body: async () => ({ message: `See you at nine (${newKey()})` }),
    table: chatMessages,
  },
  {
    name: 'roster item',
    agent: () => paula,
    url: () => '/api/items',
    body: async () => ({ location: r.ids.hq, date: futureDay(3, pastDays++ % 5), duty: r.ids.kitchen }),
    table: rosterItems,
  },
  {
    name: 'vacation request',
    agent: () => emma,
    url: () => '/api/vacation',
    body: async () => {
      const day = futureDay(10 + pastDays++, 1);
      return { membership: r.ids.emma, from: day, until: day, duration: 'full', compensation: 'paid' };
    },
    table: vacationRequests,
  },
];

const same = (a: LightMyRequestResponse, b: LightMyRequestResponse) => {
  expect(b.statusCode, b.body).toBe(a.statusCode);
  expect(b.body).toBe(a.body);
};

describe('Idempotency-Key on creates', () => {
  for (const c of creates) {
    it(`${c.name}: the same key again answers the first result, status and body, and creates one row`, async () => {
      const key = newKey();
      const body = await c.body();
      const before = await rows(c.table);
      const first = await send(c.agent(), c.url(), body, key);
      expect(first.statusCode, first.body).toBe(200);
      const again = await send(c.agent(), c.url(), body, key);
      same(first, again);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(await rows(c.table)).toBe(before + 1);
      // Without a key the same body is a new create (or refused as a duplicate by the domain's own rules).
      expect(first.headers['idempotent-replayed']).toBeUndefined();
    });
  }

  it('the same key with another body, or sent to another call, answers 422 IDEMPOTENCY_KEY_REUSED', async () => {
    const key = newKey();
    const url = `/api/channels/${headquarterChat}/chats`;
    expect((await send(emma, url, { message: 'First' }, key)).statusCode).toBe(200);
    const before = await rows(chatMessages);
    const other = await send(emma, url, { message: 'Second' }, key);
    expect([other.statusCode, other.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    const elsewhere = await send(emma, '/api/hours', { item: await pastItem(), ...times }, key);
    expect([elsewhere.statusCode, elsewhere.json().code]).toEqual([422, 'IDEMPOTENCY_KEY_REUSED']);
    expect(await rows(chatMessages)).toBe(before);
    // The same content in another key order is the same request.
    const item = await pastItem();
    const ordered = newKey();
    const a = await send(emma, '/api/hours', { item, ...times }, ordered);
    same(a, await send(emma, '/api/hours', { break: 30, until: '17:00', from: '09:00', item }, ordered));
  });

  it("a key is the member's own: another member's equal key creates their own row", async () => {
    const key = newKey();
    const url = `/api/channels/${headquarterChat}/chats`;
    const before = await rows(chatMessages);
    const mine = await send(emma, url, { message: 'Hello' }, key);
    const leon = await r.as('leon.fischer@example.com');
    const theirs = await send(leon, url, { message: 'Hello' }, key);
    expect([mine.statusCode, theirs.statusCode]).toEqual([200, 200]);
    expect(theirs.json().chat.id).not.toBe(mine.json().chat.id);
    expect(await rows(chatMessages)).toBe(before + 2);
  });

  it('a key older than a day acts as new, and the hourly job drops it', async () => {
    const key = newKey();
    const url = `/api/channels/${headquarterChat}/chats`;
    const first = await send(emma, url, { message: 'Yesterday' }, key);
    const old = new Date(now().getTime() - 25 * 60 * 60 * 1000);
    await r.t.database.db.update(idempotencyKeys).set({ createdAt: old }).where(eq(idempotencyKeys.key, key));
    const before = await rows(chatMessages);
    const later = await send(emma, url, { message: 'Yesterday' }, key);
    expect(later.statusCode, later.body).toBe(200);
    expect(later.json().chat.id).not.toBe(first.json().chat.id);
    expect(await rows(chatMessages)).toBe(before + 1);
    // The new answer replaced the expired one; once it is old too, pruning removes it.
    await r.t.database.db.update(idempotencyKeys).set({ createdAt: old }).where(eq(idempotencyKeys.key, key));
    await pruneIdempotencyKeys(r.t.database.db);
    expect(await r.t.database.db.select().from(idempotencyKeys).where(eq(idempotencyKeys.key, key))).toEqual([]);
  });

  it('two requests with one key at once: one create; the other answers 409 IDEMPOTENCY_IN_PROGRESS or the first result', async () => {
    const key = newKey();
    const body = { item: await pastItem(), ...times };
    const before = await rows(hours);
    const answers = await Promise.all([send(emma, '/api/hours', body, key), send(emma, '/api/hours', body, key)]);
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body).toBe(ok[0].body);
    for (const a of answers.filter((a) => a.statusCode !== 200))
      expect([a.statusCode, a.json().code]).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
    expect(await rows(hours)).toBe(before + 1);
  });

  it('a refused create records nothing: the key answers the corrected request', async () => {
    const key = newKey();
    const item = await pastItem();
    const bad = await send(emma, '/api/hours', { item, from: '10:00', until: '10:00', break: 0 }, key);
    expect([bad.statusCode, bad.json().code]).toEqual([409, 'ERR_EQUAL']);
    const good = await send(emma, '/api/hours', { item, ...times }, key);
    expect(good.statusCode, good.body).toBe(200);
  });

  it('takes the draft’s quoted form, and refuses a malformed key as invalid input', async () => {
    const url = `/api/channels/${headquarterChat}/chats`;
    const key = newKey();
    const quoted = await send(emma, url, { message: 'Quoted' }, `"${key}"`);
    same(quoted, await send(emma, url, { message: 'Quoted' }, key));
    for (const bad of ['with space', 'x'.repeat(300), '"unbalanced']) {
      const res = await send(emma, url, { message: 'Bad key' }, bad);
      expect([res.statusCode, res.json().code]).toEqual([422, 'VALIDATION']);
      expect(res.json().fields).toHaveProperty([IDEMPOTENCY_HEADER]);
    }
  });

  it('every create that takes a key says so in the API document', () => {
    const doc = (r.t.app as unknown as { swagger(): any }).swagger();
    for (const route of IDEMPOTENT_CREATES) {
      const path = route.replace(/:(\w+)/g, '{$1}');
      const parameters: { in: string; name: string; required?: boolean }[] = doc.paths[path]?.post?.parameters ?? [];
      expect(
        parameters.find((p) => p.in === 'header' && p.name === IDEMPOTENCY_HEADER),
        `POST ${route}`,
      ).toMatchObject({ required: false });
    }
  });
});

describe('recorded in the create’s own transaction', () => {
  // Runs after the idempotency hook (registered at start): what it sees, the commit will hold.
  const seen: string[] = [];
  const probe: CommandHook = {
    async beforeCommit(command) {
      const found = await command.tx.select({ key: idempotencyKeys.key }).from(idempotencyKeys);
      seen.push(...found.map((f) => f.key));
    },
  };
  beforeAll(() => registerCommandHook(probe));

  const atomic: { name: string; send: (key: string) => Promise<LightMyRequestResponse> }[] = [
    {
      name: 'hours registration',
      send: async (key) => send(emma, '/api/hours', { item: await pastItem(), ...times }, key),
    },
    {
      name: 'chat message',
      send: (key) => send(emma, `/api/channels/${headquarterChat}/chats`, { message: 'Atomic' }, key),
    },
    {
      name: 'chat channel',
      send: async (key) =>
        send(emma, '/api/channels', { type: 'group', title: 'Atomic', participants: [r.ids.leon] }, key),
    },
  ];
  for (const c of atomic) {
    it(`${c.name}: the key is written before the create commits`, async () => {
      seen.length = 0;
      const key = newKey();
      const res = await c.send(key);
      expect(res.statusCode, res.body).toBe(200);
      expect(seen).toContain(key);
      const [stored] = await r.t.database.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.key, key), eq(idempotencyKeys.membershipId, r.ids.emma)));
      expect(JSON.parse(stored.response)).toEqual(res.json());
    });
  }
});

/**
 * Two servers on one PostgreSQL database, as two instances behind a load balancer: the in-memory guard of each sees
 * only its own requests, so the advisory lock and the table decide.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('one key sent to two instances at once (PostgreSQL)', () => {
  let second: BuiltApp;
  beforeAll(async () => {
    second = await buildApp(testConfig({ webDist: '/nonexistent' }), { database: r.t.database });
    await second.app.ready();
  });
  afterAll(async () => second?.close());

  it('creates one row; every other answer is the first result or 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const emmaThere = agentFor(second.app, emma.cookie, emma.csrfToken);
    const key = newKey();
    const body = { item: await pastItem(), ...times };
    const before = await rows(hours);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => send(i % 2 ? emmaThere : emma, '/api/hours', body, key)),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok.length).toBeGreaterThanOrEqual(1);
    for (const a of ok) expect(a.body).toBe(ok[0].body);
    for (const a of answers.filter((a) => a.statusCode !== 200))
      expect([a.statusCode, a.json().code], a.body).toEqual([409, 'IDEMPOTENCY_IN_PROGRESS']);
    expect(await rows(hours)).toBe(before + 1);
    // Asked again once all have answered: the first result.
    same(ok[0], await send(emmaThere, '/api/hours', body, key));
  });
});

import { weekStart } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { expectForeignIdsNotFound } from '../../../test/app';
import { dayComments, dayNotes, itemMessages } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
let leon: Agent;
let manager: Agent;
let owner: Agent;
beforeAll(async () => {
  r = await setUpRoster();
  [leon, manager, owner] = await Promise.all([
    r.as('leon.fischer@example.com'),
    r.as('manager@example.com'),
    r.as('owner@example.com'),
  ]);
  // The owner also belongs to Corner Store: make sure this session acts in the Bistro.
  await owner.put(`/api/switch/account/${r.ids.bistro}`, {});
});
afterAll(async () => r.t.dispose());

const roster = async (agent: Agent, date: string) => {
  const res = await agent.get(
    `/api/items?scope=planning&location=${r.ids.hq}&date=${weekStart(date, 'monday')}&period=week`,
  );
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const note = (date: string, content: string) => r.planner.put(`/api/locations/${r.ids.hq}/notes/${date}`, { content });
const storedNote = async (date: string) =>
  (
    await r.t.database.db
      .select()
      .from(dayNotes)
      .where(and(eq(dayNotes.locationId, r.ids.hq), eq(dayNotes.date, date)))
  )[0]?.content ?? null;

describe('PUT /api/locations/{location}/notes/{date}', () => {
  it('sets a day note (trimmed), shown in the roster’s notes; setting again replaces it', async () => {
    const date = futureDay(0, 1);
    const res = await note(date, '  Delivery at 9  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ date, content: 'Delivery at 9' });
    expect((await roster(r.planner, date)).notes).toEqual({ [date]: 'Delivery at 9' });
    await note(date, 'Delivery at 10');
    expect((await roster(r.planner, date)).notes[date]).toBe('Delivery at 10');
  });

  it('at most 500 characters: 501 answers 422 and keeps the note', async () => {
    const date = futureDay(0, 2);
    await note(date, 'before');
    expect((await note(date, 'x'.repeat(500))).statusCode).toBe(200);
    const tooLong = await note(date, 'x'.repeat(501));
    expect([tooLong.statusCode, tooLong.json().code]).toEqual([422, 'VALIDATION']);
    expect(await storedNote(date)).toBe('x'.repeat(500));
    // Whitespace around does not count.
    expect((await note(date, `  ${'y'.repeat(500)}  `)).statusCode).toBe(200);
    expect(await storedNote(date)).toBe('y'.repeat(500));
  });

  it('empty content removes the note', async () => {
    const date = futureDay(0, 3);
    await note(date, 'Closed early');
    const res = await note(date, '   ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ date, content: null });
    expect(await storedNote(date)).toBeNull();
    expect((await roster(r.planner, date)).notes[date]).toBeUndefined();
    // Removing what is not there is fine too.
    expect((await note(date, '')).statusCode).toBe(200);
  });
});

describe('day comments: POST /api/messages and DELETE /api/messages/{id}', () => {
  const comment = (agent: Agent, date: string, text: string, location = r.ids.hq) =>
    agent.post('/api/messages', { location, date, comment: text });

  it('stores the comment trimmed, by the author, shown in the roster', async () => {
    const date = futureDay(1, 0);
    const res = await comment(r.planner, date, '  Who has the keys?  ');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ date, user: r.ids.planner, message: 'Who has the keys?' });
    const shown = (await roster(r.planner, date)).comments;
    expect(shown).toEqual([expect.objectContaining({ id: res.json().id, message: 'Who has the keys?' })]);
  });

  it('an empty or too long comment answers 422', async () => {
    const date = futureDay(1, 1);
    for (const text of ['', '   ', 'x'.repeat(501)]) {
      const res = await comment(r.planner, date, text);
      expect([text.length, res.statusCode]).toEqual([text.length, 422]);
    }
    expect(await r.t.database.db.select().from(dayComments).where(eq(dayComments.date, date))).toEqual([]);
  });

  it('owners, managers and planners comment; employees and observers read only (403)', async () => {
    const date = futureDay(1, 2);
    for (const agent of [owner, manager]) expect((await comment(agent, date, 'Inventory day')).statusCode).toBe(200);
    const observer = await r.as('observer@example.com');
    for (const agent of [r.employee, observer]) {
      const res = await comment(agent, date, 'I can swap on Friday');
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect((await comment(r.employee, date, 'Hello', r.ids.storeLocation)).statusCode).toBe(404);
  });

  it('the author, an owner or a manager may delete a comment; an employee or another planner not', async () => {
    const date = futureDay(1, 3);
    const make = async (agent = r.planner) => (await comment(agent, date, 'to be deleted')).json().id as string;
    const gone = async (id: string) =>
      (await r.t.database.db.select().from(dayComments).where(eq(dayComments.id, id))).length === 0;

    const first = await make();
    const byOwner = await make(owner);
    for (const [agent, id] of [
      [leon, first],
      [r.planner, byOwner],
    ] as const) {
      const res = await agent.delete(`/api/messages/${id}`);
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await gone(first)).toBe(false);
    expect((await r.planner.delete(`/api/messages/${first}`)).json()).toEqual({ ok: true });
    expect(await gone(first)).toBe(true);
    expect((await r.planner.delete(`/api/messages/${first}`)).statusCode).toBe(404);

    for (const agent of [owner, manager]) {
      const id = await make();
      const res = await agent.delete(`/api/messages/${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(await gone(id)).toBe(true);
    }
  });
});

describe('item messages: POST /api/item/messages and DELETE /api/item/messages/{id}', () => {
  it('planners and the member assigned may write; others not', async () => {
    const id = await r.item({ date: futureDay(2, 0), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const byPlanner = await r.planner.post('/api/item/messages', { item: id, message: '  Please come at 6:45 ' });
    expect(byPlanner.statusCode, byPlanner.body).toBe(200);
    expect(byPlanner.json()).toMatchObject({ item: id, user: r.ids.planner, message: 'Please come at 6:45' });
    const byEmma = await r.employee.post('/api/item/messages', { item: id, message: 'OK' });
    expect(byEmma.json()).toMatchObject({ item: id, user: r.ids.emma, message: 'OK' });
    expect((await leon.post('/api/item/messages', { item: id, message: 'me too' })).statusCode).toBe(403);
    expect((await r.planner.post('/api/item/messages', { item: id, message: '  ' })).statusCode).toBe(422);
    const stored = await r.t.database.db.select().from(itemMessages).where(eq(itemMessages.itemId, id));
    expect(stored.map((m) => m.message).sort()).toEqual(['OK', 'Please come at 6:45']);
  });

  it('GET lists the messages oldest first, for planners and the member assigned; others are refused', async () => {
    const id = await r.item({ date: futureDay(2, 2), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    expect((await r.planner.get(`/api/item/messages?item=${id}`)).json()).toEqual([]);
    await r.planner.post('/api/item/messages', { item: id, message: 'first' });
    await r.employee.post('/api/item/messages', { item: id, message: 'second' });
    for (const agent of [r.planner, r.employee, manager, owner]) {
      const res = await agent.get(`/api/item/messages?item=${id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().map((m: { message: string }) => m.message)).toEqual(['first', 'second']);
      expect(res.json()[1]).toMatchObject({ item: id, user: r.ids.emma });
    }
    expect((await leon.get(`/api/item/messages?item=${id}`)).statusCode).toBe(403);
    expect((await r.planner.get('/api/item/messages?item=nope')).statusCode).toBe(422);
    expect((await r.planner.get(`/api/item/messages?item=${crypto.randomUUID()}`)).statusCode).toBe(404);
  });

  it('the author, an owner or a manager may delete an item message; another employee not', async () => {
    const id = await r.item({ date: futureDay(2, 1), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const write = async (agent: Agent) =>
      (await agent.post('/api/item/messages', { item: id, message: 'note' })).json().id as string;
    const mine = await write(r.employee);
    expect((await leon.delete(`/api/item/messages/${mine}`)).statusCode).toBe(403);
    expect((await r.employee.delete(`/api/item/messages/${mine}`)).json()).toEqual({ ok: true });
    expect((await r.employee.delete(`/api/item/messages/${mine}`)).statusCode).toBe(404);
    const other = await write(r.employee);
    expect((await manager.delete(`/api/item/messages/${other}`)).statusCode).toBe(200);
    const third = await write(r.planner);
    expect((await owner.delete(`/api/item/messages/${third}`)).statusCode).toBe(200);
    expect(await r.t.database.db.select().from(itemMessages).where(eq(itemMessages.itemId, id))).toEqual([]);
  });
});

describe('tenant isolation', () => {
  it('another account’s locations, comments, items and item messages answer 404', async () => {
    const store = await r.storeOwner();
    const date = futureDay(3, 0);
    const foreignComment = (
      await store.post('/api/messages', { location: r.ids.storeLocation, date, comment: 'store note' })
    ).json().id as string;
    const foreignItem = (
      await store.post('/api/items', { location: r.ids.storeLocation, date, duty: r.ids.storeDuty })
    ).json().item.id as string;
    const foreignMessage = (await store.post('/api/item/messages', { item: foreignItem, message: 'store' })).json()
      .id as string;
    const requests = [
      { method: 'PUT' as const, url: `/api/locations/${r.ids.storeLocation}/notes/${date}`, body: { content: 'x' } },
      { method: 'POST' as const, url: '/api/messages', body: { location: r.ids.storeLocation, date, comment: 'x' } },
      { method: 'DELETE' as const, url: `/api/messages/${foreignComment}` },
      { method: 'POST' as const, url: '/api/item/messages', body: { item: foreignItem, message: 'x' } },
      { method: 'DELETE' as const, url: `/api/item/messages/${foreignMessage}` },
      { method: 'GET' as const, url: `/api/item/messages?item=${foreignItem}` },
    ];
    await expectForeignIdsNotFound(r.planner, requests);
    await expectForeignIdsNotFound(owner, requests);
    await expectForeignIdsNotFound(
      r.employee,
      requests.filter((q) => q.method !== 'PUT'),
    );
    expect(await r.t.database.db.select().from(dayComments).where(eq(dayComments.id, foreignComment))).toHaveLength(1);
    expect(await r.t.database.db.select().from(itemMessages).where(eq(itemMessages.id, foreignMessage))).toHaveLength(
      1,
    );
  });
});

import { eq } from 'drizzle-orm';
import pdfmake from 'pdfmake';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { memberships, users } from '../../db/schema';
import { extraMembers, futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

describe('the planner restriction (names hidden, no choosing of people)', () => {
  it('hides names in a planning the restricted planner does not belong to as well', async () => {
    const date = futureDay(0, 1);
    const id = await r.item({ location: r.ids.cafe, date, duty: r.ids.service, user: r.ids.sophie });
    const [restricted] = await extraMembers(r, {
      count: 1,
      locationId: r.ids.hq,
      dutyIds: [],
      roles: ['planner'],
      prefix: 'restricted',
    });
    await r.t.database.db.update(memberships).set({ plannerRestricted: true }).where(eq(memberships.id, restricted.id));
    const res = await restricted.agent.get(`/api/items?scope=planning&location=${r.ids.cafe}&date=${date}&period=day`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items.find((i: { id: string }) => i.id === id)).toMatchObject({ user: null, assigned: true });
  });

  it('answers applications but does not choose people: 403 on the user tab and the candidates', async () => {
    const [restricted] = await extraMembers(r, {
      count: 1,
      locationId: r.ids.hq,
      dutyIds: [],
      roles: ['planner'],
      prefix: 'restricted2',
    });
    await r.t.database.db.update(memberships).set({ plannerRestricted: true }).where(eq(memberships.id, restricted.id));
    const id = await r.item({ date: futureDay(0, 2), duty: r.ids.service });
    const refused = [
      await restricted.agent.put(`/api/items/${id}/user`, { user: r.ids.mia }),
      await restricted.agent.get(`/api/items/${id}/users`),
      await restricted.agent.post('/api/items', { location: r.ids.hq, date: futureDay(0, 3), user: r.ids.mia }),
    ];
    expect(refused.map((res) => [res.statusCode, res.json().code])).toEqual(Array(3).fill([403, 'FORBIDDEN']));
    const notes = await restricted.agent.put(`/api/items/${id}/notes`, { notes: 'Bring the keys' });
    expect(notes.statusCode, notes.body).toBe(200);
  });
});

describe('names hidden in the printed roster (issue 20)', () => {
  it('prints colleagues as numbers for a restricted planner, and names for others', async () => {
    const date = futureDay(3, 1);
    await r.item({ date, duty: r.ids.service, user: r.ids.mia });
    const [mia] = await r.t.database.db
      .select({ lname: users.lname })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.id, r.ids.mia));
    const [restricted] = await extraMembers(r, {
      count: 1,
      locationId: r.ids.hq,
      dutyIds: [],
      roles: ['planner'],
      prefix: 'restricted3',
    });
    await r.t.database.db.update(memberships).set({ plannerRestricted: true }).where(eq(memberships.id, restricted.id));
    // The PDF's text is glyph ids of a subset font: read what is printed from the document given to pdfmake.
    const printed = vi.spyOn(pdfmake, 'createPdf');
    const textOf = async (agent: typeof r.planner) => {
      printed.mockClear();
      const res = await agent.get(`/api/locations/${r.ids.hq}/print?week=${date}`);
      expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
      return JSON.stringify(printed.mock.calls.map(([doc]) => doc.content));
    };
    try {
      expect(await textOf(r.planner)).toContain(mia.lname);
      const hidden = await textOf(restricted.agent);
      expect(hidden).not.toContain(mia.lname);
      expect(hidden).toContain('Colleague 1');
    } finally {
      printed.mockRestore();
    }
  });
});

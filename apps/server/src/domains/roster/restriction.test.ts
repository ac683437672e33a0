import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberships } from '../../db/schema';
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

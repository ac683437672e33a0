import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const conflictsOf = async (id: string) =>
  (await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id)))[0].conflicts;

describe('conflicts found after the fact', () => {
  it('an availability change marks the member’s items AVAILABILITY, and taking it back clears it', async () => {
    const manager = await r.as('manager@example.com');
    const date = futureDay(1, 1);
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const save = await manager.put('/api/availability', { membership: r.ids.emma, dates: [date], type: 'unavailable' });
    expect(save.statusCode, save.body).toBe(200);
    expect(await conflictsOf(id)).toEqual(['AVAILABILITY']);
    const roster = (
      await r.planner.get(`/api/items?scope=planning&location=${r.ids.hq}&date=${date}&period=day`)
    ).json();
    expect(roster.items.find((i: { id: string }) => i.id === id).conflicts).toEqual(['AVAILABILITY']);
    await manager.delete('/api/availability', { membership: r.ids.emma, dates: [date] });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('a duty taken away from the member marks INVALID_DUTY; a trashed shift INVALID_SHIFT', async () => {
    const manager = await r.as('manager@example.com');
    const id = await r.item({ date: futureDay(2, 1), duty: r.ids.bar, shift: r.ids.late, user: r.ids.emma });
    const holdings = (await manager.get(`/api/memberships/${r.ids.emma}/holdings`)).json();
    const res = await manager.put(`/api/memberships/${r.ids.emma}/holdings`, {
      ...holdings,
      dutyIds: holdings.dutyIds.filter((d: string) => d !== r.ids.bar),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await conflictsOf(id)).toEqual(['INVALID_DUTY']);
    await manager.put(`/api/memberships/${r.ids.emma}/holdings`, holdings);
    expect(await conflictsOf(id)).toEqual([]);
    expect((await manager.put(`/api/shifts/${r.ids.late}`, { trashed: true })).statusCode).toBe(200);
    expect(await conflictsOf(id)).toEqual(['INVALID_SHIFT']);
    await manager.put(`/api/shifts/${r.ids.late}`, { trashed: false });
    expect(await conflictsOf(id)).toEqual([]);
  });

  it('a member set inactive leaves INVALID_USER on their upcoming items; the planner removes it', async () => {
    const manager = await r.as('manager@example.com');
    const id = await r.item({ date: futureDay(3, 1), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await manager.put(`/api/memberships/${r.ids.emma}/status`, { status: 'inactive' });
    expect(await conflictsOf(id)).toEqual(['INVALID_USER']);
    const removed = await r.planner.delete(`/api/items/${id}/conflicts`, { conflict: 'INVALID_USER' });
    expect(removed.json().item.conflicts).toBeNull();
    await manager.put(`/api/memberships/${r.ids.emma}/status`, { status: 'active' });
    expect(await conflictsOf(id)).toEqual([]);
  });
});

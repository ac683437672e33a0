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

  it('an assignment stores the item’s own conflicts, and answers the other items of the person whose codes changed', async () => {
    const manager = await r.as('manager@example.com');
    const date = futureDay(4, 2);
    // Emma does not hold the bar: an early bar duty assigned to her carries INVALID_DUTY at once.
    const holdings = (await manager.get(`/api/memberships/${r.ids.emma}/holdings`)).json();
    await manager.put(`/api/memberships/${r.ids.emma}/holdings`, {
      ...holdings,
      dutyIds: holdings.dutyIds.filter((d: string) => d !== r.ids.bar),
    });
    try {
      const bar = await r.item({ date, duty: r.ids.bar, shift: r.ids.early });
      const assigned = await r.planner.put(`/api/items/${bar}/user`, { user: r.ids.emma, confirmed: true });
      expect(assigned.statusCode, assigned.body).toBe(200);
      expect(assigned.json().item.conflicts).toEqual(['INVALID_DUTY']);
      expect(await conflictsOf(bar)).toEqual(['INVALID_DUTY']);
      expect(assigned.json().revalidated).toEqual([]);

      // Another item of hers that day whose stored codes went stale (written behind the rules' back) is corrected
      // by the next edit that concerns her, and answered as revalidated.
      const late = await r.item({
        date,
        duty: r.ids.service,
        shift: r.ids.late,
        user: r.ids.emma,
        confirmed: 'OVERRULE_REST',
      });
      await r.t.database.db
        .update(rosterItems)
        .set({ conflicts: ['INVALID_USER'] })
        .where(eq(rosterItems.id, late));
      const removed = await r.planner.delete(`/api/items/${bar}/user`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect(removed.json().item.conflicts).toBeNull();
      expect(removed.json().revalidated.map((i: { id: string; conflicts: unknown }) => [i.id, i.conflicts])).toEqual([
        [late, null],
      ]);
      expect(await conflictsOf(late)).toEqual([]);
    } finally {
      await manager.put(`/api/memberships/${r.ids.emma}/holdings`, holdings);
    }
  });

  it('a code the planner removed stays removed through edits that do not touch what it depends on', async () => {
    const manager = await r.as('manager@example.com');
    const id = await r.item({ date: futureDay(5, 1), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await manager.put(`/api/memberships/${r.ids.emma}/status`, { status: 'inactive' });
    try {
      expect(await conflictsOf(id)).toEqual(['INVALID_USER']);
      await r.planner.delete(`/api/items/${id}/conflicts`, { conflict: 'INVALID_USER' });
      const noted = await r.planner.put(`/api/items/${id}/notes`, { notes: 'Bring the keys' });
      expect(noted.statusCode, noted.body).toBe(200);
      expect(noted.json().item.conflicts).toBeNull();
    } finally {
      await manager.put(`/api/memberships/${r.ids.emma}/status`, { status: 'active' });
    }
  });
});

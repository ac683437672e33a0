import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { locations, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const itemsOn = async (date: string) =>
  (await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.date, date))).filter(
    (i) => i.locationId === r.ids.hq,
  );

describe('bulk actions', () => {
  it('copy pastes the selection onto each date, shifted from its first day, with the members', async () => {
    const a = await r.item({ date: futureDay(0, 0), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const b = await r.item({ date: futureDay(0, 1), duty: r.ids.kitchen, shift: r.ids.middle });
    const res = await r.planner.post('/api/items/bulk/paste', {
      items: [a, b],
      mode: 'copy',
      dates: [futureDay(1, 0), futureDay(2, 0)],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().created).toHaveLength(4);
    const copied = await itemsOn(futureDay(1, 0));
    expect(copied).toHaveLength(1);
    expect(copied[0]).toMatchObject({
      membershipId: r.ids.emma,
      dutyId: r.ids.service,
      shiftId: r.ids.early,
      fromMinutes: 420,
    });
    expect(await itemsOn(futureDay(2, 1))).toHaveLength(1);
    expect(await itemsOn(futureDay(0, 0))).toHaveLength(1);
  });

  it('a paste that breaks a member’s rules is refused whole', async () => {
    const a = await r.item({ date: futureDay(3, 0), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await r.item({ date: futureDay(3, 2), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const res = await r.planner.post('/api/items/bulk/paste', {
      items: [a],
      mode: 'copy',
      dates: [futureDay(3, 1), futureDay(3, 2)],
    });
    expect(res.json().code).toBe('ERR_EXISTING_SHIFT');
    expect(await itemsOn(futureDay(3, 1))).toHaveLength(0);
  });

  it('cut moves the selection', async () => {
    const a = await r.item({ date: futureDay(4, 0), duty: r.ids.service });
    const res = await r.planner.post('/api/items/bulk/paste', { items: [a], mode: 'cut', dates: [futureDay(4, 3)] });
    expect(res.json()).toMatchObject({ deleted: [a], created: [expect.any(String)] });
    expect(await itemsOn(futureDay(4, 0))).toHaveLength(0);
    expect(await itemsOn(futureDay(4, 3))).toHaveLength(1);
  });

  it('duplicate adds an open copy on the same day; empty unassigns; delete removes', async () => {
    const a = await r.item({ date: futureDay(5, 0), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const dup = (await r.planner.post('/api/items/bulk/duplicate', { items: [a] })).json();
    expect(dup.created).toHaveLength(1);
    const day = await itemsOn(futureDay(5, 0));
    expect(day.map((i) => i.membershipId).sort()).toEqual([r.ids.emma, null].sort());
    expect((await r.planner.post('/api/items/bulk/empty', { items: [a] })).json().changed).toEqual([a]);
    expect((await itemsOn(futureDay(5, 0))).every((i) => i.membershipId === null)).toBe(true);
    expect(
      (await r.planner.post('/api/items/bulk/delete', { items: [a, dup.created[0]] })).json().deleted,
    ).toHaveLength(2);
    expect(await itemsOn(futureDay(5, 0))).toHaveLength(0);
  });

  it('fill creates open items over a range from a shift, on the chosen weekdays', async () => {
    const res = await r.planner.post('/api/items/bulk/fill', {
      location: r.ids.hq,
      from: futureDay(6, 0),
      until: addDays(futureDay(6, 0), 6),
      shift: r.ids.late,
      duty: r.ids.bar,
      count: 2,
      weekdays: [0, 2, 4],
    });
    expect(res.json().created).toHaveLength(6);
    const wednesday = await itemsOn(futureDay(6, 2));
    expect(wednesday).toHaveLength(2);
    expect(wednesday[0]).toMatchObject({
      shiftId: r.ids.late,
      dutyId: r.ids.bar,
      membershipId: null,
      fromMinutes: 900,
    });
    expect(
      (
        await r.planner.post('/api/items/bulk/fill', {
          location: r.ids.hq,
          from: futureDay(6, 0),
          until: futureDay(6, 0),
        })
      ).statusCode,
    ).toBe(422);
  });

  it('refuses released and past days, and selections with conflicts', async () => {
    const a = await r.item({ date: futureDay(7, 0), duty: r.ids.service });
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: futureDay(7, 1) })
      .where(eq(locations.id, r.ids.hq));
    expect((await r.planner.post('/api/items/bulk/delete', { items: [a] })).json()).toMatchObject({
      code: 'ERR_RELEASED',
      data: { reason: 'released' },
    });
    await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    const past = await r.planner.post('/api/items/bulk/fill', {
      location: r.ids.hq,
      from: addDays(today(), -1),
      until: addDays(today(), -1),
      duty: r.ids.service,
    });
    expect(past.json()).toMatchObject({ code: 'ERR_RELEASED', data: { reason: 'past' } });
    await r.t.database.db
      .update(rosterItems)
      .set({ conflicts: ['INVALID_DUTY'] })
      .where(eq(rosterItems.id, a));
    expect((await r.planner.post('/api/items/bulk/empty', { items: [a] })).json()).toMatchObject({
      code: 'ERR_CONFLICTS',
      data: { items: [a] },
    });
  });

  it('answers the latency error with a reload hint when another planner removed part of the selection', async () => {
    const a = await r.item({ date: futureDay(9, 0), duty: r.ids.service });
    const b = await r.item({ date: futureDay(9, 1), duty: r.ids.service });
    // Someone else deletes b after the roster was loaded.
    expect((await r.planner.post('/api/items/bulk/delete', { items: [b] })).statusCode).toBe(200);
    const res = await r.planner.post('/api/items/bulk/delete', { items: [a, b] });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', data: { reload: true } });
    // Nothing of the selection was touched.
    expect(await itemsOn(futureDay(9, 0))).toHaveLength(1);
  });

  it('is for planners only, and another account’s items answer 404', async () => {
    const a = await r.item({ date: futureDay(8, 0), duty: r.ids.service });
    for (const path of ['duplicate', 'empty', 'delete']) {
      expect((await r.employee.post(`/api/items/bulk/${path}`, { items: [a] })).statusCode).toBe(403);
    }
    const store = await r.storeOwner();
    const foreign = (
      await store.post('/api/items', { location: r.ids.storeLocation, date: futureDay(8, 0), duty: r.ids.storeDuty })
    ).json().item.id;
    await expectForeignIdsNotFound(r.planner, [
      { method: 'POST', url: '/api/items/bulk/duplicate', body: { items: [foreign] } },
      { method: 'POST', url: '/api/items/bulk/empty', body: { items: [foreign] } },
      { method: 'POST', url: '/api/items/bulk/delete', body: { items: [foreign, a] } },
      {
        method: 'POST',
        url: '/api/items/bulk/paste',
        body: { items: [foreign], mode: 'copy', dates: [futureDay(8, 1)] },
      },
      {
        method: 'POST',
        url: '/api/items/bulk/fill',
        body: { location: r.ids.storeLocation, from: futureDay(8, 1), until: futureDay(8, 1), duty: r.ids.service },
      },
      { method: 'PUT', url: `/api/locations/${r.ids.storeLocation}/preset`, body: { from: futureDay(8, 0), weeks: 1 } },
      {
        method: 'POST',
        url: `/api/locations/${r.ids.storeLocation}/preset/apply`,
        body: { from: futureDay(9, 0), until: futureDay(9, 1) },
      },
    ]);
  });
});

describe('preset templates', () => {
  it('saves up to four weeks of a location and applies them to a period', async () => {
    const from = futureDay(10, 0);
    await r.item({ date: from, duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await r.item({ date: futureDay(10, 2), duty: r.ids.kitchen, shift: r.ids.late });
    const saved = await r.planner.put(`/api/locations/${r.ids.hq}/preset`, { from: futureDay(10, 3), weeks: 1 });
    expect(saved.json()).toEqual({ weeks: 1, items: 2 });
    expect((await r.planner.put(`/api/locations/${r.ids.hq}/preset`, { from, weeks: 5 })).statusCode).toBe(422);

    const preset = (await r.planner.get(`/api/items?scope=preset&location=${r.ids.hq}`)).json();
    expect(preset.days).toHaveLength(7);
    expect(preset.items.map((i: { date: string }) => i.date).sort()).toEqual(['2001-01-01', '2001-01-03']);
    expect((await r.employee.get(`/api/items?scope=preset&location=${r.ids.hq}`)).statusCode).toBe(403);

    const applied = await r.planner.post(`/api/locations/${r.ids.hq}/preset/apply`, {
      from: futureDay(11, 0),
      until: addDays(futureDay(11, 0), 13),
    });
    expect(applied.json()).toEqual({ created: 4, unassigned: 0 });
    expect(await itemsOn(futureDay(12, 2))).toHaveLength(1);
    expect((await itemsOn(futureDay(11, 0)))[0].membershipId).toBe(r.ids.emma);

    // Applied again, the same member cannot take the same shift twice: the items come open.
    const again = await r.planner.post(`/api/locations/${r.ids.hq}/preset/apply`, {
      from: futureDay(11, 0),
      until: futureDay(11, 0),
    });
    expect(again.json()).toEqual({ created: 1, unassigned: 1 });
  });
});

import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { locations, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from '../roster/testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const propose = (body: object, location = r.ids.hq) => r.planner.post(`/api/locations/${location}/matching`, body);

describe('matching wizard API', () => {
  it('proposes members for the open items of a period, explained, and applies them through the manual rules', async () => {
    const from = futureDay(0, 0);
    const until = futureDay(0, 4);
    const dateOf = new Map<string, string>();
    for (let d = 0; d < 5; d++) {
      dateOf.set(await r.item({ date: futureDay(0, d), duty: r.ids.service, shift: r.ids.early }), futureDay(0, d));
      dateOf.set(await r.item({ date: futureDay(0, d), duty: r.ids.kitchen, shift: r.ids.late }), futureDay(0, d));
    }
    for (const mode of ['fast', 'exact', 'auto']) {
      const res = await propose({ from, until, mode });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.assignments.length + body.open.length).toBe(10);
      expect(body.assignments.length).toBeGreaterThanOrEqual(8);
      expect(body.stats.items).toBe(10);
      const first = body.assignments[0];
      expect(first.explanation).toMatchObject({
        holdsDuty: true,
        minutes: expect.any(Number),
        alternatives: expect.any(Number),
      });
      // Never the same person twice on a day (one item a day by default): each person-day appears once.
      const personDays = body.assignments.map((a: { item: string; user: string }) => `${a.user}:${dateOf.get(a.item)}`);
      expect(personDays.every((k: string) => !k.endsWith(':undefined'))).toBe(true);
      expect(new Set(personDays).size).toBe(personDays.length);
    }
    const proposal = (await propose({ from, until, mode: 'fast' })).json();
    const applied = (
      await r.planner.post(`/api/locations/${r.ids.hq}/matching/apply`, {
        assignments: proposal.assignments.map((a: { item: string; user: string }) => ({ item: a.item, user: a.user })),
      })
    ).json();
    expect(applied.conflicts).toEqual([]);
    expect(applied.applied).toHaveLength(proposal.assignments.length);
    const rows = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.locationId, r.ids.hq));
    for (const a of proposal.assignments) expect(rows.find((x) => x.id === a.item)?.membershipId).toBe(a.user);
  });

  it('re-checks at apply time and reports what conflicts by then', async () => {
    const date = futureDay(1, 0);
    const a = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    const b = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    const proposal = (await propose({ from: date, until: date, mode: 'fast' })).json();
    expect(proposal.assignments).toHaveLength(2);
    const [first, second] = (proposal.assignments as { item: string; user: string }[]).map(({ item, user }) => ({
      item,
      user,
    }));
    // Meanwhile a planner gives the first person another early shift that day, and takes the second item.
    await r.item({ date, duty: r.ids.service, shift: r.ids.early, user: first.user });
    await r.planner.put(`/api/items/${second.item}/user`, { user: r.ids.anna, confirmed: true });
    const applied = (
      await r.planner.post(`/api/locations/${r.ids.hq}/matching/apply`, { assignments: [first, second] })
    ).json();
    expect(applied.applied).toEqual([]);
    expect(applied.conflicts).toEqual([
      { ...first, code: 'ERR_EXISTING_SHIFT' },
      { ...second, code: 'ERR_ITEM_TAKEN' },
    ]);
    expect([a, b]).toContain(first.item);
  });

  it('starts after the release date and not in the past', async () => {
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: futureDay(2, 2) })
      .where(eq(locations.id, r.ids.hq));
    const refused = await propose({ from: futureDay(2, 2), until: futureDay(2, 4) });
    expect(refused.json()).toMatchObject({ code: 'ERR_RELEASED', data: { reason: 'released' } });
    expect((await propose({ from: futureDay(2, 3), until: futureDay(2, 4) })).statusCode).toBe(200);
    await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    expect((await propose({ from: addDays(today(), -1), until: today() })).json().code).toBe('ERR_RELEASED');
    expect((await propose({ from: futureDay(3, 0), until: addDays(futureDay(3, 0), 70) })).statusCode).toBe(422);
  });

  it('is for planners; another account’s location answers 404', async () => {
    const res = await r.employee.post(`/api/locations/${r.ids.hq}/matching`, {
      from: futureDay(4, 0),
      until: futureDay(4, 1),
    });
    expect(res.statusCode).toBe(403);
    expect(
      (
        await r.employee.post(`/api/locations/${r.ids.hq}/matching/apply`, {
          assignments: [{ item: r.ids.hq, user: r.ids.emma }],
        })
      ).statusCode,
    ).toBe(403);
    await expectForeignIdsNotFound(r.planner, [
      {
        method: 'POST',
        url: `/api/locations/${r.ids.storeLocation}/matching`,
        body: { from: futureDay(4, 0), until: futureDay(4, 1) },
      },
      {
        method: 'POST',
        url: `/api/locations/${r.ids.storeLocation}/matching/apply`,
        body: { assignments: [{ item: r.ids.hq, user: r.ids.emma }] },
      },
    ]);
  });
});

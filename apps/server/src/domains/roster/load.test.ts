import { compactRoster, RosterCompactResponse, RosterResponse } from '@app/contracts';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemApplications, locations, memberships, rosterItems, tags } from '../../db/schema';
import { extraMembers, futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

describe('the compact roster load (built from the rows, not from the full form)', () => {
  it('carries exactly what compactRoster makes of the full answer, for planners, restricted planners, employees and observers', async () => {
    const db = r.t.database.db;
    const employee = await r.memberId('employee@example.com');
    // A week of items at Headquarter: assigned (the employee on some days only, so names depend on the day), open,
    // with the fields an item seldom has, with applications, sick; the first days released, the rest not.
    const ids: string[] = [];
    for (let day = 0; day < 6; day++) {
      const date = futureDay(0, day);
      ids.push(await r.item({ date, duty: r.ids.service, shift: r.ids.early, user: r.ids.mia }));
      ids.push(await r.item({ date, duty: r.ids.kitchen, shift: r.ids.late, user: r.ids.leon }));
      if (day % 2 === 0) ids.push(await r.item({ date, duty: r.ids.service, shift: r.ids.middle, user: employee }));
      ids.push(await r.item({ date, duty: r.ids.bar }));
    }
    const someTags = await db.select().from(tags).where(eq(tags.accountId, r.ids.bistro)).limit(2);
    await db
      .update(rosterItems)
      .set({
        notes: 'Keys "at" the bar',
        internal: 'Trial shift',
        conflicts: ['AVAILABILITY'],
        tagIds: someTags.map((t) => t.id),
        pendingConfirmation: true,
      })
      .where(inArray(rosterItems.id, [ids[0], ids[3], ids[5]]));
    await db
      .update(rosterItems)
      .set({ flag: 'sick', sick: { percentage: 100, cost: 1234, code: 'K' } })
      .where(eq(rosterItems.id, ids[1]));
    await db.insert(itemApplications).values([
      { itemId: ids[3], membershipId: r.ids.lukas, accepted: null },
      { itemId: ids[3], membershipId: employee, accepted: true },
    ]);
    await db
      .update(locations)
      .set({ releasedUntil: futureDay(0, 3) })
      .where(eq(locations.id, r.ids.hq));
    const [restricted] = await extraMembers(r, {
      count: 1,
      locationId: r.ids.hq,
      dutyIds: [],
      roles: ['planner'],
      prefix: 'compact-restricted',
    });
    await db.update(memberships).set({ plannerRestricted: true }).where(eq(memberships.id, restricted.id));
    const viewers = {
      planner: r.planner,
      restricted: restricted.agent,
      employee: r.employee,
      observer: await r.as('observer@example.com'),
    };
    const seen: Record<string, { items: number; hidden: number; extras: number }> = {};
    for (const [who, agent] of Object.entries(viewers)) {
      for (const period of ['day', 'week', '4weeks']) {
        const url = `/api/items?scope=planning&location=${r.ids.hq}&date=${futureDay(0, 0)}&period=${period}`;
        const full = await agent.get(url);
        const compact = await agent.get(`${url}&compact=1`);
        expect([full.statusCode, compact.statusCode], `${who} ${period}`).toEqual([200, 200]);
        const fullBody = RosterResponse.parse(full.json());
        // Byte for byte: the same fields in the same order.
        expect(compact.body, `${who} ${period}`).toBe(JSON.stringify(compactRoster(fullBody, r.ids.hq)));
        expect(RosterCompactResponse.parse(compact.json())).toEqual(compact.json());
        if (period === 'week') {
          seen[who] = {
            items: fullBody.items.length,
            hidden: fullBody.items.filter((i) => i.assigned && i.user === null).length,
            extras: fullBody.items.filter((i) => i.tags.length > 0 || i.applications.length > 0 || i.hour).length,
          };
        }
      }
    }
    // The comparison met what it is about: hidden names, unreleased days left out, the seldom fields.
    expect(seen.planner).toMatchObject({ items: ids.length, hidden: 0 });
    expect(seen.restricted.hidden).toBeGreaterThan(0);
    expect(seen.employee.items).toBeLessThan(ids.length);
    expect(seen.employee.extras).toBeGreaterThan(0);
    expect(seen.planner.extras).toBeGreaterThan(0);
  });
});

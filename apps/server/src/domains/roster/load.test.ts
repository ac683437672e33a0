import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { compactRoster, RosterCompactResponse, RosterItemsResponse, RosterResponse } from '@app/contracts';
import { addDays } from '@app/domain';
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

describe('roster items by id (what a realtime event named)', () => {
  it('answers them as the load shows them to each viewer, and leaves out what the viewer may not see', async () => {
    const db = r.t.database.db;
    const employee = await r.memberId('employee@example.com');
    const ids: string[] = [];
    for (let day = 0; day < 4; day++) {
      const date = futureDay(2, day);
      ids.push(await r.item({ date, duty: r.ids.service, shift: r.ids.early, user: r.ids.mia }));
      if (day % 2 === 0) ids.push(await r.item({ date, duty: r.ids.service, shift: r.ids.middle, user: employee }));
      ids.push(await r.item({ date, duty: r.ids.bar }));
    }
    await db.update(rosterItems).set({ internal: 'Trial shift' }).where(eq(rosterItems.id, ids[0]));
    await db.insert(itemApplications).values([{ itemId: ids[2], membershipId: r.ids.lukas, accepted: null }]);
    // The first two days released: employees see only those.
    await db
      .update(locations)
      .set({ releasedUntil: futureDay(2, 1) })
      .where(eq(locations.id, r.ids.hq));
    // An item of another account, asked for beside ours.
    const store = await r.storeOwner();
    const foreign = await store.post('/api/items', {
      location: r.ids.storeLocation,
      date: futureDay(2, 0),
      duty: r.ids.storeDuty,
    });
    expect(foreign.statusCode).toBe(200);
    const foreignId = foreign.json().item.id as string;
    const asked = [...ids, foreignId].join(',');

    const viewers = { planner: r.planner, employee: r.employee, observer: await r.as('observer@example.com') };
    const byId = (items: { id: string }[]) => [...items].sort((a, b) => a.id.localeCompare(b.id));
    const counts: Record<string, number> = {};
    for (const [who, agent] of Object.entries(viewers)) {
      const load = await agent.get(
        `/api/items?scope=planning&location=${r.ids.hq}&date=${futureDay(2, 0)}&period=week`,
      );
      expect(load.statusCode, who).toBe(200);
      const expected = RosterResponse.parse(load.json()).items.filter((i) => ids.includes(i.id));
      const res = await agent.get(`/api/locations/${r.ids.hq}/items?ids=${asked}`);
      expect(res.statusCode, who).toBe(200);
      const body = RosterItemsResponse.parse(res.json());
      expect(byId(body.items), who).toEqual(byId(expected));
      expect(body.items.map((i) => i.id)).not.toContain(foreignId);
      counts[who] = body.items.length;
    }
    expect(counts.planner).toBe(ids.length);
    expect(counts.employee).toBeLessThan(ids.length);
    expect(counts.employee).toBeGreaterThan(0);

    // Another account's location is gone for this account, as for the load; and the other account gets none of ours.
    expect((await r.planner.get(`/api/locations/${r.ids.storeLocation}/items?ids=${foreignId}`)).statusCode).toBe(409);
    const theirs = await store.get(`/api/locations/${r.ids.storeLocation}/items?ids=${asked}`);
    expect(theirs.statusCode).toBe(200);
    expect(RosterItemsResponse.parse(theirs.json()).items.map((i) => i.id)).toEqual([foreignId]);
    // A deleted item is simply not there.
    expect((await r.planner.delete(`/api/items/${ids[1]}?force=true`)).statusCode).toBe(200);
    const after = await r.planner.get(`/api/locations/${r.ids.hq}/items?ids=${ids[0]},${ids[1]}`);
    expect(RosterItemsResponse.parse(after.json()).items.map((i) => i.id)).toEqual([ids[0]]);
    // Not a list of ids, or too many: refused at the boundary.
    expect((await r.planner.get(`/api/locations/${r.ids.hq}/items?ids=x`)).statusCode).toBe(422);
    const many = Array.from({ length: 101 }, () => ids[0]).join(',');
    expect((await r.planner.get(`/api/locations/${r.ids.hq}/items?ids=${many}`)).statusCode).toBe(422);
  });
});

describe("the members' roles in the load (the grid groups its rows by them)", () => {
  it('planners get each member their roles; employees none', async () => {
    const url = `/api/items?scope=planning&location=${r.ids.hq}&date=${futureDay(0, 0)}&period=week`;
    const planned = RosterResponse.parse((await r.planner.get(url)).json());
    const people = Object.values(planned.users);
    expect(people.length).toBeGreaterThan(0);
    for (const person of people) expect(person.roles?.length, person.id).toBeGreaterThan(0);
    const employee = await r.memberId('employee@example.com');
    expect(planned.users[employee]?.roles).toContain('user');
    const seen = RosterResponse.parse((await r.employee.get(url)).json());
    expect(Object.values(seen.users).every((u) => u.roles === undefined)).toBe(true);
  });
});

describe("a big period's answer on the wire", () => {
  it('goes out compressed (br, else gzip), with its length, and unpacks to the same answer', async () => {
    // Four weeks of open items at Headquarter, 40 a day: an answer of a few hundred kilobytes, as a big planning's.
    const first = futureDay(8, 0);
    await r.t.database.db.insert(rosterItems).values(
      Array.from({ length: 28 * 40 }, (_, i) => ({
        accountId: r.ids.bistro,
        locationId: r.ids.hq,
        date: addDays(first, i % 28),
        dutyId: r.ids.service,
        notes: `Open duty ${i}`,
      })),
    );
    for (const compact of ['', '&compact=1']) {
      const url = `/api/items?scope=planning&location=${r.ids.hq}&date=${first}&period=4weeks${compact}`;
      const plain = await r.planner.request('GET', url, undefined, { 'accept-encoding': 'identity' });
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.rawPayload.length, url).toBeGreaterThan(64 * 1024);
      // What a browser sends (Chromium over HTTP and HTTPS alike), and gzip alone.
      const br = await r.planner.request('GET', url, undefined, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding'], url).toBe('br');
      expect(br.headers['content-type']).toMatch(/^application\/json/);
      expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
      expect(br.rawPayload.length * 4, url).toBeLessThan(plain.rawPayload.length);
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain.body);
      const gzip = await r.planner.request('GET', url, undefined, { 'accept-encoding': 'gzip' });
      expect(gzip.headers['content-encoding'], url).toBe('gzip');
      expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain.body);
    }
  });
});

describe('one\'s own duties first (`mine=1`, "my duties" on a phone)', () => {
  it("answers the load with only the viewer's own items, the rest as the whole load; the load's refusals", async () => {
    const db = r.t.database.db;
    const employee = await r.memberId('employee@example.com');
    const mine: string[] = [];
    for (let day = 0; day < 3; day++) {
      const date = futureDay(4, day);
      await r.item({ date, duty: r.ids.service, shift: r.ids.early, user: r.ids.mia });
      await r.item({ date, duty: r.ids.bar });
      mine.push(await r.item({ date, duty: r.ids.service, shift: r.ids.middle, user: employee }));
    }
    await db
      .update(locations)
      .set({ releasedUntil: futureDay(5, 0) })
      .where(eq(locations.id, r.ids.hq));
    const url = `/api/items?scope=planning&location=${r.ids.hq}&date=${futureDay(4, 0)}&period=week`;
    const full = RosterResponse.parse((await r.employee.get(url)).json());
    const own = await r.employee.get(`${url}&mine=1`);
    expect(own.statusCode).toBe(200);
    const body = RosterResponse.parse(own.json());
    expect(body.items.map((i) => i.id).sort()).toEqual([...mine].sort());
    expect(full.items.length).toBeGreaterThan(mine.length);
    // The items as the whole load shows them, and the rest of the answer the same.
    expect(body.items).toEqual(full.items.filter((i) => i.user === employee));
    expect({ ...body, items: [], offers: undefined, stats: undefined }).toEqual({
      ...full,
      items: [],
      offers: undefined,
      stats: undefined,
    });
    // The compact form, as the web asks for it.
    const compact = RosterCompactResponse.parse((await r.employee.get(`${url}&mine=1&compact=1`)).json());
    expect(compact.items).toHaveLength(mine.length);
    // A planner's own items too: not the planning's.
    const planners = RosterResponse.parse((await r.planner.get(`${url}&mine=1`)).json());
    const plannerId = await r.memberId('planner@example.com');
    expect(planners.items.every((i) => i.user === plannerId)).toBe(true);

    // The load's refusals: another account's location is gone (409); a planning the employee does not belong to,
    // refused (403); not `0` or `1`, refused at the boundary.
    const foreign = `/api/items?scope=planning&location=${r.ids.storeLocation}&period=week&mine=1`;
    expect((await r.employee.get(foreign)).statusCode).toBe(409);
    const cafe = `/api/items?scope=planning&location=${r.ids.cafe}&period=week&mine=1`;
    expect((await r.employee.get(cafe)).statusCode).toBe(
      (await r.employee.get(cafe.replace('&mine=1', ''))).statusCode,
    );
    expect((await r.employee.get(`${url}&mine=yes`)).statusCode).toBe(422);
  });
});

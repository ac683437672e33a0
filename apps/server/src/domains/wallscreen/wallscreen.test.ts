import { addDays, now, todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, locations } from '../../db/schema';
import { type RosterTest, setUpRoster, TIME_ZONE } from '../roster/testkit';

let r: RosterTest;
const date = () => todayIn(TIME_ZONE, now());

async function setModules(change: (modules: string[]) => string[], accountId = r.ids.bistro) {
  const db = r.t.database.db;
  const [account] = await db.select().from(accounts).where(eq(accounts.id, accountId));
  await db
    .update(accounts)
    .set({ modules: change(account.modules) as (typeof account.modules)[number][] })
    .where(eq(accounts.id, accountId));
}

beforeAll(async () => {
  r = await setUpRoster();
  await setModules((m) => [...new Set([...m, 'dashboard'])]);
});
afterAll(async () => r.t.dispose());

/** The wall screen's API call behind the page address the planner was given. */
const apiOf = (url: string) => {
  const [, , , id, token] = new URL(url).pathname.split('/');
  return `/api/wall-screens/${id}/${token}`;
};
const open = (url: string) => r.t.app.inject({ method: 'GET', url: apiOf(url) });

describe('wall screens', () => {
  it("shows the planning's released duties of today without a session, with names and each duty's state", async () => {
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: addDays(date(), 7) })
      .where(eq(locations.id, r.ids.hq));
    const working = await r.item({
      date: date(),
      duty: r.ids.bar,
      times: { start: '00:00', end: '23:45', break: 0 },
      user: r.ids.emma,
    });
    const openDuty = await r.item({
      date: date(),
      duty: r.ids.service,
      times: { start: '00:00', end: '23:45', break: 0 },
    });

    expect((await r.planner.get(`/api/locations/${r.ids.hq}/wall-screen`)).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const made = await r.planner.post(`/api/locations/${r.ids.hq}/wall-screen`, {});
    expect(made.statusCode, made.body).toBe(200);
    const { url } = made.json();
    expect(new URL(url).pathname).toMatch(/^\/en\/dashboard\/[0-9a-f-]{36}\/[A-Za-z0-9_-]{32}$/);
    expect((await r.planner.get(`/api/locations/${r.ids.hq}/wall-screen`)).json()).toMatchObject({ active: true });

    const res = await open(url);
    expect(res.statusCode, res.body).toBe(200);
    const view = res.json();
    expect(view).toMatchObject({ planning: 'Headquarter', date: date(), released: true, timeZone: TIME_ZONE });
    const byId = new Map(view.entries.map((e: { item: string }) => [e.item, e]));
    expect(byId.get(working)).toMatchObject({ state: 'working', person: { id: r.ids.emma }, duty: { name: 'Bar' } });
    expect((byId.get(working) as { person: { name: string } }).person.name).toMatch(/\w+ \w+/);
    expect(byId.get(openDuty)).toMatchObject({ state: 'open', person: null });
    // Only this planning's duties.
    expect(view.entries.every((e: { location: { id: string } }) => e.location.id === r.ids.hq)).toBe(true);
  });

  it('shows nothing of a day not released yet, and says so', async () => {
    await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    const { url } = (await r.planner.post(`/api/locations/${r.ids.hq}/wall-screen`, {})).json();
    expect((await open(url)).json()).toMatchObject({ released: false, entries: [] });
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: addDays(date(), 7) })
      .where(eq(locations.id, r.ids.hq));
  });

  it('stops answering (404) when renewed, revoked, with a wrong secret or with the module off', async () => {
    const first = (await r.planner.post(`/api/locations/${r.ids.hq}/wall-screen`, {})).json().url;
    const second = (await r.planner.post(`/api/locations/${r.ids.hq}/wall-screen`, {})).json().url;
    expect((await open(first)).statusCode).toBe(404);
    expect((await open(second)).statusCode).toBe(200);
    // The same screen id with another secret.
    const wrong = apiOf(second).replace(/\/[^/]+$/, `/${'b'.repeat(32)}`);
    expect((await r.t.app.inject({ method: 'GET', url: wrong })).json()).toMatchObject({ code: 'NOT_FOUND' });

    await setModules((m) => m.filter((k) => k !== 'dashboard'));
    expect((await open(second)).statusCode).toBe(404);
    expect((await r.planner.get(`/api/locations/${r.ids.hq}/wall-screen`)).json()).toMatchObject({
      code: 'MODULE_INACTIVE',
    });
    await setModules((m) => [...m, 'dashboard']);
    expect((await open(second)).statusCode).toBe(200);

    const revoked = await r.planner.delete(`/api/locations/${r.ids.hq}/wall-screen`);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await open(second)).statusCode).toBe(404);
    expect((await r.planner.get(`/api/locations/${r.ids.hq}/wall-screen`)).json()).toMatchObject({ active: false });
  });

  it('is refused to an employee (403) and another account’s planning answers 404', async () => {
    expect((await r.employee.post(`/api/locations/${r.ids.hq}/wall-screen`, {})).json()).toMatchObject({
      code: 'FORBIDDEN',
    });
    // The other account uses wall screens too: its owner is stopped by the planning's account, not the module.
    await setModules((m) => [...new Set([...m, 'dashboard'])], r.ids.store);
    const store = await r.storeOwner();
    const res = await store.post(`/api/locations/${r.ids.hq}/wall-screen`, {});
    expect(res.statusCode).toBe(404);
  });
});

import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { accounts, activityLog } from '../../db/schema';
import { type RosterTest, setUpRoster, today } from '../roster/testkit';

let r: RosterTest;
let owner: Agent;
let manager: Agent;
let item: string;
beforeAll(async () => {
  r = await setUpRoster();
  [owner, manager] = await Promise.all([r.as('owner@example.com'), r.as('manager@example.com')]);
  await r.t.database.db.update(accounts).set({ special: true }).where(eq(accounts.id, r.ids.bistro));
  item = await r.item({ date: addDays(today(), 50), duty: r.ids.service, shift: r.ids.early });
  await r.planner.put(`/api/items/${item}/notes`, { notes: 'Bring keys' });
  await manager.post('/api/tags', { name: 'Logged tag' });
});
afterAll(async () => r.t.dispose());

describe('GET /api/activity-log', () => {
  it('answers the last 30 days of changes, newest first, with who, what, before and after', async () => {
    const res = await owner.get('/api/activity-log');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const notes = body.entries.find((e: { action: string }) => e.action === 'notes');
    expect(notes).toMatchObject({
      kind: 'item',
      entityId: item,
      person: { id: r.ids.planner, name: expect.any(String) },
      location: { id: r.ids.hq, name: 'Headquarter' },
      before: expect.objectContaining({ notes: null }),
      after: expect.objectContaining({ notes: 'Bring keys' }),
    });
    const at = body.entries.map((e: { at: string }) => e.at);
    expect([...at].sort().reverse()).toEqual(at);
    expect(body.kinds).toEqual(expect.arrayContaining(['item', 'tag']));
    expect(body.people.map((p: { id: string }) => p.id)).toEqual(
      expect.arrayContaining([r.ids.planner, r.ids.manager]),
    );
    // The ids the rows refer to come with their names: the item's duty, shift and planning.
    expect(body.names).toMatchObject({
      [r.ids.service]: expect.any(String),
      [r.ids.early]: expect.any(String),
      [r.ids.hq]: 'Headquarter',
    });
  });

  it('names only this account’s things: an id of another account stays unnamed', async () => {
    const store = await r.storeOwner();
    const storeLocations = (await store.get('/api/locations')).json().locations as { id: string }[];
    await r.t.database.db.insert(activityLog).values({
      accountId: r.ids.bistro,
      membershipId: r.ids.manager,
      entity: 'item',
      action: 'update',
      before: { locationId: storeLocations[0].id, tagIds: ['not-an-id'] },
      after: { locationId: r.ids.cafe },
      at: new Date(Date.parse(`${today()}T12:00:00Z`)),
    });
    const body = (await owner.get('/api/activity-log?kind=item')).json();
    expect(body.names[r.ids.cafe]).toEqual(expect.any(String));
    expect(body.names[storeLocations[0].id]).toBeUndefined();
    expect(body.names['not-an-id']).toBeUndefined();
  });

  it('filters by person, planning and kind', async () => {
    const byManager = (await manager.get(`/api/activity-log?person=${r.ids.manager}`)).json();
    expect(byManager.entries.length).toBeGreaterThan(0);
    expect(byManager.entries.every((e: { person: { id: string } }) => e.person.id === r.ids.manager)).toBe(true);
    const tags = (await owner.get('/api/activity-log?kind=tag')).json();
    expect(tags.entries.every((e: { kind: string }) => e.kind === 'tag')).toBe(true);
    const hq = (await owner.get(`/api/activity-log?location=${r.ids.hq}`)).json();
    expect(hq.entries.length).toBeGreaterThan(0);
    expect(hq.entries.every((e: { location: { id: string } }) => e.location?.id === r.ids.hq)).toBe(true);
    const cafe = (await owner.get(`/api/activity-log?location=${r.ids.cafe}&kind=item`)).json();
    expect(cafe.entries.some((e: { entityId: string }) => e.entityId === item)).toBe(false);
  });

  it('leaves out entries older than 30 days', async () => {
    await r.t.database.db.insert(activityLog).values({
      accountId: r.ids.bistro,
      membershipId: r.ids.manager,
      entity: 'ancient',
      action: 'update',
      at: new Date(Date.parse(`${addDays(today(), -31)}T12:00:00Z`)),
    });
    const body = (await owner.get('/api/activity-log')).json();
    expect(body.kinds).not.toContain('ancient');
  });

  it('is for owners and managers of a special account; other ids answer 404', async () => {
    expect((await r.planner.get('/api/activity-log')).statusCode).toBe(403);
    expect((await r.employee.get('/api/activity-log')).statusCode).toBe(403);
    expect((await owner.get(`/api/activity-log?person=${r.ids.storeMember}`)).statusCode).toBe(404);
    expect((await owner.get(`/api/activity-log?location=${r.ids.storeLocation}`)).statusCode).toBe(404);
    expect((await owner.get('/api/activity-log?person=nope')).statusCode).toBe(422);
    await r.t.database.db.update(accounts).set({ special: false }).where(eq(accounts.id, r.ids.bistro));
    expect((await owner.get('/api/activity-log')).statusCode).toBe(403);
    await r.t.database.db.update(accounts).set({ special: true }).where(eq(accounts.id, r.ids.bistro));
  });
});

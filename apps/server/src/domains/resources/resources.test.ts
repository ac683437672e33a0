import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, expectForeignIdsNotFound, type TestApp } from '../../../test/app';
import { setUpModules, switchModules } from '../../../test/modules';
import { resources, rosterItems } from '../../db/schema';
import { type RosterIds, today } from '../roster/testkit';

let t: TestApp;
let owner: Agent;
let planner: Agent;
let employee: Agent;
let ids: RosterIds;

beforeAll(async () => {
  ({ t, ids, owner, planner, employee } = await setUpModules(['resources']));
});
const modules = (accountId: string, on: boolean) => switchModules(t.database.db, accountId, ['resources'], on);
afterAll(async () => t.dispose());

async function newVan(body: Record<string, unknown> = {}) {
  const res = await planner.post('/api/resources', { name: `Van ${Math.random()}`, kind: 'vehicle', ...body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json();
}

async function newItem(date: string, start: string, end: string) {
  const res = await planner.post('/api/items', {
    location: ids.hq,
    date,
    duty: ids.service,
    times: { start, end, break: 0 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().item;
}

describe('resources', () => {
  it('a planner keeps a vehicle with a type, capacity and plate; the fields are checked', async () => {
    const res = await planner.post('/api/resources', {
      name: 'Transit 1',
      kind: 'vehicle',
      type: 'Van',
      capacity: 9,
      identifier: 'B-TR 101',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ name: 'Transit 1', kind: 'vehicle', type: 'Van', capacity: 9, upcoming: 0 });
    const id = res.json().id;
    expect((await planner.post('/api/resources', { name: 'X', kind: 'rocket' })).statusCode).toBe(422);
    expect((await planner.post('/api/resources', { name: 'X', kind: 'vehicle', capacity: 0 })).statusCode).toBe(422);
    expect((await planner.post('/api/resources', { name: '', kind: 'equipment' })).statusCode).toBe(422);

    const changed = await planner.put(`/api/resources/${id}`, { kind: 'equipment', type: '', capacity: null });
    expect(changed.json()).toMatchObject({ kind: 'equipment', type: null, capacity: null });
    expect((await planner.get('/api/resources?q=transit')).json().resources.map((r: { id: string }) => r.id)).toEqual([
      id,
    ]);
    await planner.put(`/api/resources/${id}`, { archived: true });
    expect((await planner.get('/api/resources?q=transit')).json().resources).toEqual([]);
    expect((await planner.get('/api/resources?archived=true&q=transit')).json().resources).toHaveLength(1);
    expect((await planner.delete(`/api/resources/${id}`)).statusCode).toBe(200);
    expect((await planner.get(`/api/resources/${id}`)).statusCode).toBe(404);
  });

  it('puts a vehicle on items; two overlapping items with it both warn RESOURCE until one lets it go', async () => {
    const van = await newVan({ type: 'Van', capacity: 3 });
    const date = addDays(today(), 3);
    const first = await newItem(date, '08:00', '12:00');
    const second = await newItem(date, '11:00', '15:00');
    const later = await newItem(date, '15:00', '18:00');

    const onFirst = await planner.put(`/api/items/${first.id}/resource`, { resource: van.id });
    expect(onFirst.statusCode, onFirst.body).toBe(200);
    expect(onFirst.json().item).toMatchObject({ resource: van.id });
    expect(onFirst.json().item.conflicts ?? []).not.toContain('RESOURCE');

    const onSecond = await planner.put(`/api/items/${second.id}/resource`, { resource: van.id });
    expect(onSecond.json().item.conflicts).toContain('RESOURCE');
    expect(onSecond.json().revalidated).toEqual([
      expect.objectContaining({ id: first.id, conflicts: expect.arrayContaining(['RESOURCE']) }),
    ]);
    // Back to back is no clash.
    const onLater = await planner.put(`/api/items/${later.id}/resource`, { resource: van.id });
    expect(onLater.json().item.conflicts ?? []).not.toContain('RESOURCE');

    // The load names the resource and carries it on the items.
    const load = await planner.get(`/api/items?scope=planning&location=${ids.hq}&date=${date}&period=day`);
    expect(load.json().resources[van.id]).toMatchObject({ name: van.name, kind: 'vehicle', capacity: 3 });
    const loaded = load.json().items.find((i: { id: string }) => i.id === second.id);
    expect(loaded).toMatchObject({ resource: van.id, conflicts: expect.arrayContaining(['RESOURCE']) });
    const compact = await planner.get(`/api/items?scope=planning&location=${ids.hq}&date=${date}&period=day&compact=1`);
    const tuple = compact.json().items.find((i: unknown[]) => i[0] === second.id);
    expect(tuple[9]).toMatchObject({ resource: van.id });

    // Still planned: not deleted.
    const refused = await planner.delete(`/api/resources/${van.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'ERR_RESOURCE_IN_USE', data: { items: 3 } });

    const off = await planner.delete(`/api/items/${second.id}/resource`);
    expect(off.json().item).toMatchObject({ resource: null });
    expect(off.json().item.conflicts ?? []).not.toContain('RESOURCE');
    expect(off.json().revalidated.map((i: { id: string }) => i.id)).toContain(first.id);
    const [firstRow] = await t.database.db.select().from(rosterItems).where(eq(rosterItems.id, first.id));
    expect(firstRow.conflicts).not.toContain('RESOURCE');

    // Choosing the same resource again takes it off; deleting an item frees the resource for the others.
    await planner.put(`/api/items/${second.id}/resource`, { resource: van.id });
    expect((await planner.put(`/api/items/${second.id}/resource`, { resource: van.id })).json().item.resource).toBe(
      null,
    );
    await planner.put(`/api/items/${second.id}/resource`, { resource: van.id });
    await planner.delete(`/api/items/${second.id}?force=true`);
    const [afterDelete] = await t.database.db.select().from(rosterItems).where(eq(rosterItems.id, first.id));
    expect(afterDelete.conflicts).not.toContain('RESOURCE');
  });

  it('refuses an archived resource on an item', async () => {
    const old = await newVan({ archived: true });
    const item = await newItem(addDays(today(), 4), '08:00', '10:00');
    const res = await planner.put(`/api/items/${item.id}/resource`, { resource: old.id });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({ resource: ['validation.archived'] });
  });

  it('is for planners, managers, owners and team editors with the module on; employees are refused', async () => {
    const van = await newVan();
    expect((await employee.get('/api/resources')).statusCode).toBe(403);
    expect((await employee.post('/api/resources', { name: 'X', kind: 'vehicle' })).statusCode).toBe(403);
    expect((await employee.put(`/api/resources/${van.id}`, { name: 'X' })).statusCode).toBe(403);
    expect((await employee.delete(`/api/resources/${van.id}`)).statusCode).toBe(403);
    expect((await owner.get('/api/resources')).statusCode).toBe(200);
    const item = await newItem(addDays(today(), 5), '08:00', '10:00');
    expect((await employee.put(`/api/items/${item.id}/resource`, { resource: van.id })).statusCode).toBe(403);
    await modules(ids.bistro, false);
    expect((await planner.get('/api/resources')).json().code).toBe('MODULE_INACTIVE');
    expect((await planner.put(`/api/items/${item.id}/resource`, { resource: van.id })).json().code).toBe(
      'MODULE_INACTIVE',
    );
    await modules(ids.bistro, true);
  });

  it("answers 404 for another account's resources, also on an own item", async () => {
    const [foreign] = await t.database.db
      .insert(resources)
      .values({ accountId: ids.store, name: 'Store van' })
      .returning();
    const item = await newItem(addDays(today(), 6), '08:00', '10:00');
    await expectForeignIdsNotFound(planner, [
      { method: 'GET', url: `/api/resources/${foreign.id}` },
      { method: 'PUT', url: `/api/resources/${foreign.id}`, body: { name: 'X' } },
      { method: 'DELETE', url: `/api/resources/${foreign.id}` },
      { method: 'PUT', url: `/api/items/${item.id}/resource`, body: { resource: foreign.id } },
    ]);
    expect((await planner.get('/api/resources')).json().resources.map((r: { id: string }) => r.id)).not.toContain(
      foreign.id,
    );
  });
});

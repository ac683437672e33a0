import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { sampleIds } from '../../../test/sample';
import { locations, memberships, rosterItems, shiftLocations, shifts } from '../../db/schema';
import { expectForbidden, insertItem, lastActivity, READ_ONLY_EMAILS } from './fixtures.test-helpers';

let t: TestApp;
let owner: Agent;
let planner: Agent;
let employee: Agent;
let bistro: Awaited<ReturnType<typeof sampleIds>>;
let store: Awaited<ReturnType<typeof sampleIds>>;
let emit: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
  emit = vi.spyOn(t.ctx.realtime, 'emit');
});
afterAll(async () => t.dispose());
beforeEach(() => emit.mockClear());

const expectCatalogReinit = () =>
  expect(emit).toHaveBeenCalledWith(`account.${bistro.accountId}`, 'Reinit', { reason: 'catalog' });

async function createLocation(body: Record<string, unknown>) {
  const res = await planner.post('/api/locations', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json() as { id: string } & Record<string, unknown>;
}

describe('GET /api/locations', () => {
  it('shows planners every location of the account, sorted by name, with budget and project code', async () => {
    const res = await planner.get('/api/locations');
    expect(res.statusCode).toBe(200);
    const list = res.json().locations;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Café am Markt', 'Catering Hafen', 'Headquarter']);
    expect(list[2]).toEqual({
      id: bistro.locations.Headquarter,
      name: 'Headquarter',
      zip: '10115',
      address: 'Invalidenstraße 12',
      city: 'Berlin',
      type: 'ongoing',
      clientId: null,
      startDate: null,
      endDate: null,
      budgetCents: null,
      projectCode: null,
      status: 'active',
      releasedUntil: null,
      latitude: null,
      longitude: null,
    });
  });

  it('shows other members only the locations they belong to, without budget and project code', async () => {
    const list = (await employee.get('/api/locations')).json().locations;
    expect(list.map((l: { name: string }) => l.name)).toEqual(['Headquarter']);
    expect(list[0]).not.toHaveProperty('budgetCents');
    expect(list[0]).not.toHaveProperty('projectCode');
    const observer = await signIn(t.app, 'observer@example.com');
    expect((await observer.get('/api/locations')).json().locations).toHaveLength(3);
    const freelancer = await signIn(t.app, 'freelancer@example.com');
    expect((await freelancer.get('/api/locations')).json().locations.map((l: { name: string }) => l.name)).toEqual([
      'Catering Hafen',
    ]);
  });
});

describe('GET /api/locations/{id}', () => {
  it('answers a location to a member who belongs to it', async () => {
    const res = await employee.get(`/api/locations/${bistro.locations.Headquarter}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Headquarter', status: 'active' });
  });
  it('answers 404 to a member for a location of the account they do not belong to', async () => {
    const res = await employee.get(`/api/locations/${bistro.locations['Café am Markt']}`);
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });
  it('answers 404 for an unknown id and 422 for a malformed one', async () => {
    expect((await planner.get(`/api/locations/${randomUUID()}`)).statusCode).toBe(404);
    expect((await planner.get('/api/locations/not-a-uuid')).statusCode).toBe(422);
  });
});

describe('POST /api/locations', () => {
  it('creates a temporary planning with dates, budget and project code, logs it and reloads open apps', async () => {
    const res = await planner.post('/api/locations', {
      name: '  Summer Festival ',
      zip: '10117',
      address: 'Unter den Linden 1',
      city: 'Berlin',
      type: 'temporary',
      clientId: null,
      startDate: '2030-06-01',
      endDate: '2030-08-31',
      budgetCents: 1_250_000,
      projectCode: 'SF-30',
      status: 'active',
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json();
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Summer Festival',
      zip: '10117',
      address: 'Unter den Linden 1',
      city: 'Berlin',
      type: 'temporary',
      clientId: null,
      startDate: '2030-06-01',
      endDate: '2030-08-31',
      budgetCents: 1_250_000,
      projectCode: 'SF-30',
      status: 'active',
      releasedUntil: null,
      latitude: null,
      longitude: null,
    });
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'location', created.id)).toMatchObject({
      action: 'create',
      accountId: bistro.accountId,
      after: expect.objectContaining({ name: 'Summer Festival' }),
    });
    expect((await planner.get(`/api/locations/${created.id}`)).json()).toEqual(created);
  });

  it('defaults to an ongoing, active planning and stores empty texts as none', async () => {
    const created = await createLocation({ name: 'Pop-up', zip: '', city: '' });
    expect(created).toMatchObject({ type: 'ongoing', status: 'active', zip: null, city: null, budgetCents: null });
  });

  it('refuses a temporary planning without start and end (422 on the fields)', async () => {
    const res = await planner.post('/api/locations', { name: 'Tent', type: 'temporary' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { startDate: ['validation.required'], endDate: ['validation.required'] },
    });
  });

  it('refuses an end before the start', async () => {
    const res = await planner.post('/api/locations', {
      name: 'Tent',
      type: 'temporary',
      startDate: '2030-06-02',
      endDate: '2030-06-01',
    });
    expect([res.statusCode, res.json().fields]).toEqual([422, { endDate: ['validation.endBeforeStart'] }]);
  });

  it('refuses invalid fields with 422 naming them', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ name: '' }, 'name'],
      [{}, 'name'],
      [{ name: 'X', type: 'forever' }, 'type'],
      [{ name: 'X', status: 'closed' }, 'status'],
      [{ name: 'X', clientId: randomUUID() }, 'clientId'],
      [{ name: 'X', startDate: '2030-02-30' }, 'startDate'],
      [{ name: 'X', budgetCents: -1 }, 'budgetCents'],
      [{ name: 'X', budgetCents: 12.5 }, 'budgetCents'],
      [{ name: 'X', projectCode: 'x'.repeat(51) }, 'projectCode'],
    ];
    for (const [body, field] of cases) {
      const res = await planner.post('/api/locations', body);
      expect([JSON.stringify(body), res.statusCode, Object.keys(res.json().fields ?? {})]).toEqual([
        JSON.stringify(body),
        422,
        [field],
      ]);
    }
  });

  it('is for owners, managers and planners (and members with user.edit)', async () => {
    const manager = await signIn(t.app, 'manager@example.com');
    expect((await manager.post('/api/locations', { name: 'By manager' })).statusCode).toBe(201);
    expect((await owner.post('/api/locations', { name: 'By owner' })).statusCode).toBe(201);
    for (const email of READ_ONLY_EMAILS) {
      await expectForbidden(await signIn(t.app, email), email, [
        { method: 'POST', url: '/api/locations', body: { name: 'Nope' } },
      ]);
    }
    const elias = await signIn(t.app, 'elias.becker@example.com');
    await t.database.db
      .update(memberships)
      .set({ rights: ['user.edit'] })
      .where(eq(memberships.id, bistro.memberships['elias.becker@example.com']));
    expect((await elias.post('/api/locations', { name: 'By an employee with user.edit' })).statusCode).toBe(201);
  });
});

describe('PUT /api/locations/{id}', () => {
  it('changes only the fields sent', async () => {
    const loc = await createLocation({ name: 'Kiosk', city: 'Berlin', budgetCents: 5000 });
    emit.mockClear();
    const res = await planner.put(`/api/locations/${loc.id}`, { name: 'Kiosk Nord', status: 'inactive', zip: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ name: 'Kiosk Nord', status: 'inactive', city: 'Berlin', budgetCents: 5000 });
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'location', loc.id)).toMatchObject({
      action: 'update',
      before: expect.objectContaining({ name: 'Kiosk' }),
      after: expect.objectContaining({ name: 'Kiosk Nord' }),
    });
  });

  it('checks the dates after the change: temporary needs both, end not before start', async () => {
    const loc = await createLocation({
      name: 'Fair',
      type: 'temporary',
      startDate: '2031-01-01',
      endDate: '2031-01-31',
    });
    let res = await planner.put(`/api/locations/${loc.id}`, { endDate: '2030-12-31' });
    expect([res.statusCode, res.json().fields]).toEqual([422, { endDate: ['validation.endBeforeStart'] }]);
    res = await planner.put(`/api/locations/${loc.id}`, { startDate: null });
    expect([res.statusCode, res.json().fields]).toEqual([422, { startDate: ['validation.required'] }]);
    res = await planner.put(`/api/locations/${loc.id}`, { type: 'ongoing', startDate: null, endDate: null });
    expect(res.statusCode).toBe(200);
  });

  it('asks for confirmation (ERR_DATES with the count) before dates leave items outside, changing nothing', async () => {
    const loc = await createLocation({
      name: 'Expo',
      type: 'temporary',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
    });
    for (const date of ['2030-01-05', '2030-06-01', '2030-12-20']) {
      await insertItem(t.database.db, { accountId: bistro.accountId, locationId: loc.id, date });
    }
    const res = await planner.put(`/api/locations/${loc.id}`, { startDate: '2030-02-01', endDate: '2030-11-30' });
    expect([res.statusCode, res.json().code, res.json().data]).toEqual([409, 'ERR_DATES', { count: 2 }]);
    expect((await planner.get(`/api/locations/${loc.id}`)).json()).toMatchObject({
      startDate: '2030-01-01',
      endDate: '2030-12-31',
    });
    expect(await t.database.db.select().from(rosterItems).where(eq(rosterItems.locationId, loc.id))).toHaveLength(3);
  });

  it('deletes the items outside the new dates once confirmed (query or body), in the same change', async () => {
    const loc = await createLocation({
      name: 'Expo 2',
      type: 'temporary',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
    });
    for (const date of ['2030-01-05', '2030-06-01', '2030-12-20']) {
      await insertItem(t.database.db, { accountId: bistro.accountId, locationId: loc.id, date });
    }
    let res = await planner.put(`/api/locations/${loc.id}?confirmed=true`, { startDate: '2030-02-01' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ startDate: '2030-02-01', endDate: '2030-12-31' });
    let left = await t.database.db.select().from(rosterItems).where(eq(rosterItems.locationId, loc.id));
    expect(left.map((i) => i.date).sort()).toEqual(['2030-06-01', '2030-12-20']);

    res = await planner.put(`/api/locations/${loc.id}`, { endDate: '2030-11-30', confirmed: true });
    expect(res.statusCode).toBe(200);
    left = await t.database.db.select().from(rosterItems).where(eq(rosterItems.locationId, loc.id));
    expect(left.map((i) => i.date)).toEqual(['2030-06-01']);
    expect(await lastActivity(t.database.db, 'location', loc.id)).toMatchObject({
      after: expect.objectContaining({ deletedItems: 1 }),
    });
  });

  it('needs no confirmation when every item stays inside the new dates', async () => {
    const loc = await createLocation({
      name: 'Expo 3',
      type: 'temporary',
      startDate: '2030-01-01',
      endDate: '2030-12-31',
    });
    await insertItem(t.database.db, { accountId: bistro.accountId, locationId: loc.id, date: '2030-06-01' });
    const res = await planner.put(`/api/locations/${loc.id}`, { startDate: '2030-06-01', endDate: '2030-06-01' });
    expect(res.statusCode).toBe(200);
  });

  it('does not accept releasedUntil here (publication is its own call)', async () => {
    const loc = await createLocation({ name: 'Release test' });
    const res = await planner.put(`/api/locations/${loc.id}`, { releasedUntil: '2030-01-01' });
    expect(res.statusCode).toBe(200);
    expect(res.json().releasedUntil).toBeNull();
  });

  it('refuses read-only roles and answers 404 for unknown ids', async () => {
    for (const email of READ_ONLY_EMAILS) {
      await expectForbidden(await signIn(t.app, email), email, [
        { method: 'PUT', url: `/api/locations/${bistro.locations.Headquarter}`, body: { name: 'Nope' } },
      ]);
    }
    expect((await planner.put(`/api/locations/${randomUUID()}`, { name: 'X' })).statusCode).toBe(404);
  });
});

describe('DELETE /api/locations/{id}', () => {
  it('refuses deleting the only active planning (LOCATION_ONLY_ACTIVE)', async () => {
    const storeOwner = await signIn(t.app, 'owner@example.com');
    expect((await storeOwner.put(`/api/switch/account/${store.accountId}`, {})).statusCode).toBe(200);
    const res = await storeOwner.delete(`/api/locations/${store.locations.Headquarter}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'LOCATION_ONLY_ACTIVE']);
  });

  it('refuses a planning with published items (LOCATION_PUBLISHED_ITEMS)', async () => {
    const loc = await createLocation({ name: 'Published' });
    await t.database.db.update(locations).set({ releasedUntil: '2030-03-31' }).where(eq(locations.id, loc.id));
    await insertItem(t.database.db, { accountId: bistro.accountId, locationId: loc.id, date: '2030-03-31' });
    await insertItem(t.database.db, { accountId: bistro.accountId, locationId: loc.id, date: '2030-04-01' });
    const res = await planner.delete(`/api/locations/${loc.id}`);
    expect([res.statusCode, res.json().code, res.json().data]).toEqual([
      409,
      'LOCATION_PUBLISHED_ITEMS',
      { count: 1, releasedUntil: '2030-03-31' },
    ]);
  });

  it('refuses a planning that is the only one of active members, naming them', async () => {
    const res = await planner.delete(`/api/locations/${bistro.locations['Catering Hafen']}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'LOCATION_LEAVES_USERS_UNASSIGNED']);
    const data = res.json().data;
    expect(data.members).toContainEqual({
      id: bistro.memberships['freelancer@example.com'],
      name: 'Fiona Freelancer',
    });
    expect(data.members).not.toContainEqual(expect.objectContaining({ name: 'Felix Zimmermann' }));
    expect(data.count).toBe(data.members.length);
  });

  it('deletes a planning with its unpublished items and trashes shifts left without a location', async () => {
    const loc = await createLocation({ name: 'Short-lived' });
    const other = bistro.locations.Headquarter;
    // A member who also holds another planning does not block the deletion.
    await owner.put(`/api/memberships/${bistro.memberships['employee@example.com']}/holdings`, {
      locationIds: [other, loc.id],
      dutyIds: [],
      tagIds: [],
    });
    const only = (
      await planner.post('/api/shifts', {
        identifier: 'SL1',
        name: 'Only here',
        start: '08:00',
        end: '12:00',
        locationIds: [loc.id],
      })
    ).json();
    const shared = (
      await planner.post('/api/shifts', {
        identifier: 'SL2',
        name: 'Shared',
        start: '12:00',
        end: '16:00',
        locationIds: [loc.id, other],
      })
    ).json();
    const item = await insertItem(t.database.db, {
      accountId: bistro.accountId,
      locationId: loc.id,
      date: '2030-05-05',
    });
    emit.mockClear();

    const res = await planner.delete(`/api/locations/${loc.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect((await planner.get(`/api/locations/${loc.id}`)).statusCode).toBe(404);
    expect(await t.database.db.select().from(rosterItems).where(eq(rosterItems.id, item))).toEqual([]);
    expect((await planner.get(`/api/shifts/${only.id}`)).json()).toMatchObject({ trashed: true, locationIds: [] });
    expect((await planner.get(`/api/shifts/${shared.id}`)).json()).toMatchObject({
      trashed: false,
      locationIds: [other],
    });
    expect(await t.database.db.select().from(shiftLocations).where(eq(shiftLocations.locationId, loc.id))).toEqual([]);
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'location', loc.id)).toMatchObject({
      action: 'delete',
      before: expect.objectContaining({ name: 'Short-lived' }),
      after: { trashedShiftIds: [only.id] },
    });
    // Restoring the trashed shift needs a location again.
    const restore = await planner.put(`/api/shifts/${only.id}`, { trashed: false });
    expect([restore.statusCode, restore.json().fields]).toEqual([422, { locationIds: ['validation.required'] }]);
    expect(
      (await planner.put(`/api/shifts/${only.id}`, { trashed: false, locationIds: [other] })).json(),
    ).toMatchObject({ trashed: false, locationIds: [other] });
    await t.database.db.delete(shifts).where(eq(shifts.id, only.id));
  });

  it('refuses read-only roles', async () => {
    for (const email of READ_ONLY_EMAILS) {
      await expectForbidden(await signIn(t.app, email), email, [
        { method: 'DELETE', url: `/api/locations/${bistro.locations.Headquarter}` },
      ]);
    }
  });
});

describe('tenancy', () => {
  it('answers 404 for every location route called with another account’s id', async () => {
    const id = store.locations.Headquarter;
    await expectForeignIdsNotFound(planner, [
      { method: 'GET', url: `/api/locations/${id}` },
      { method: 'PUT', url: `/api/locations/${id}`, body: { name: 'Taken over' } },
      { method: 'PUT', url: `/api/locations/${id}?confirmed=true`, body: { startDate: '2030-01-01' } },
      { method: 'DELETE', url: `/api/locations/${id}` },
    ]);
    await expectForeignIdsNotFound(owner, [{ method: 'GET', url: `/api/locations/${id}` }]);
    const [row] = await t.database.db.select().from(locations).where(eq(locations.id, id));
    expect(row.name).toBe('Headquarter');
  });
  it('never lists another account’s locations', async () => {
    const ids = (await owner.get('/api/locations')).json().locations.map((l: { id: string }) => l.id);
    expect(ids).not.toContain(store.locations.Headquarter);
  });
});

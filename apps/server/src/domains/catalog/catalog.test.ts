import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { sampleIds } from '../../../test/sample';
import { membershipTags, presetItems, rosterItems } from '../../db/schema';
import { expectForbidden, insertItem, lastActivity, READ_ONLY_EMAILS } from './fixtures.test-helpers';

let t: TestApp;
let owner: Agent;
let planner: Agent;
let employee: Agent;
let readOnly: [string, Agent][];
let bistro: Awaited<ReturnType<typeof sampleIds>>;
let store: Awaited<ReturnType<typeof sampleIds>>;
let emit: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  readOnly = [];
  for (const email of READ_ONLY_EMAILS) readOnly.push([email, await signIn(t.app, email)]);
  bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
  emit = vi.spyOn(t.ctx.realtime, 'emit');
});
afterAll(async () => t.dispose());
beforeEach(() => emit.mockClear());

const expectCatalogReinit = () =>
  expect(emit).toHaveBeenCalledWith(`account.${bistro.accountId}`, 'Reinit', { reason: 'catalog' });
const item = (values: Partial<typeof rosterItems.$inferInsert> = {}) =>
  insertItem(t.database.db, {
    accountId: bistro.accountId,
    locationId: bistro.locations.Headquarter,
    date: '2030-03-03',
    ...values,
  });

async function expectFields(res: { statusCode: number; json(): { fields?: Record<string, string[]> } }) {
  expect(res.statusCode).toBe(422);
  return res.json().fields ?? {};
}

describe('duties', () => {
  it('lists the duties to every member; the override rate only to those who manage settings', async () => {
    const mine = (await employee.get('/api/duties')).json().duties;
    expect(mine.map((d: { identifier: string }) => d.identifier).sort()).toEqual(['B', 'D', 'K', 'SL', 'SV']);
    expect(mine[0]).toEqual({
      id: expect.any(String),
      identifier: expect.any(String),
      name: expect.any(String),
      color: expect.stringMatching(/^#[0-9a-f]{6}$/),
      trashed: false,
      restHours: expect.any(Number),
    });
    const full = (await planner.get(`/api/duties/${bistro.duties.K}`)).json();
    expect(full).toEqual({
      id: bistro.duties.K,
      identifier: 'K',
      name: 'Kitchen',
      color: '#e8590c',
      trashed: false,
      restHours: 11,
      overrideRateCents: null,
    });
  });

  it('creates a duty, logs it and reloads open apps', async () => {
    const res = await planner.post('/api/duties', {
      identifier: ' HOST ',
      name: 'Host',
      color: '#AABBCC',
      restHours: 8,
      overrideRateCents: 1850,
    });
    expect(res.statusCode, res.body).toBe(201);
    const duty = res.json();
    expect(duty).toEqual({
      id: expect.any(String),
      identifier: 'HOST',
      name: 'Host',
      color: '#aabbcc',
      trashed: false,
      restHours: 8,
      overrideRateCents: 1850,
    });
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'duty', duty.id)).toMatchObject({ action: 'create' });
  });

  it('refuses invalid fields with 422', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ identifier: 'TOOLONG', name: 'X' }, 'identifier'],
      [{ identifier: '', name: 'X' }, 'identifier'],
      [{ identifier: 'X1', name: '' }, 'name'],
      [{ identifier: 'X1', name: 'X', color: 'red' }, 'color'],
      [{ identifier: 'X1', name: 'X', restHours: 25 }, 'restHours'],
      [{ identifier: 'X1', name: 'X', restHours: 1.5 }, 'restHours'],
      [{ identifier: 'X1', name: 'X', overrideRateCents: -5 }, 'overrideRateCents'],
    ];
    for (const [body, field] of cases) {
      expect([JSON.stringify(body), Object.keys(await expectFields(await planner.post('/api/duties', body)))]).toEqual([
        JSON.stringify(body),
        [field],
      ]);
    }
  });

  it('keeps identifiers unique (ignoring case) among duties not in the trash', async () => {
    expect(await expectFields(await planner.post('/api/duties', { identifier: 'k', name: 'Cook' }))).toEqual({
      identifier: ['validation.taken'],
    });
    const bar = (await planner.post('/api/duties', { identifier: 'BR', name: 'Bar 2' })).json();
    expect(await expectFields(await planner.put(`/api/duties/${bar.id}`, { identifier: 'sv' }))).toEqual({
      identifier: ['validation.taken'],
    });
    // Trashing frees the identifier; restoring needs it free again.
    const trashed = await planner.put(`/api/duties/${bar.id}`, { trashed: true });
    expect(trashed.json()).toMatchObject({ trashed: true, identifier: 'BR' });
    expect(await lastActivity(t.database.db, 'duty', bar.id)).toMatchObject({ action: 'trash' });
    const again = await planner.post('/api/duties', { identifier: 'BR', name: 'Bar 3' });
    expect(again.statusCode).toBe(201);
    expect(await expectFields(await planner.put(`/api/duties/${bar.id}`, { trashed: false }))).toEqual({
      identifier: ['validation.taken'],
    });
    const restored = await planner.put(`/api/duties/${bar.id}`, { trashed: false, identifier: 'BR2' });
    expect(restored.json()).toMatchObject({ trashed: false, identifier: 'BR2' });
    expect(await lastActivity(t.database.db, 'duty', bar.id)).toMatchObject({ action: 'restore' });
  });

  it('keeps identifiers unique when two planners create at once', async () => {
    const results = await Promise.all(
      [planner, owner].map((a) => a.post('/api/duties', { identifier: 'RACE', name: 'Race' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 422]);
  });

  it('changes only the fields sent', async () => {
    const duty = (await planner.post('/api/duties', { identifier: 'RUN', name: 'Runner', restHours: 5 })).json();
    emit.mockClear();
    const res = await planner.put(`/api/duties/${duty.id}`, { name: 'Food runner', overrideRateCents: null });
    expect(res.json()).toMatchObject({ identifier: 'RUN', name: 'Food runner', restHours: 5, overrideRateCents: null });
    expectCatalogReinit();
  });

  it('refuses deleting a duty that roster or preset items use (IN_USE), and deletes an unused one', async () => {
    const duty = (await planner.post('/api/duties', { identifier: 'USE', name: 'Used' })).json();
    const itemId = await item({ dutyId: duty.id });
    let res = await planner.delete(`/api/duties/${duty.id}`);
    expect([res.statusCode, res.json().code, res.json().data]).toEqual([409, 'IN_USE', { items: 1, presetItems: 0 }]);
    await t.database.db.delete(rosterItems).where(eq(rosterItems.id, itemId));
    await t.database.db
      .insert(presetItems)
      .values({ locationId: bistro.locations.Headquarter, dayIndex: 0, dutyId: duty.id });
    res = await planner.delete(`/api/duties/${duty.id}`);
    expect([res.statusCode, res.json().data]).toEqual([409, { items: 0, presetItems: 1 }]);
    await t.database.db.delete(presetItems).where(eq(presetItems.dutyId, duty.id));
    emit.mockClear();
    res = await planner.delete(`/api/duties/${duty.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect((await planner.get(`/api/duties/${duty.id}`)).statusCode).toBe(404);
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'duty', duty.id)).toMatchObject({ action: 'delete' });
  });

  it('refuses writes to read-only roles', async () => {
    for (const [email, agent] of readOnly) {
      await expectForbidden(agent, email, [
        { method: 'POST', url: '/api/duties', body: { identifier: 'NO', name: 'No' } },
        { method: 'PUT', url: `/api/duties/${bistro.duties.K}`, body: { name: 'No' } },
        { method: 'DELETE', url: `/api/duties/${bistro.duties.D}` },
      ]);
    }
  });
});

describe('shifts', () => {
  const allLocations = () => Object.values(bistro.locations).sort();

  it('lists the shifts with times, break and locations to every member', async () => {
    const res = await employee.get('/api/shifts');
    expect(res.statusCode).toBe(200);
    expect(res.json().shifts.slice(0, 3)).toEqual([
      {
        id: bistro.shifts.E,
        identifier: 'E',
        name: 'Early',
        start: '07:00',
        end: '15:00',
        break: 30,
        trashed: false,
        locationIds: allLocations(),
      },
      expect.objectContaining({ identifier: 'M', start: '11:00', end: '19:00' }),
      expect.objectContaining({ identifier: 'L', start: '15:00', end: '23:00' }),
    ]);
    expect((await employee.get(`/api/shifts/${bistro.shifts.L}`)).json()).toMatchObject({ name: 'Late' });
  });

  it('creates an overnight shift (end before start), logs it and reloads open apps', async () => {
    const res = await planner.post('/api/shifts', {
      identifier: 'N',
      name: 'Night',
      start: '22:00',
      end: '06:00',
      break: 45,
      locationIds: [bistro.locations.Headquarter, bistro.locations.Headquarter],
    });
    expect(res.statusCode, res.body).toBe(201);
    const shift = res.json();
    expect(shift).toEqual({
      id: expect.any(String),
      identifier: 'N',
      name: 'Night',
      start: '22:00',
      end: '06:00',
      break: 45,
      trashed: false,
      locationIds: [bistro.locations.Headquarter],
    });
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'shift', shift.id)).toMatchObject({ action: 'create', after: shift });
  });

  it('refuses equal start and end (ERR_EQUAL) and a break longer than the shift (ERR_NEGATIVE)', async () => {
    const base = { identifier: 'Z', name: 'Z', locationIds: [bistro.locations.Headquarter] };
    let res = await planner.post('/api/shifts', { ...base, start: '09:00', end: '09:00' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_EQUAL']);
    res = await planner.post('/api/shifts', { ...base, start: '23:30', end: '00:00', break: 45 });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_NEGATIVE']);
    res = await planner.post('/api/shifts', { ...base, start: '23:00', end: '00:00', break: 60 });
    expect(res.statusCode).toBe(201);
    const id = res.json().id;
    res = await planner.put(`/api/shifts/${id}`, { break: 75 });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_NEGATIVE']);
    res = await planner.put(`/api/shifts/${id}`, { end: '23:00' });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_EQUAL']);
    await planner.delete(`/api/shifts/${id}`);
  });

  it('refuses invalid fields with 422', async () => {
    const base = {
      identifier: 'Y',
      name: 'Y',
      start: '08:00',
      end: '16:00',
      locationIds: [bistro.locations.Headquarter],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, start: '8:00' }, 'start'],
      [{ ...base, end: '24:00' }, 'end'],
      [{ ...base, break: 20 }, 'break'],
      [{ ...base, locationIds: [] }, 'locationIds'],
      [{ ...base, locationIds: ['nope'] }, 'locationIds.0'],
      [{ ...base, identifier: 'TOOLONG' }, 'identifier'],
    ];
    for (const [body, field] of cases) {
      expect([JSON.stringify(body), Object.keys(await expectFields(await planner.post('/api/shifts', body)))]).toEqual([
        JSON.stringify(body),
        [field],
      ]);
    }
  });

  it('needs locations of the own account (422 for another account’s or unknown ids)', async () => {
    const base = { identifier: 'Q', name: 'Q', start: '08:00', end: '16:00' };
    for (const foreign of [store.locations.Headquarter, randomUUID()]) {
      const res = await planner.post('/api/shifts', { ...base, locationIds: [bistro.locations.Headquarter, foreign] });
      expect(await expectFields(res)).toEqual({ locationIds: ['validation.unknownIds'] });
      expect(
        await expectFields(await planner.put(`/api/shifts/${bistro.shifts.E}`, { locationIds: [foreign] })),
      ).toEqual({ locationIds: ['validation.unknownIds'] });
    }
  });

  it('keeps identifiers unique among shifts not in the trash', async () => {
    const res = await planner.post('/api/shifts', {
      identifier: 'e',
      name: 'Early 2',
      start: '06:00',
      end: '14:00',
      locationIds: [bistro.locations.Headquarter],
    });
    expect(await expectFields(res)).toEqual({ identifier: ['validation.taken'] });
  });

  it('changes only the fields sent, replacing the locations when sent', async () => {
    const shift = (
      await planner.post('/api/shifts', {
        identifier: 'W',
        name: 'Weekend',
        start: '10:00',
        end: '18:00',
        break: 30,
        locationIds: allLocations(),
      })
    ).json();
    emit.mockClear();
    let res = await planner.put(`/api/shifts/${shift.id}`, { name: 'Weekend day', end: '19:00' });
    expect(res.json()).toMatchObject({ name: 'Weekend day', start: '10:00', end: '19:00', break: 30 });
    expect(res.json().locationIds).toEqual(allLocations());
    expectCatalogReinit();
    res = await planner.put(`/api/shifts/${shift.id}`, { locationIds: [bistro.locations['Café am Markt']] });
    expect(res.json().locationIds).toEqual([bistro.locations['Café am Markt']]);
    expect((await planner.get(`/api/shifts/${shift.id}`)).json().locationIds).toEqual([
      bistro.locations['Café am Markt'],
    ]);
    res = await planner.put(`/api/shifts/${shift.id}`, { trashed: true });
    expect(res.json()).toMatchObject({ trashed: true });
    expect(await lastActivity(t.database.db, 'shift', shift.id)).toMatchObject({ action: 'trash' });
  });

  it('refuses deleting a shift that items use (IN_USE), and deletes an unused one', async () => {
    const shift = (
      await planner.post('/api/shifts', {
        identifier: 'DEL',
        name: 'To delete',
        start: '05:00',
        end: '09:00',
        locationIds: [bistro.locations.Headquarter],
      })
    ).json();
    const itemId = await item({ shiftId: shift.id, fromMinutes: 300, untilMinutes: 540 });
    let res = await planner.delete(`/api/shifts/${shift.id}`);
    expect([res.statusCode, res.json().code, res.json().data]).toEqual([409, 'IN_USE', { items: 1, presetItems: 0 }]);
    await t.database.db.delete(rosterItems).where(eq(rosterItems.id, itemId));
    emit.mockClear();
    res = await planner.delete(`/api/shifts/${shift.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect((await planner.get(`/api/shifts/${shift.id}`)).statusCode).toBe(404);
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'shift', shift.id)).toMatchObject({ action: 'delete' });
  });

  it('refuses writes to read-only roles', async () => {
    for (const [email, agent] of readOnly) {
      await expectForbidden(agent, email, [
        {
          method: 'POST',
          url: '/api/shifts',
          body: {
            identifier: 'NO',
            name: 'No',
            start: '08:00',
            end: '09:00',
            locationIds: [bistro.locations.Headquarter],
          },
        },
        { method: 'PUT', url: `/api/shifts/${bistro.shifts.E}`, body: { name: 'No' } },
        { method: 'DELETE', url: `/api/shifts/${bistro.shifts.E}` },
      ]);
    }
  });
});

describe('tags', () => {
  it('lists the tags by name to every member', async () => {
    const res = await employee.get('/api/tags');
    expect(res.json().tags.map((x: { name: string }) => x.name)).toEqual([
      'Barista',
      'First aid',
      'Key holder',
      'Sommelier',
    ]);
    expect((await employee.get(`/api/tags/${bistro.tags.Barista}`)).json()).toEqual({
      id: bistro.tags.Barista,
      name: 'Barista',
    });
  });

  it('creates and renames a tag; names are unique ignoring case', async () => {
    let res = await planner.post('/api/tags', { name: ' Forklift ' });
    expect(res.statusCode).toBe(201);
    const tag = res.json();
    expect(tag).toEqual({ id: expect.any(String), name: 'Forklift' });
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'tag', tag.id)).toMatchObject({ action: 'create' });
    expect(await expectFields(await planner.post('/api/tags', { name: 'barista' }))).toEqual({
      name: ['validation.taken'],
    });
    expect(await expectFields(await planner.put(`/api/tags/${tag.id}`, { name: 'FIRST AID' }))).toEqual({
      name: ['validation.taken'],
    });
    res = await planner.put(`/api/tags/${tag.id}`, { name: 'forklift' });
    expect(res.json()).toEqual({ id: tag.id, name: 'forklift' });
    expect(await lastActivity(t.database.db, 'tag', tag.id)).toMatchObject({ action: 'update' });
    expect(await expectFields(await planner.post('/api/tags', { name: '' }))).toHaveProperty('name');
    expect(await expectFields(await planner.post('/api/tags', { name: 'x'.repeat(51) }))).toHaveProperty('name');
  });

  it('deleting a tag takes it off items, preset items and members', async () => {
    const tag = (await planner.post('/api/tags', { name: 'Temporary tag' })).json();
    const keep = bistro.tags['Key holder'];
    const itemId = await item({ tagIds: [tag.id, keep] });
    await t.database.db
      .insert(presetItems)
      .values({ locationId: bistro.locations.Headquarter, dayIndex: 1, tagIds: [tag.id] });
    await t.database.db
      .insert(membershipTags)
      .values({ membershipId: bistro.memberships['employee@example.com'], tagId: tag.id });
    emit.mockClear();

    const res = await planner.delete(`/api/tags/${tag.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    const [row] = await t.database.db.select().from(rosterItems).where(eq(rosterItems.id, itemId));
    expect(row.tagIds).toEqual([keep]);
    const presets = await t.database.db.select().from(presetItems).where(eq(presetItems.dayIndex, 1));
    expect(presets.map((p) => p.tagIds)).toEqual([[]]);
    expect(await t.database.db.select().from(membershipTags).where(eq(membershipTags.tagId, tag.id))).toEqual([]);
    expect((await planner.get(`/api/tags/${tag.id}`)).statusCode).toBe(404);
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'tag', tag.id)).toMatchObject({
      action: 'delete',
      after: { removedFromItems: 1 },
    });
  });

  it('refuses writes to read-only roles', async () => {
    for (const [email, agent] of readOnly) {
      await expectForbidden(agent, email, [
        { method: 'POST', url: '/api/tags', body: { name: 'No' } },
        { method: 'PUT', url: `/api/tags/${bistro.tags.Barista}`, body: { name: 'No' } },
        { method: 'DELETE', url: `/api/tags/${bistro.tags.Barista}` },
      ]);
    }
  });
});

describe('cost centres', () => {
  it('lists the cost centres, the default first', async () => {
    const res = await planner.get('/api/cost-centres');
    expect(res.json().costCentres).toEqual([
      { id: bistro.costCentres['General costs'], code: '1000', name: 'General costs', isDefault: true },
    ]);
    expect((await employee.get(`/api/cost-centres/${bistro.costCentres['General costs']}`)).statusCode).toBe(200);
  });

  it('creates cost centres; making one the default takes the flag from the previous default', async () => {
    const kitchen = await planner.post('/api/cost-centres', { code: '2000', name: 'Kitchen' });
    expect(kitchen.statusCode).toBe(201);
    expect(kitchen.json()).toEqual({ id: expect.any(String), code: '2000', name: 'Kitchen', isDefault: false });
    expectCatalogReinit();
    expect(await lastActivity(t.database.db, 'cost_centre', kitchen.json().id)).toMatchObject({ action: 'create' });
    const events = (await planner.post('/api/cost-centres', { name: 'Events', isDefault: true })).json();
    expect(events).toMatchObject({ isDefault: true, code: null });
    const list = (await planner.get('/api/cost-centres')).json().costCentres;
    expect(list.filter((c: { isDefault: boolean }) => c.isDefault)).toEqual([events]);
    // Back to the sample default through an update.
    const res = await planner.put(`/api/cost-centres/${bistro.costCentres['General costs']}`, { isDefault: true });
    expect(res.json()).toMatchObject({ isDefault: true });
    expect((await planner.get(`/api/cost-centres/${events.id}`)).json().isDefault).toBe(false);
  });

  it('refuses unsetting or deleting the default cost centre (DEFAULT_COST_CENTRE)', async () => {
    const id = bistro.costCentres['General costs'];
    let res = await planner.put(`/api/cost-centres/${id}`, { isDefault: false });
    expect([res.statusCode, res.json().code]).toEqual([409, 'DEFAULT_COST_CENTRE']);
    res = await planner.delete(`/api/cost-centres/${id}`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'DEFAULT_COST_CENTRE']);
    res = await planner.put(`/api/cost-centres/${id}`, { name: 'General', code: '' });
    expect(res.json()).toMatchObject({ name: 'General', code: null, isDefault: true });
  });

  it('refuses deleting a cost centre items use (IN_USE), and deletes an unused one', async () => {
    const cc = (await planner.post('/api/cost-centres', { name: 'Bar' })).json();
    const itemId = await item({ costCentreId: cc.id });
    let res = await planner.delete(`/api/cost-centres/${cc.id}`);
    expect([res.statusCode, res.json().code, res.json().data]).toEqual([409, 'IN_USE', { items: 1 }]);
    await t.database.db.delete(rosterItems).where(eq(rosterItems.id, itemId));
    res = await planner.delete(`/api/cost-centres/${cc.id}`);
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    expect(await lastActivity(t.database.db, 'cost_centre', cc.id)).toMatchObject({ action: 'delete' });
  });

  it('refuses invalid fields with 422', async () => {
    expect(await expectFields(await planner.post('/api/cost-centres', { name: '' }))).toHaveProperty('name');
    expect(
      await expectFields(await planner.post('/api/cost-centres', { name: 'X', code: 'c'.repeat(21) })),
    ).toHaveProperty('code');
  });

  it('refuses writes to read-only roles', async () => {
    const id = bistro.costCentres['General costs'];
    for (const [email, agent] of readOnly) {
      await expectForbidden(agent, email, [
        { method: 'POST', url: '/api/cost-centres', body: { name: 'No' } },
        { method: 'PUT', url: `/api/cost-centres/${id}`, body: { name: 'No' } },
        { method: 'DELETE', url: `/api/cost-centres/${id}` },
      ]);
    }
  });
});

describe('tenancy', () => {
  it('answers 404 for every duty, shift, tag and cost centre route called with another account’s id', async () => {
    const duty = store.duties.CA;
    const shift = store.shifts.E;
    const tag = store.tags['Key holder'];
    const cc = store.costCentres['General costs'];
    for (const agent of [planner, owner]) {
      await expectForeignIdsNotFound(agent, [
        { method: 'GET', url: `/api/duties/${duty}` },
        { method: 'PUT', url: `/api/duties/${duty}`, body: { name: 'Taken over' } },
        { method: 'DELETE', url: `/api/duties/${duty}` },
        { method: 'GET', url: `/api/shifts/${shift}` },
        { method: 'PUT', url: `/api/shifts/${shift}`, body: { name: 'Taken over' } },
        { method: 'DELETE', url: `/api/shifts/${shift}` },
        { method: 'GET', url: `/api/tags/${tag}` },
        { method: 'PUT', url: `/api/tags/${tag}`, body: { name: 'Taken over' } },
        { method: 'DELETE', url: `/api/tags/${tag}` },
        { method: 'GET', url: `/api/cost-centres/${cc}` },
        { method: 'PUT', url: `/api/cost-centres/${cc}`, body: { name: 'Taken over' } },
        { method: 'DELETE', url: `/api/cost-centres/${cc}` },
      ]);
    }
  });

  it('lists only the own account’s catalog', async () => {
    const ids = [
      ...(await owner.get('/api/duties')).json().duties,
      ...(await owner.get('/api/shifts')).json().shifts,
      ...(await owner.get('/api/tags')).json().tags,
      ...(await owner.get('/api/cost-centres')).json().costCentres,
    ].map((x: { id: string }) => x.id);
    for (const foreign of [
      store.duties.CA,
      store.shifts.E,
      store.tags['Key holder'],
      store.costCentres['General costs'],
    ]) {
      expect(ids).not.toContain(foreign);
    }
  });
});

describe('API documentation', () => {
  it('describes the catalog routes from their schemas', async () => {
    const spec = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining([
        '/api/locations',
        '/api/locations/{id}',
        '/api/duties/{id}',
        '/api/shifts/{id}',
        '/api/tags/{id}',
        '/api/cost-centres/{id}',
        '/api/memberships/{id}/holdings',
      ]),
    );
    const put = spec.paths['/api/locations/{id}'].put;
    expect(put.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['id', 'confirmed']));
    expect(put.requestBody.content['application/json'].schema.properties).toHaveProperty('startDate');
  });
});

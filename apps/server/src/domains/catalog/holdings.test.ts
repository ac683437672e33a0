import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { sampleIds } from '../../../test/sample';
import { memberships } from '../../db/schema';
import { expectForbidden, lastActivity, READ_ONLY_EMAILS } from './fixtures.test-helpers';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let employee: Agent;
let bistro: Awaited<ReturnType<typeof sampleIds>>;
let store: Awaited<ReturnType<typeof sampleIds>>;
let emit: ReturnType<typeof vi.spyOn>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  bistro = await sampleIds(t.database.db, 'Bistro Central');
  store = await sampleIds(t.database.db, 'Corner Store');
  emit = vi.spyOn(t.ctx.realtime, 'emit');
});
afterAll(async () => t.dispose());
beforeEach(() => emit.mockClear());

const url = (email: string) => `/api/memberships/${bistro.memberships[email]}/holdings`;
const sorted = (...ids: string[]) => [...ids].sort();

describe('GET /api/memberships/{id}/holdings', () => {
  it('answers the plannings, duties and tags a member holds to members with user.edit', async () => {
    const res = await manager.get(url('employee@example.com'));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      locationIds: [bistro.locations.Headquarter],
      dutyIds: sorted(bistro.duties.SV, bistro.duties.B),
      tagIds: [bistro.tags.Barista],
    });
  });

  it('answers members their own holdings', async () => {
    expect((await employee.get(url('employee@example.com'))).json().tagIds).toEqual([bistro.tags.Barista]);
  });

  it('refuses another member’s holdings without user.edit (planners, employees)', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    await expectForbidden(planner, 'planner', [{ method: 'GET', url: url('employee@example.com') }]);
    await expectForbidden(employee, 'employee', [{ method: 'GET', url: url('owner@example.com') }]);
  });
});

describe('PUT /api/memberships/{id}/holdings', () => {
  it('replaces the holdings, logs the change and reloads open apps', async () => {
    const body = {
      locationIds: [bistro.locations['Café am Markt'], bistro.locations.Headquarter, bistro.locations.Headquarter],
      dutyIds: [bistro.duties.K],
      tagIds: [],
    };
    const res = await owner.put(url('employee@example.com'), body);
    expect(res.statusCode, res.body).toBe(200);
    const expected = {
      locationIds: sorted(bistro.locations['Café am Markt'], bistro.locations.Headquarter),
      dutyIds: [bistro.duties.K],
      tagIds: [],
    };
    expect(res.json()).toEqual(expected);
    expect((await employee.get(url('employee@example.com'))).json()).toEqual(expected);
    expect((await employee.get('/api/locations')).json().locations).toHaveLength(2);
    expect(emit).toHaveBeenCalledWith(`account.${bistro.accountId}`, 'Reinit', { reason: 'catalog' });
    expect(await lastActivity(t.database.db, 'holdings', bistro.memberships['employee@example.com'])).toMatchObject({
      action: 'update',
      before: { locationIds: [bistro.locations.Headquarter], tagIds: [bistro.tags.Barista] },
      after: expected,
    });
  });

  it('refuses ids that are not the account’s with 422 on the field', async () => {
    const base = { locationIds: [bistro.locations.Headquarter], dutyIds: [], tagIds: [] };
    const cases: [Record<string, string[]>, string][] = [
      [{ locationIds: [store.locations.Headquarter] }, 'locationIds'],
      [{ dutyIds: [store.duties.CA] }, 'dutyIds'],
      [{ tagIds: [store.tags['Key holder']] }, 'tagIds'],
      [{ dutyIds: [randomUUID()] }, 'dutyIds'],
    ];
    for (const [change, field] of cases) {
      const res = await owner.put(url('employee@example.com'), { ...base, ...change });
      expect([field, res.statusCode, res.json().fields]).toEqual([field, 422, { [field]: ['validation.unknownIds'] }]);
    }
    const res = await owner.put(url('employee@example.com'), { locationIds: [] });
    expect(res.statusCode).toBe(422);
    expect(Object.keys(res.json().fields).sort()).toEqual(['dutyIds', 'tagIds']);
  });

  it('is only for members with user.edit', async () => {
    const body = { locationIds: [bistro.locations.Headquarter], dutyIds: [], tagIds: [] };
    for (const email of ['planner@example.com', ...READ_ONLY_EMAILS]) {
      await expectForbidden(await signIn(t.app, email), email, [
        { method: 'PUT', url: url('employee@example.com'), body },
      ]);
    }
    // A manager limited to no settings loses the implied user.edit.
    await t.database.db
      .update(memberships)
      .set({ managerLimited: true })
      .where(eq(memberships.id, bistro.memberships['manager@example.com']));
    await expectForbidden(manager, 'limited manager', [{ method: 'PUT', url: url('employee@example.com'), body }]);
    await t.database.db
      .update(memberships)
      .set({ managerLimited: false })
      .where(eq(memberships.id, bistro.memberships['manager@example.com']));
    // The right itself is enough.
    await t.database.db
      .update(memberships)
      .set({ rights: ['user.edit'] })
      .where(eq(memberships.id, bistro.memberships['mia.schneider@example.com']));
    const mia = await signIn(t.app, 'mia.schneider@example.com');
    expect((await mia.put(url('employee@example.com'), body)).statusCode).toBe(200);
  });
});

describe('tenancy', () => {
  it('answers 404 for another account’s membership and an unknown one', async () => {
    const foreign = `/api/memberships/${store.memberships['julia.lang@example.com']}/holdings`;
    const body = { locationIds: [], dutyIds: [], tagIds: [] };
    await expectForeignIdsNotFound(owner, [
      { method: 'GET', url: foreign },
      { method: 'PUT', url: foreign, body },
      { method: 'GET', url: `/api/memberships/${randomUUID()}/holdings` },
      { method: 'PUT', url: `/api/memberships/${randomUUID()}/holdings`, body },
    ]);
  });
});

import { now } from '@app/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';

let t: TestApp;
let owner: Agent;
let manager: Agent;
let employee: Agent;
let ids: {
  bistro: string;
  store: string;
  employeeMembership: string;
  storeMembership: string;
  ownerMembership: string;
};

beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
  manager = await signIn(t.app, 'manager@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  const ownerInit = (await owner.get('/api/app/init')).json();
  const employeeInit = (await employee.get('/api/app/init')).json();
  const storeAgent = await signIn(t.app, 'julia.lang@example.com');
  const storeInit = (await storeAgent.get('/api/app/init')).json();
  ids = {
    bistro: ownerInit.accounts.find((a: { name: string }) => a.name === 'Bistro Central').id,
    store: ownerInit.accounts.find((a: { name: string }) => a.name === 'Corner Store').id,
    employeeMembership: employeeInit.membership.id,
    storeMembership: storeInit.membership.id,
    ownerMembership: ownerInit.membership.id,
  };
});
afterAll(async () => t.dispose());

describe('GET /api/app/init', () => {
  it('answers the app state and the session', async () => {
    const init = (await employee.get('/api/app/init')).json();
    expect(init.app).toMatchObject({
      modules: expect.arrayContaining(['roster', 'hours']),
      updated: expect.any(String),
      loaded: expect.any(String),
      services: { realtime: true, mail: false, beta: false, version: expect.any(String) },
    });
    // The server's clock (the test's), which pages starting at "today" start from.
    expect(Math.abs(Date.parse(init.app.now) - now().getTime())).toBeLessThan(60_000);
    expect(init.account).toMatchObject({
      name: 'Bistro Central',
      status: 'active',
      settings: { timeZone: 'Europe/Berlin' },
    });
    expect(init.accounts).toEqual([{ id: ids.bistro, name: 'Bistro Central' }]);
    expect(init.membership).toMatchObject({
      roles: ['user'],
      shadow: false,
      locationCount: 1,
      rights: expect.arrayContaining(['hours.own']),
    });
    expect(init.user).toMatchObject({
      email: 'employee@example.com',
      name: 'Emma Employee',
      gravatar: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(init.user).not.toHaveProperty('passwordHash');
    expect(init.csrfToken).toBe(employee.csrfToken);
  });
});

describe('PUT /api/switch/account/{id}', () => {
  it('moves the session into another account of the user', async () => {
    const agent = await signIn(t.app, 'owner@example.com');
    expect((await agent.put(`/api/switch/account/${ids.store}`, { mobile: false })).json()).toEqual({ ok: true });
    const init = (await agent.get('/api/app/init')).json();
    expect(init.account.name).toBe('Corner Store');
    expect(init.membership.roles).toEqual(['owner']);
    await agent.put(`/api/switch/account/${ids.bistro}`, {});
  });
  it('answers 404 for an account the user is not a member of', async () => {
    const res = await employee.put(`/api/switch/account/${ids.store}`, {});
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });
  it('lets a super user into any account, acting as its owner with the shadow flag', async () => {
    const { users } = await import('../../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db.update(users).set({ superUser: true }).where(eq(users.email, 'julia.lang@example.com'));
    const su = await signIn(t.app, 'julia.lang@example.com');
    expect((await su.put(`/api/switch/account/${ids.bistro}`, {})).statusCode).toBe(200);
    const init = (await su.get('/api/app/init')).json();
    expect(init.account.name).toBe('Bistro Central');
    expect(init.membership).toMatchObject({ id: ids.ownerMembership, shadow: true, roles: ['owner'] });
  });
});

describe('PUT /api/switch/locale/{lang}', () => {
  it('switches the session language and keeps it for the user', async () => {
    const agent = await signIn(t.app, 'mia.schneider@example.com');
    expect((await agent.put('/api/switch/locale/nl')).statusCode).toBe(200);
    expect((await agent.get('/api/app/init')).json().locale).toBe('nl');
    expect((await agent.get('/api/profile')).json().locale).toBe('nl');
  });
  it('refuses an unknown language with 422', async () => {
    expect((await employee.put('/api/switch/locale/fr')).statusCode).toBe(422);
  });
});

describe('PUT /api/memberships/{id}/preferences', () => {
  it('stores a preference of the own membership', async () => {
    expect(
      (
        await employee.put(`/api/memberships/${ids.employeeMembership}/preferences`, {
          key: 'rosterView',
          value: 'week',
        })
      ).statusCode,
    ).toBe(200);
    expect((await employee.get('/api/app/init')).json().membership.preferences).toEqual({ rosterView: 'week' });
  });
  it('refuses another member’s preferences (403) and answers 404 for another account’s membership', async () => {
    const res = await manager.put(`/api/memberships/${ids.employeeMembership}/preferences`, { key: 'x', value: 1 });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
  });
});

describe('PUT /api/memberships/{id}/status', () => {
  it('refuses members without user.edit', async () => {
    const res = await employee.put(`/api/memberships/${ids.ownerMembership}/status`, { status: 'inactive' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    const planner = await signIn(t.app, 'planner@example.com');
    expect(
      (await planner.put(`/api/memberships/${ids.employeeMembership}/status`, { status: 'inactive' })).statusCode,
    ).toBe(403);
  });
  it('refuses a manager taking an owner out: owners are changed by owners only', async () => {
    for (const status of ['inactive', 'deleted']) {
      const res = await manager.put(`/api/memberships/${ids.ownerMembership}/status`, { status });
      expect([status, res.statusCode, res.json().code]).toEqual([status, 403, 'FORBIDDEN']);
    }
    expect((await owner.get('/api/app/init')).statusCode).toBe(200);
  });
  it('refuses setting oneself inactive', async () => {
    const init = (await manager.get('/api/app/init')).json();
    expect(
      (await manager.put(`/api/memberships/${init.membership.id}/status`, { status: 'inactive' })).statusCode,
    ).toBe(403);
  });
});

describe('profile', () => {
  it('reads and updates the own name and language', async () => {
    const agent = await signIn(t.app, 'elias.becker@example.com');
    expect((await agent.get('/api/profile')).json()).toEqual({
      fname: 'Elias',
      lname: 'Becker',
      email: 'elias.becker@example.com',
      locale: 'de',
      twoFactor: false,
    });
    const res = await agent.put('/api/profile', { fname: 'Elias', lname: 'Becker', locale: 'pl' });
    expect(res.json()).toMatchObject({ fname: 'Elias', locale: 'pl' });
    expect((await agent.get('/api/app/init')).json().locale).toBe('pl');
    expect((await agent.put('/api/profile', { fname: '', lname: 'B', locale: 'pl' })).statusCode).toBe(422);
  });
  it('keeps the own name once set: nobody renames themself into a colleague', async () => {
    const agent = await signIn(t.app, 'elias.becker@example.com');
    const first = await agent.put('/api/profile', { fname: 'Max', lname: 'Becker', locale: 'de' });
    expect([first.statusCode, first.json().fields]).toEqual([422, { fname: ['team.lockedOwn'] }]);
    const last = await agent.put('/api/profile', { fname: 'Elias', lname: 'Manager', locale: 'de' });
    expect([last.statusCode, last.json().fields]).toEqual([422, { lname: ['team.lockedOwn'] }]);
    expect((await agent.get('/api/profile')).json()).toMatchObject({ fname: 'Elias', lname: 'Becker' });
  });
  it('changes the password after the current one, with the password rules', async () => {
    const agent = await signIn(t.app, 'paul.hoffmann@example.com');
    const wrong = await agent.put('/api/profile/password', { current: 'nope', password: 'Better2024x' });
    expect(wrong.json()).toMatchObject({ code: 'VALIDATION', fields: { current: ['password.wrong'] } });
    const weak = await agent.put('/api/profile/password', { current: 'Welcome123', password: 'weakpass' });
    expect(weak.json().fields.password).toEqual(['password.noNumber', 'password.noUpper']);
    expect(
      (await agent.put('/api/profile/password', { current: 'Welcome123', password: 'Better2024x' })).statusCode,
    ).toBe(200);
    await signIn(t.app, 'paul.hoffmann@example.com', 'Better2024x');
  });
});

describe('tenant isolation', () => {
  it('another account’s ids answer 404 on every member route', async () => {
    await expectForeignIdsNotFound(manager, [
      { method: 'PUT', url: `/api/memberships/${ids.storeMembership}/preferences`, body: { key: 'a', value: 1 } },
      { method: 'PUT', url: `/api/memberships/${ids.storeMembership}/status`, body: { status: 'inactive' } },
    ]);
  });
});

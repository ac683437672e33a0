import { MODULES_NOT_OFFERED, OFFERED_MODULES } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, memberships, users } from '../../db/schema';

let t: TestApp;
let owner: Agent;
beforeAll(async () => {
  t = await createTestApp();
  owner = await signIn(t.app, 'owner@example.com');
});
afterAll(async () => t.dispose());

/** Changes the Bistro membership of a sample person (before they sign in). */
async function setMembership(email: string, set: Partial<typeof memberships.$inferInsert>) {
  const db = t.database.db;
  const [row] = await db
    .select({ id: memberships.id })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.email, email), eq(accounts.name, 'Bistro Central')));
  await db.update(memberships).set(set).where(eq(memberships.id, row.id));
}

describe('modules', () => {
  it('lists every offered module with its state, requirements and dependents', async () => {
    const res = await owner.get('/api/modules');
    expect(res.statusCode).toBe(200);
    const modules = res.json().modules;
    expect(modules.map((m: { key: string }) => m.key)).toEqual([...OFFERED_MODULES]);
    expect(modules.find((m: { key: string }) => m.key === 'hours')).toMatchObject({
      active: true,
      requires: ['roster'],
      dependents: expect.arrayContaining(['checkins', 'balances']),
    });
  });

  it('switching on also switches on what the module requires', async () => {
    const res = await owner.put('/api/modules/checkins', { active: true });
    expect(res.statusCode).toBe(200);
    const active = res
      .json()
      .modules.filter((m: { active: boolean }) => m.active)
      .map((m: { key: string }) => m.key);
    expect(active).toEqual(expect.arrayContaining(['checkins', 'hours', 'roster']));
    expect((await owner.get('/api/app/init')).json().app.modules).toContain('checkins');
  });

  it('refuses switching off a module while a dependent is on, naming the dependents', async () => {
    const res = await owner.put('/api/modules/hours', { active: false });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      code: 'MODULE_DEPENDENTS',
      data: { module: 'hours', dependents: ['checkins'] },
    });
  });

  it('switches a module off once nothing depends on it', async () => {
    expect((await owner.put('/api/modules/checkins', { active: false })).statusCode).toBe(200);
    expect((await owner.get('/api/app/init')).json().app.modules).not.toContain('checkins');
  });

  it('refuses switching on a module that is not offered; one stored stays stored and is not listed', async () => {
    for (const key of MODULES_NOT_OFFERED) {
      const res = await owner.put(`/api/modules/${key}`, { active: true });
      expect([key, res.statusCode, res.json()]).toEqual([
        key,
        409,
        expect.objectContaining({ code: 'MODULE_NOT_OFFERED', data: { module: key } }),
      ]);
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    await t.database.db
      .update(accounts)
      .set({ modules: [...row.modules, 'calculations', 'appointments'] })
      .where(eq(accounts.id, row.id));
    // Not listed, and it holds nothing back: rates switches on and off beside a stored calculations.
    expect((await owner.put('/api/modules/rates', { active: true })).statusCode).toBe(200);
    const listed = (await owner.put('/api/modules/rates', { active: false })).json().modules;
    expect(listed.map((m: { key: string }) => m.key)).not.toContain('calculations');
    const [after] = await t.database.db.select().from(accounts).where(eq(accounts.id, row.id));
    expect(after.modules).toEqual(expect.arrayContaining(['calculations', 'appointments']));
    expect(after.modules).not.toContain('rates');
    // Switching one off is allowed: it leaves the stored list.
    expect((await owner.put('/api/modules/appointments', { active: false })).statusCode).toBe(200);
    expect((await owner.put('/api/modules/calculations', { active: false })).statusCode).toBe(200);
    const [cleared] = await t.database.db.select().from(accounts).where(eq(accounts.id, row.id));
    expect([...cleared.modules].sort()).toEqual([...row.modules].sort());
  });

  it('answers 422 for an unknown module', async () => {
    expect((await owner.put('/api/modules/teleport', { active: true })).statusCode).toBe(422);
  });

  it('opens for owners, managers, planners and user.edit holders; nobody else reads or switches', async () => {
    const manager = await signIn(t.app, 'manager@example.com');
    expect((await manager.get('/api/modules')).statusCode).toBe(200);
    const planner = await signIn(t.app, 'planner@example.com');
    expect((await planner.get('/api/modules')).statusCode).toBe(200);
    for (const email of ['supervisor@example.com', 'employee@example.com', 'accountant@example.com']) {
      const agent = await signIn(t.app, email);
      const res = await agent.put('/api/modules/weather', { active: true });
      expect([email, res.statusCode, res.json().code]).toEqual([email, 403, 'FORBIDDEN']);
      expect((await agent.get('/api/modules')).statusCode).toBe(403);
    }
  });

  it('a planner switches the roster’s tools and nothing else', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    expect((await planner.put('/api/modules/weather', { active: true })).statusCode).toBe(200);
    expect((await planner.put('/api/modules/weather', { active: false })).statusCode).toBe(200);
    for (const key of ['chats', 'dossiers', 'payroll']) {
      const res = await planner.put(`/api/modules/${key}`, { active: key !== 'chats' });
      expect([key, res.statusCode, res.json().code]).toEqual([key, 403, 'FORBIDDEN']);
    }
    const [row] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    expect(row.modules).toEqual(expect.arrayContaining(['chats']));
    expect(row.modules).not.toContain('payroll');
  });

  it('a restricted planner reads the page but switches nothing', async () => {
    await setMembership('planner@example.com', { plannerRestricted: true });
    const planner = await signIn(t.app, 'planner@example.com');
    expect((await planner.get('/api/modules')).statusCode).toBe(200);
    expect((await planner.put('/api/modules/weather', { active: true })).json().code).toBe('FORBIDDEN');
    await setMembership('planner@example.com', { plannerRestricted: false });
  });

  it('a user.edit holder switches the team’s records and nothing else', async () => {
    await setMembership('biller@example.com', { rights: ['user.edit'] });
    const holder = await signIn(t.app, 'biller@example.com');
    expect((await holder.get('/api/modules')).statusCode).toBe(200);
    const res = await holder.put('/api/modules/dossiers', { active: true });
    expect(res.statusCode).toBe(200);
    const on = res
      .json()
      .modules.filter((m: { active: boolean }) => m.active)
      .map((m: { key: string }) => m.key);
    expect(on).toContain('dossiers');
    expect((await holder.put('/api/modules/weather', { active: true })).json().code).toBe('FORBIDDEN');
    expect((await holder.put('/api/modules/dossiers', { active: false })).statusCode).toBe(200);
    await setMembership('biller@example.com', { rights: [] });
  });

  it('is refused in a demo account and in an account with the special flag', async () => {
    await t.database.db.update(accounts).set({ special: true }).where(eq(accounts.name, 'Bistro Central'));
    expect((await owner.get('/api/modules')).json().code).toBe('SPECIAL_ACCOUNT');
    await t.database.db.update(accounts).set({ special: false, demo: true }).where(eq(accounts.name, 'Bistro Central'));
    expect((await owner.put('/api/modules/chats', { active: false })).json().code).toBe('DEMO_ACCOUNT');
    await t.database.db.update(accounts).set({ demo: false }).where(eq(accounts.name, 'Bistro Central'));
  });

  it('changes only the own account', async () => {
    await owner.put('/api/modules/weather', { active: true });
    const [store] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Corner Store'));
    expect(store.modules).not.toContain('weather');
  });
});

describe('overview', () => {
  it('shows managers their team by role and every location', async () => {
    const res = (await owner.get('/api/overview')).json();
    expect(res.accountName).toBe('Bistro Central');
    expect(res.role).toBe('owner');
    expect(res.locations.map((l: { name: string }) => l.name)).toEqual([
      'Café am Markt',
      'Catering Hafen',
      'Headquarter',
    ]);
    expect(res.team).toMatchObject({ active: 39, inactive: 1, byRole: { owner: 1, manager: 1, planner: 1 } });
    expect(res.accounts.map((a: { name: string }) => a.name)).toEqual(['Bistro Central', 'Corner Store']);
  });
  it('shows employees their own locations and no team figures', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const res = (await employee.get('/api/overview')).json();
    expect(res).toMatchObject({ role: 'user', team: null, locations: [{ name: 'Headquarter' }] });
  });
});

import { clockFrom, now, setClock } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, activityLog, memberships, sessions, users } from '../../db/schema';
import { createSession } from '../../platform/session';
import { tickAccounts } from '../accounts/life';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
let bistro: typeof accounts.$inferSelect;
let storeId: string;

beforeAll(async () => {
  t = await createTestApp();
  [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
  [{ id: storeId }] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Corner Store'));
});
afterAll(async () => t.dispose());

const setStatus = (status: string, id = bistro.id) =>
  t.database.db.update(accounts).set({ status }).where(eq(accounts.id, id));
const code = (res: { statusCode: number; json(): { code?: string } }) => [res.statusCode, res.json().code];

describe('the daily account job', () => {
  const at = (days: number) => new Date(now().getTime() + days * DAY);
  let made: string[] = [];
  const account = async (name: string, values: Partial<typeof accounts.$inferInsert>) => {
    const [row] = await t.database.db
      .insert(accounts)
      .values({ name, ...values })
      .returning();
    made.push(row.id);
    return row;
  };
  afterEach(async () => {
    await t.database.db.delete(accounts).where(inArray(accounts.id, made));
    made = [];
  });

  it('expires an ended trial, a cancelled period and a licence; a demo runs out to deleted; once per change', async () => {
    const trial = await account('Trial ends', { status: 'trial', trialEndsAt: at(2) });
    const running = await account('Trial runs', { status: 'trial', trialEndsAt: at(20) });
    const cancelled = await account('Cancelled', { status: 'cancelled', periodEndsAt: at(1) });
    const license = await account('Licence', { status: 'license', periodEndsAt: at(3) });
    const forever = await account('Licence without end', { status: 'license', periodEndsAt: null });
    const demo = await account('Demo', { status: 'demo', demo: true, trialEndsAt: at(3) });
    const active = await account('Active', { status: 'active', periodEndsAt: at(-5) });
    // Someone is signed in to the demo: the session ends with it.
    const [visitor] = await t.database.db.select().from(users).where(eq(users.email, 'employee@example.com'));
    const [demoMember] = await t.database.db
      .insert(memberships)
      .values({ accountId: demo.id, userId: visitor.id, roles: ['owner'] })
      .returning();
    const demoSession = await t.database.db.transaction((tx) =>
      createSession(tx, {
        userId: visitor.id,
        accountId: demo.id,
        membershipId: demoMember.id,
        locale: 'en',
      }),
    );

    // The faked clock moves four days on: the trial, the cancelled period, the licence and the demo are over.
    const later = at(4);
    const previous = setClock(clockFrom(later));
    try {
      const first = await tickAccounts(t.ctx);
      const mine = first.changed.filter((id) => made.includes(id)).sort();
      expect(mine).toEqual([trial.id, cancelled.id, license.id, demo.id].sort());
      const rows = await t.database.db.select().from(accounts).where(inArray(accounts.id, made));
      const statusOf = (id: string) => rows.find((r) => r.id === id);
      expect(statusOf(trial.id)).toMatchObject({ status: 'expired' });
      expect(statusOf(cancelled.id)).toMatchObject({ status: 'expired' });
      expect(statusOf(license.id)).toMatchObject({ status: 'expired' });
      expect(statusOf(demo.id)).toMatchObject({ status: 'deleted' });
      expect(await t.database.db.select().from(sessions).where(eq(sessions.id, demoSession.id))).toEqual([]);
      expect(statusOf(running.id)).toMatchObject({ status: 'trial' });
      expect(statusOf(forever.id)).toMatchObject({ status: 'license' });
      // An active account's period is renewed by billing, not by the tick.
      expect(statusOf(active.id)).toMatchObject({ status: 'active' });
      expect(statusOf(trial.id)?.statusChangedAt.getTime()).toBeGreaterThanOrEqual(later.getTime());

      const entries = await t.database.db.select().from(activityLog).where(eq(activityLog.accountId, trial.id));
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({
        entity: 'account',
        action: 'status',
        membershipId: null,
        before: { status: 'trial' },
        after: { status: 'expired' },
      });

      // Idempotent: the second run the same day finds nothing to move and logs nothing.
      const second = await tickAccounts(t.ctx);
      expect(second.changed.filter((id) => made.includes(id))).toEqual([]);
      const all = await t.database.db.select().from(activityLog).where(inArray(activityLog.accountId, made));
      expect(all).toHaveLength(4);
    } finally {
      setClock(previous);
    }
  });
});

describe('what each account status allows (one policy, checked on every call)', () => {
  afterEach(() => setStatus(bistro.status));

  it('carries the status and the ends of the trial and the period in init, with the owner’s name', async () => {
    const ends = new Date(now().getTime() + 12 * DAY);
    await t.database.db
      .update(accounts)
      .set({ status: 'trial', trialEndsAt: ends, periodEndsAt: null })
      .where(eq(accounts.id, bistro.id));
    const employee = await signIn(t.app, 'employee@example.com');
    const init = (await employee.get('/api/app/init')).json();
    expect(init.account).toMatchObject({
      status: 'trial',
      trialEndsAt: ends.toISOString(),
      periodEndsAt: null,
      ownerName: expect.any(String),
    });
    expect(init.account.ownerName.length).toBeGreaterThan(0);
    await t.database.db
      .update(accounts)
      .set({ trialEndsAt: bistro.trialEndsAt, periodEndsAt: bistro.periodEndsAt })
      .where(eq(accounts.id, bistro.id));
  });

  it('expired: the owner signs in; beyond init, language, switch and sign-out: SUBSCRIPTION_REQUIRED', async () => {
    await setStatus('expired');
    const owner = await signIn(t.app, 'owner@example.com');
    expect((await owner.get('/api/app/init')).json().account.status).toBe('expired');
    expect(code(await owner.get('/api/members'))).toEqual([403, 'SUBSCRIPTION_REQUIRED']);
    expect(code(await owner.get('/api/overview'))).toEqual([403, 'SUBSCRIPTION_REQUIRED']);
    const own = (await owner.get('/api/app/init')).json().membership.id;
    const preference = { key: 'rosterView', value: 'week' };
    expect(code(await owner.put(`/api/memberships/${own}/preferences`, preference))).toEqual([
      403,
      'SUBSCRIPTION_REQUIRED',
    ]);
    expect((await owner.put('/api/switch/locale/nl')).statusCode).toBe(200);
    // The owner of the sample also owns Corner Store: switching there is open.
    expect((await owner.put(`/api/switch/account/${storeId}`, {})).statusCode).toBe(200);
    expect((await owner.get('/api/overview')).statusCode).toBe(200);
    expect((await owner.put(`/api/switch/account/${bistro.id}`, {})).statusCode).toBe(200);
    expect((await owner.post('/api/auth/logout')).statusCode).toBe(200);
  });

  it('expired: every other role gets ACCOUNT_INACTIVE for everything but init, language and sign-out', async () => {
    await setStatus('expired');
    for (const email of [
      'manager@example.com',
      'planner@example.com',
      'supervisor@example.com',
      'employee@example.com',
    ]) {
      const agent = await signIn(t.app, email);
      expect([email, (await agent.get('/api/app/init')).statusCode]).toEqual([email, 200]);
      expect([email, ...code(await agent.get('/api/overview'))]).toEqual([email, 403, 'ACCOUNT_INACTIVE']);
      expect([email, ...code(await agent.get('/api/profile'))]).toEqual([email, 403, 'ACCOUNT_INACTIVE']);
      expect([email, (await agent.put('/api/switch/locale/de')).statusCode]).toEqual([email, 200]);
      expect([email, (await agent.post('/api/auth/logout')).statusCode]).toEqual([email, 200]);
    }
  });

  it('deleted: nobody signs in, and a running session ends at its next call', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    await setStatus('deleted');
    expect(code(await employee.get('/api/app/init'))).toEqual([401, 'UNAUTHENTICATED']);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'employee@example.com', password: 'Welcome123' },
    });
    expect(code(login)).toEqual([403, 'NO_ACTIVE_ACCOUNT']);
  });

  it('trial, active, cancelled and licence accounts are used in full', async () => {
    for (const status of ['trial', 'active', 'cancelled', 'license']) {
      await setStatus(status);
      const employee = await signIn(t.app, 'employee@example.com');
      expect([status, (await employee.get('/api/overview')).statusCode]).toEqual([status, 200]);
    }
  });
});

describe('a super user’s visit', () => {
  let su: Agent;
  beforeAll(async () => {
    await t.database.db.update(users).set({ superUser: true }).where(eq(users.email, 'julia.lang@example.com'));
    su = await signIn(t.app, 'julia.lang@example.com');
  });
  const visits = () =>
    t.database.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.accountId, bistro.id), eq(activityLog.entity, 'superUser')))
      .orderBy(activityLog.at);

  it('finds accounts by name, company or owner; 404 for everyone else', async () => {
    const res = await su.get('/api/superuser/accounts?q=bistro');
    expect(res.statusCode).toBe(200);
    expect(res.json().accounts).toEqual([
      expect.objectContaining({ id: bistro.id, name: 'Bistro Central', status: bistro.status }),
    ]);
    const byOwner = (await su.get('/api/superuser/accounts?q=owner@example')).json().accounts;
    expect(byOwner.map((a: { id: string }) => a.id)).toContain(bistro.id);
    const owner = await signIn(t.app, 'owner@example.com');
    expect(code(await owner.get('/api/superuser/accounts?q=bistro'))).toEqual([404, 'NOT_FOUND']);
    expect(code(await owner.put('/api/superuser/write', {}))).toEqual([404, 'NOT_FOUND']);
  });

  it('switches in read-only: reads work, writes answer SHADOW_READ_ONLY; the visit is logged', async () => {
    expect((await su.put(`/api/switch/account/${bistro.id}`, {})).statusCode).toBe(200);
    const init = (await su.get('/api/app/init')).json();
    expect(init.membership).toMatchObject({ shadow: true, shadowWrite: false });
    expect((await su.get('/api/members')).statusCode).toBe(200);
    const write = await su.put(`/api/memberships/${init.membership.id}/preferences`, {
      key: 'rosterView',
      value: 'week',
    });
    expect(code(write)).toEqual([403, 'SHADOW_READ_ONLY']);
    const entries = await visits();
    expect(entries.map((e) => e.action)).toEqual(['superUser.enter']);
    expect(entries[0]).toMatchObject({
      membershipId: null,
      after: { superUser: expect.stringContaining('julia.lang') },
    });
  });

  it('writes once the super user confirmed write access for this visit, and that is logged too', async () => {
    expect((await su.put('/api/superuser/write', {})).statusCode).toBe(200);
    expect((await su.get('/api/app/init')).json().membership.shadowWrite).toBe(true);
    const init = (await su.get('/api/app/init')).json();
    const write = await su.put(`/api/memberships/${init.membership.id}/preferences`, {
      key: 'rosterView',
      value: 'week',
    });
    expect(write.statusCode).toBe(200);
    expect((await visits()).map((e) => e.action)).toEqual(['superUser.enter', 'superUser.write']);
  });

  it('switching out is logged, and the next visit starts read-only again', async () => {
    expect((await su.put(`/api/switch/account/${storeId}`, {})).statusCode).toBe(200);
    expect((await su.get('/api/app/init')).json().membership).toMatchObject({ shadow: false, shadowWrite: false });
    expect((await visits()).map((e) => e.action)).toEqual(['superUser.enter', 'superUser.write', 'superUser.leave']);
    await su.put(`/api/switch/account/${bistro.id}`, {});
    expect((await su.get('/api/app/init')).json().membership.shadowWrite).toBe(false);
    const again = (await su.get('/api/app/init')).json().membership.id;
    const write = await su.put(`/api/memberships/${again}/preferences`, { key: 'rosterView', value: 'day' });
    expect(code(write)).toEqual([403, 'SHADOW_READ_ONLY']);
    await su.put(`/api/switch/account/${storeId}`, {});
  });

  it('write access is for a visit only: outside one it is a conflict', async () => {
    expect(code(await su.put('/api/superuser/write', {}))).toEqual([409, 'CONFLICT']);
  });
});

describe('PUT /api/memberships/{id}/onboarding', () => {
  it('new members start with their tour, the sample’s people without', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    expect((await employee.get('/api/app/init')).json().membership.onboarding).toBe(false);
    const [fresh] = await t.database.db
      .insert(memberships)
      .values({ accountId: storeId, userId: (await t.database.db.select().from(users).limit(1))[0].id })
      .onConflictDoNothing()
      .returning();
    if (fresh) {
      expect(fresh.onboarding).toBe(true);
      await t.database.db.delete(memberships).where(eq(memberships.id, fresh.id));
    }
  });

  it('the member shows and finishes their own tour', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const id = (await employee.get('/api/app/init')).json().membership.id;
    expect((await employee.put(`/api/memberships/${id}/onboarding`, { onboarding: true })).statusCode).toBe(200);
    expect((await employee.get('/api/app/init')).json().membership.onboarding).toBe(true);
    expect((await employee.put(`/api/memberships/${id}/onboarding`, { onboarding: false })).statusCode).toBe(200);
    expect((await employee.get('/api/app/init')).json().membership.onboarding).toBe(false);
  });

  it('refuses another member’s tour (403) and another account’s membership (404)', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const owner = await signIn(t.app, 'owner@example.com');
    const ownerMembership = (await owner.get('/api/app/init')).json().membership.id;
    expect(code(await employee.put(`/api/memberships/${ownerMembership}/onboarding`, { onboarding: false }))).toEqual([
      403,
      'FORBIDDEN',
    ]);
    const [storeMember] = await t.database.db.select().from(memberships).where(eq(memberships.accountId, storeId));
    expect(code(await employee.put(`/api/memberships/${storeMember.id}/onboarding`, { onboarding: false }))).toEqual([
      404,
      'NOT_FOUND',
    ]);
  });

  it('refuses a body without the flag (422)', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const id = (await employee.get('/api/app/init')).json().membership.id;
    expect((await employee.put(`/api/memberships/${id}/onboarding`, {})).statusCode).toBe(422);
  });
});

import { DEMO_DAYS, DEMO_STARTS_PER_DAY } from '@app/contracts';
import { addDays, clockFrom, now, todayIn, withClock } from '@app/domain';
import { eq, inArray, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, createTestApp, sessionCookie, signIn, type TestApp } from '../../../test/app';
import { accounts, demoStarts, memberships, rosterItems, users } from '../../db/schema';
import { removeExpiredDemos, removeUnconfirmedSignups } from './demo';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

const startDemo = (remoteAddress: string) =>
  t.app.inject({ method: 'POST', url: '/api/demo', payload: { locale: 'en' }, remoteAddress });

async function demoAgent(remoteAddress: string) {
  const started = performance.now();
  const res = await startDemo(remoteAddress);
  const ms = performance.now() - started;
  expect(res.statusCode, res.body).toBe(200);
  return { agent: agentFor(t.app, sessionCookie(res), res.json().csrfToken), ms };
}

describe('demo', () => {
  it('creates a copy of the sample company for the visitor, signed in as its owner, and they can plan', async () => {
    const { agent, ms } = await demoAgent('10.2.0.1');
    console.info(`demo company created in ${Math.round(ms)} ms`);
    const init = (await agent.get('/api/app/init')).json();
    expect(init.account).toMatchObject({ name: 'Bistro Central', demo: true, status: 'demo', setupComplete: true });
    expect(init.membership.roles).toEqual(['owner']);
    expect(init.user.email).toMatch(/^[0-9a-f]{10}\.owner@demo\.invalid$/);

    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, init.account.id));
    expect(account.trialEndsAt?.getTime()).toBe(account.statusChangedAt.getTime() + DEMO_DAYS * 86_400_000);
    // Its own people, none shared with the first-start sample, none able to sign in with a password.
    const people = await t.database.db
      .select({ email: users.email, passwordHash: users.passwordHash })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.accountId, account.id));
    expect(people.length).toBeGreaterThan(10);
    expect(people.every((p) => p.email.endsWith('@demo.invalid') && p.passwordHash === null)).toBe(true);
    expect(
      await t.database.db.select().from(rosterItems).where(eq(rosterItems.accountId, account.id)),
    ).not.toHaveLength(0);
    // The sample's own sign-ins are untouched.
    const owner = await signIn(t.app, 'owner@example.com');
    expect((await owner.get('/api/app/init')).json().account.demo).toBe(false);

    // Planning a week: the roster loads and an item can be added and given a duty and a person.
    const overview = await agent.get('/api/overview');
    expect(overview.statusCode).toBe(200);
    for (const url of ['/api/locations', '/api/duties', '/api/lessons', '/api/notifications']) {
      const res = await agent.get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
    }
    const location = (await agent.get('/api/locations')).json().locations[0];
    const duty = (await agent.get('/api/duties')).json().duties[0];
    const week = await agent.get(`/api/items?scope=planning&location=${location.id}&period=week&compact=1`);
    expect(week.statusCode).toBe(200);
    const created = await agent.post('/api/items', {
      location: location.id,
      date: addDays(todayIn('Europe/Berlin'), 14),
      duty: duty.id,
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  // Several copies of the sample company: on a busy machine that takes longer than an ordinary test's limit.
  it('allows a few demos per address a day, then answers 429 DEMO_LIMIT', async () => {
    const address = '10.2.0.2';
    for (let i = 1; i < DEMO_STARTS_PER_DAY; i++) await demoAgent(address);
    // The first test's address is another one: this address has started DEMO_STARTS_PER_DAY - 1 so far.
    await demoAgent(address);
    const refused = await startDemo(address);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'DEMO_LIMIT']);
    expect(refused.json().data).toEqual({ limit: DEMO_STARTS_PER_DAY });
    // A day later the address may start again.
    const tomorrow = new Date(now().getTime() + 24 * 60 * 60 * 1000 + 1000);
    await withClock(clockFrom(tomorrow), async () => {
      expect((await startDemo(address)).statusCode).toBe(200);
    });
  }, 120_000);

  it('the removal job deletes run-out demos with all their data and people, and leaves the rest', async () => {
    const { agent } = await demoAgent('10.2.0.3');
    const expiredId = (await agent.get('/api/app/init')).json().account.id as string;
    const { agent: fresh } = await demoAgent('10.2.0.4');
    const freshId = (await fresh.get('/api/app/init')).json().account.id as string;
    const demoUsers = await t.database.db
      .select({ id: memberships.userId })
      .from(memberships)
      .where(eq(memberships.accountId, expiredId));
    // A real person who also belongs to the demo keeps their sign-in.
    const [real] = await t.database.db.select().from(users).where(eq(users.email, 'manager@example.com'));
    await t.database.db.insert(memberships).values({ accountId: expiredId, userId: real.id, roles: ['planner'] });
    await t.database.db
      .update(accounts)
      .set({ trialEndsAt: new Date(now().getTime() - 1000) })
      .where(eq(accounts.id, expiredId));
    const before = await t.database.db.select({ id: accounts.id }).from(accounts);

    const removed = await removeExpiredDemos({ ...t.ctx, db: t.database.db } as never);
    expect(removed).toBe(1);

    const after = await t.database.db.select({ id: accounts.id }).from(accounts);
    expect(after.map((a) => a.id).sort()).toEqual(
      before
        .map((a) => a.id)
        .filter((id) => id !== expiredId)
        .sort(),
    );
    expect(after.map((a) => a.id)).toContain(freshId);
    // Nothing of the account is left in any table that points at accounts.
    const tables = (await t.database.db.execute(sql`
      select distinct c.table_name from information_schema.columns c
      join information_schema.tables t on t.table_name = c.table_name and t.table_schema = c.table_schema
      where c.table_schema = 'public' and c.column_name = 'account_id' and t.table_type = 'BASE TABLE'`)) as unknown as {
      rows: { table_name: string }[];
    };
    for (const { table_name } of tables.rows) {
      const left = (await t.database.db.execute(
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where account_id = ${expiredId}`,
      )) as unknown as { rows: { n: number }[] };
      expect({ table: table_name, n: left.rows[0].n }).toEqual({ table: table_name, n: 0 });
    }
    const leftUsers = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(
        inArray(
          users.id,
          demoUsers.map((u) => u.id),
        ),
      );
    expect(leftUsers).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.id, real.id))).toHaveLength(1);
    expect(await t.database.db.select().from(demoStarts).where(eq(demoStarts.accountId, expiredId))).toHaveLength(0);
    // The expired visitor's session is gone with the account.
    expect((await agent.get('/api/app/init')).statusCode).toBe(401);
    expect((await fresh.get('/api/app/init')).statusCode).toBe(200);
    const demoPeople = await t.database.db.select().from(users).where(like(users.email, '%@demo.invalid'));
    expect(demoPeople.length).toBeGreaterThan(0);
    expect(await removeExpiredDemos({ ...t.ctx, db: t.database.db } as never)).toBe(0);
  });

  it('registrations nobody confirmed within 30 days go with their person; confirmed ones and others stay', async () => {
    const body = (email: string) => ({
      fname: 'Nia',
      lname: 'Nobody',
      companyName: `Shop of ${email}`,
      email,
      password: 'Shop2024go',
      acceptTerms: true,
      acceptDpa: true,
    });
    for (const email of ['never@shop.test', 'late@shop.test', 'recent@shop.test'])
      expect((await t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body(email) })).statusCode).toBe(
        200,
      );
    const accountOf = async (email: string) => {
      const [row] = await t.database.db
        .select({ accountId: memberships.accountId, userId: users.id })
        .from(users)
        .innerJoin(memberships, eq(memberships.userId, users.id))
        .where(eq(users.email, email));
      return row;
    };
    const never = await accountOf('never@shop.test');
    const late = await accountOf('late@shop.test');
    const recent = await accountOf('recent@shop.test');
    const old = new Date(now().getTime() - 31 * 86_400_000);
    await t.database.db
      .update(accounts)
      .set({ createdAt: old })
      .where(inArray(accounts.id, [never.accountId, late.accountId]));
    // Confirmed, but never set up: stays.
    await t.database.db.update(users).set({ emailConfirmedAt: now() }).where(eq(users.id, late.userId));

    expect(await removeUnconfirmedSignups({ ...t.ctx, db: t.database.db } as never)).toBe(1);
    const left = await t.database.db.select({ id: accounts.id }).from(accounts);
    expect(left.map((a) => a.id)).not.toContain(never.accountId);
    expect(left.map((a) => a.id)).toEqual(expect.arrayContaining([late.accountId, recent.accountId]));
    expect(await t.database.db.select().from(users).where(eq(users.id, never.userId))).toHaveLength(0);
  });
});

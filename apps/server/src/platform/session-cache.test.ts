import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../test/app';
import { accounts, locations, membershipLocations, memberships, users } from '../db/schema';
import { recordVersion } from '../domains/app/state';

/**
 * The session cache (platform/session.ts) keeps the session, member and init answer in memory; these tests hold
 * that it never answers what the database no longer says.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t?.dispose();
});

async function init(agent: Agent) {
  const res = await agent.get('/api/app/init');
  return { status: res.statusCode, body: res.json() };
}

async function membershipOf(email: string, accountName = 'Bistro Central') {
  const [row] = await t.database.db
    .select({ membership: memberships, account: accounts })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(accounts, eq(accounts.id, memberships.accountId))
    .where(and(eq(users.email, email), eq(accounts.name, accountName)));
  return row;
}

describe('the session cache', () => {
  it('answers init from memory and still shows every change to the rows it was built from', async () => {
    const agent = await signIn(t.app, 'planner@example.com');
    const first = await init(agent);
    expect(first.status).toBe(200);
    // The same answer, but for the server's clock, which init reads at every request.
    await sleep(5);
    const again = (await init(agent)).body;
    expect(Date.parse(again.app.now)).toBeGreaterThan(Date.parse(first.body.app.now));
    expect({ ...again, app: { ...again.app, now: first.body.app.now } }).toEqual(first.body);
    expect(t.ctx.sessions.size).toBeGreaterThan(0);
    const { membership, account } = await membershipOf('planner@example.com');

    // Written straight to the database, as another instance or a tool would: the triggers tell the cache.
    await t.database.db.update(accounts).set({ name: 'Bistro Zentral' }).where(eq(accounts.id, account.id));
    expect((await init(agent)).body.account.name).toBe('Bistro Zentral');
    await t.database.db.update(accounts).set({ name: account.name }).where(eq(accounts.id, account.id));
    expect((await init(agent)).body.account.name).toBe(account.name);

    await t.database.db.update(users).set({ fname: 'Paulina' }).where(eq(users.id, membership.userId));
    expect((await init(agent)).body.user.fname).toBe('Paulina');

    await t.database.db
      .update(memberships)
      .set({ preferences: { location: 'somewhere' } })
      .where(eq(memberships.id, membership.id));
    expect((await init(agent)).body.location).toBe('somewhere');

    const before = (await init(agent)).body.membership.locationCount;
    const [other] = await t.database.db
      .select({ id: locations.id })
      .from(locations)
      .where(eq(locations.accountId, account.id));
    await t.database.db.delete(membershipLocations).where(eq(membershipLocations.membershipId, membership.id));
    expect((await init(agent)).body.membership.locationCount).toBe(0);
    await t.database.db.insert(membershipLocations).values({ membershipId: membership.id, locationId: other.id });
    expect((await init(agent)).body.membership.locationCount).toBe(1);
    expect(before).toBeGreaterThan(0);

    // A new version started (on this instance or another): every cached answer carries the new update time.
    const { updated } = await recordVersion(t.database.db, 'a-newer-version', new Date('2030-01-01T00:00:00Z'));
    expect((await init(agent)).body.app.updated).toBe(updated.toISOString());
  });

  it("shows a rename of the user's other account in the account list", async () => {
    const agent = await signIn(t.app, 'owner@example.com');
    const listed = (await init(agent)).body.accounts as { id: string; name: string }[];
    expect(listed.map((a) => a.name).sort()).toEqual(['Bistro Central', 'Corner Store']);
    const current = (await init(agent)).body.account.id;
    const other = listed.find((a) => a.id !== current)!;
    await t.database.db.update(accounts).set({ name: 'Corner Shop' }).where(eq(accounts.id, other.id));
    const names = ((await init(agent)).body.accounts as { name: string }[]).map((a) => a.name).sort();
    expect(names).toContain('Corner Shop');
    await t.database.db.update(accounts).set({ name: other.name }).where(eq(accounts.id, other.id));
  });

  it('a signed-out session fails at its very next request', async () => {
    const agent = await signIn(t.app, 'manager@example.com');
    expect((await init(agent)).status).toBe(200);
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
    const after = await init(agent);
    expect(after.status).toBe(401);
  });

  it('a session ended in the database, or a member set inactive, fails at the next request', async () => {
    const agent = await signIn(t.app, 'supervisor@example.com');
    expect((await init(agent)).status).toBe(200);
    await t.database.db.execute(
      sql`delete from sessions where user_id = (select id from users where email = 'supervisor@example.com')`,
    );
    expect((await init(agent)).status).toBe(401);

    const again = await signIn(t.app, 'supervisor@example.com');
    expect((await init(again)).status).toBe(200);
    const { membership } = await membershipOf('supervisor@example.com');
    await t.database.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.id, membership.id));
    const refused = await init(again);
    expect(refused.status).toBe(401);
    expect(refused.body.logout).toBe(true);
    await t.database.db.update(memberships).set({ status: 'active' }).where(eq(memberships.id, membership.id));
  });

  it('roles taken away are gone at the next request', async () => {
    const agent = await signIn(t.app, 'manager@example.com');
    expect((await init(agent)).body.membership.roles).toContain('manager');
    const { membership } = await membershipOf('manager@example.com');
    await t.database.db
      .update(memberships)
      .set({ roles: ['user'] })
      .where(eq(memberships.id, membership.id));
    expect((await init(agent)).body.membership.roles).toEqual(['user']);
    await t.database.db.update(memberships).set({ roles: membership.roles }).where(eq(memberships.id, membership.id));
  });

  // Another instance writes through connections of its own: the change arrives by PostgreSQL's notification.
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('a change made by another instance reaches this one', async () => {
    const agent = await signIn(t.app, 'planner@example.com');
    expect((await init(agent)).status).toBe(200);
    const [{ name }] = (
      (await t.database.db.execute(sql`select current_database() as name`)) as unknown as {
        rows: { name: string }[];
      }
    ).rows;
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const other = new pg.Client({ connectionString: url.toString() });
    await other.connect();
    try {
      await other.query(`update users set fname = 'Elsewhere' where email = 'planner@example.com'`);
      let seen = '';
      for (let i = 0; i < 50 && seen !== 'Elsewhere'; i++) {
        seen = (await init(agent)).body.user.fname;
        if (seen !== 'Elsewhere') await sleep(20);
      }
      expect(seen).toBe('Elsewhere');
    } finally {
      await other.end();
    }
  });
});

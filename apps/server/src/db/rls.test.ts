import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, sessionCookie } from '../../test/app';
import { createTestDatabase } from '../../test/db';
import { type BuiltApp, buildApp } from '../app';
import { testConfig } from '../config';
import { inAccountScope, runForAccount } from '../platform/tenancy';
import { SAMPLE_PASSWORD, seedSampleData } from '../sample/seed';
import type { Database } from './client';
import { TENANT_ROLE, tenantPolicies } from './rls';
import { accounts, locations, memberships, rosterItems } from './schema';

/** Tables that hold no company's data, so they carry no policy (see rls.ts). */
const GLOBAL_TABLES = ['app_state', 'discount_codes', 'invoice_counters', 'license_codes', 'login_attempts', 'users'];

/** What an unscoped query sees of each tenant table: the accounts its rows belong to. */
const PROBES = {
  roster_items: 'select distinct account_id::text as a from roster_items',
  memberships: 'select distinct account_id::text as a from memberships',
  locations: 'select distinct account_id::text as a from locations',
  availability: 'select distinct account_id::text as a from availability',
  accounts: 'select id::text as a from accounts',
  membership_locations:
    'select distinct m.account_id::text as a from membership_locations ml join memberships m on m.id = ml.membership_id',
  membership_duties:
    'select distinct d.account_id::text as a from membership_duties md join duties d on d.id = md.duty_id',
  // A link table read alone, without the join a forgotten filter would also forget: counted against the owner's view.
  membership_locations_alone: 'select membership_id::text as a from membership_locations',
};

let database: Database;
let built: BuiltApp;
const ids = { bistro: '', store: '' };

/** The rows of a probe as the owner sees them for one account (the truth a scoped probe must match). */
async function ownerView(probe: keyof typeof PROBES, accountId: string): Promise<string[]> {
  if (probe === 'membership_locations_alone') {
    const rows = await database.executeSql(
      `select ml.membership_id::text as a from membership_locations ml join memberships m on m.id = ml.membership_id
       where m.account_id = $1`,
      [accountId],
    );
    return rows.rows.map((r) => r.a).sort();
  }
  const all = await database.executeSql(PROBES[probe]);
  return all.rows
    .map((r) => r.a as string)
    .filter((a) => a === accountId)
    .sort();
}

beforeAll(async () => {
  database = await createTestDatabase('empty');
  await seedSampleData(database.db, { roster: true });
  built = await buildApp(testConfig({ webDist: '/nonexistent' }), { database });
  // A member route that forgets every filter: it runs its queries exactly as a careless service would.
  built.app.get('/api/test/unscoped', async () => {
    const seen: Record<string, string[]> = {};
    for (const [name, text] of Object.entries(PROBES)) {
      const result = (await built.ctx.db.execute(sql.raw(text))) as unknown as { rows: { a: string }[] };
      seen[name] = result.rows.map((r) => r.a).sort();
    }
    const [{ user }] = (
      (await built.ctx.db.execute(sql`select current_user as "user"`)) as unknown as { rows: { user: string }[] }
    ).rows;
    const inTransaction = await built.ctx.db.transaction(async (tx) => {
      const result = (await tx.execute(
        sql`select count(distinct account_id)::int as n from roster_items`,
      )) as unknown as {
        rows: { n: number }[];
      };
      return result.rows[0].n;
    });
    return { seen, user, inTransaction, scoped: inAccountScope() };
  });
  await built.app.ready();
  const rows = await database.db.select({ id: accounts.id, name: accounts.name }).from(accounts);
  ids.bistro = rows.find((r) => r.name === 'Bistro Central')!.id;
  ids.store = rows.find((r) => r.name === 'Corner Store')!.id;
});

afterAll(async () => {
  await built?.close();
  await database?.close();
});

async function signIn(email: string) {
  const res = await built.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: SAMPLE_PASSWORD },
  });
  expect(res.statusCode, res.body).toBe(200);
  return agentFor(built.app, sessionCookie(res), res.json().csrfToken);
}

describe('row-level security under the filter', () => {
  it('an unscoped query inside a request sees only its own account, in every tenant table', async () => {
    for (const [email, accountId] of [
      ['planner@example.com', ids.bistro],
      ['nina.berg@example.com', ids.store],
    ] as const) {
      const agent = await signIn(email);
      const res = await agent.get('/api/test/unscoped');
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.user).toBe(TENANT_ROLE);
      expect(body.scoped).toBe(true);
      expect(body.inTransaction).toBe(1);
      for (const probe of Object.keys(PROBES) as (keyof typeof PROBES)[]) {
        const expected = await ownerView(probe, accountId);
        expect(expected.length, `the sample has ${probe} rows`).toBeGreaterThan(0);
        expect({ probe, seen: body.seen[probe] }).toEqual({ probe, seen: expected });
      }
    }
  });

  it('the same queries outside a request run as the owner and see every account', async () => {
    expect(inAccountScope()).toBe(false);
    const result = (await built.ctx.db.execute(
      sql`select count(distinct account_id)::int as n from roster_items`,
    )) as unknown as { rows: { n: number }[] };
    expect(result.rows[0].n).toBe(2);
  });

  it('with no account set, the tenant role sees nothing and writes nothing', async () => {
    const seen = await database.db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
      const counts = (await tx.execute(
        sql`select (select count(*) from roster_items)::int as items, (select count(*) from memberships)::int as members,
              (select count(*) from accounts)::int as accounts, (select count(*) from membership_locations)::int as links`,
      )) as unknown as { rows: Record<string, number>[] };
      return counts.rows[0];
    });
    expect(seen).toEqual({ items: 0, members: 0, accounts: 0, links: 0 });
    await expect(
      database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`set local role ${TENANT_ROLE}`));
        await tx.insert(locations).values({ accountId: ids.bistro, name: 'Nowhere' });
      }),
    ).rejects.toThrow();
  });

  it("a scoped write cannot reach another account's rows", async () => {
    const scoped = built.ctx.db;
    await runForAccount(database, ids.bistro, async () => {
      // Inserting into another account breaks the policy's check.
      await expect(scoped.insert(locations).values({ accountId: ids.store, name: 'Intruder' })).rejects.toThrow();
      // Updating and deleting another account's rows touch nothing.
      const renamed = await scoped
        .update(memberships)
        .set({ employeeNumber: 'X' })
        .where(eq(memberships.accountId, ids.store))
        .returning({ id: memberships.id });
      expect(renamed).toEqual([]);
      const removed = await scoped
        .delete(rosterItems)
        .where(eq(rosterItems.accountId, ids.store))
        .returning({ id: rosterItems.id });
      expect(removed).toEqual([]);
      // Its own rows are there as usual, in a transaction too.
      const own = await scoped.transaction((tx) =>
        tx.select({ id: locations.id }).from(locations).where(eq(locations.accountId, ids.bistro)),
      );
      expect(own.length).toBeGreaterThan(0);
    });
    const [{ n }] = (
      (await database.db.execute(sql`select count(*)::int as n from locations where name = 'Intruder'`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(n).toBe(0);
  });

  it('the tenant role cannot bypass the policies: no superuser, no BYPASSRLS, no login, owns no table', async () => {
    const role = await database.executeSql(
      'select rolsuper, rolbypassrls, rolcanlogin from pg_roles where rolname = $1',
      [TENANT_ROLE],
    );
    expect(role.rows).toEqual([{ rolsuper: false, rolbypassrls: false, rolcanlogin: false }]);
    const owned = await database.executeSql(
      `select count(*)::int as n from pg_class c join pg_roles r on r.oid = c.relowner where r.rolname = $1`,
      [TENANT_ROLE],
    );
    expect(owned.rows[0].n).toBe(0);
  });

  it('every table of public has row-level security and a policy, but the ones that hold no company data', async () => {
    const tables = await database.executeSql(
      `select c.relname as name, c.relrowsecurity as secured,
         exists (select 1 from pg_policy p where p.polrelid = c.oid) as policy
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    );
    const unsecured = tables.rows.filter((t) => !t.secured || !t.policy).map((t) => t.name);
    expect(unsecured).toEqual(GLOBAL_TABLES);
  });

  it('running the step again changes nothing', async () => {
    const before = await database.executeSql('select polname, polrelid::regclass::text as t from pg_policy order by 2');
    await database.migrate();
    const after = await database.executeSql('select polname, polrelid::regclass::text as t from pg_policy order by 2');
    expect(after.rows).toEqual(before.rows);
  });
});

describe('which tables get which policy', () => {
  const fk = (table: string, column: string, parent: string, notNull = true) => ({
    table,
    column,
    notNull,
    parent,
    parentColumn: 'id',
  });

  it('finds link tables through their foreign keys, links of links too, and leaves global tables alone', () => {
    const policies = tenantPolicies(
      [
        { name: 'accounts', hasAccountId: false },
        { name: 'users', hasAccountId: false },
        { name: 'memberships', hasAccountId: true },
        { name: 'items', hasAccountId: true },
        { name: 'applications', hasAccountId: false },
        { name: 'votes', hasAccountId: false },
        { name: 'notes', hasAccountId: false },
      ],
      [
        fk('memberships', 'user_id', 'users'),
        fk('memberships', 'account_id', 'accounts'),
        fk('applications', 'item_id', 'items'),
        fk('applications', 'membership_id', 'memberships'),
        fk('votes', 'application_id', 'applications'),
        fk('notes', 'user_id', 'users'),
        fk('notes', 'membership_id', 'memberships', false),
      ],
    );
    const byTable = Object.fromEntries(policies.map((p) => [p.table, p]));
    expect(Object.keys(byTable).sort()).toEqual(['accounts', 'applications', 'items', 'memberships', 'notes', 'votes']);
    expect(byTable.accounts.using).toMatch(/^"id" = /);
    expect(byTable.memberships.using).toMatch(/^"account_id" = /);
    // Read through one parent, written only when every parent is the account's.
    expect(byTable.applications.using).toBe('exists (select 1 from "items" p where p."id" = "applications"."item_id")');
    expect(byTable.applications.check).toContain('"memberships"');
    expect(byTable.votes.using).toContain('from "applications" p');
    // Only a nullable link to the account: rows without it belong to nobody and are seen by nobody.
    expect(byTable.notes.using).toBe(
      '("membership_id" is not null) and ("membership_id" is null or exists (select 1 from "memberships" p where p."id" = "notes"."membership_id"))',
    );
  });
});

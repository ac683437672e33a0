/**
 * Row-level security under the tenant filter: a step that runs after the migrations, on PGlite and PostgreSQL alike.
 *
 * It is kept out of drizzle's schema files and snapshots on purpose: it reads the catalog and covers every table of
 * `public` as it finds it, so a table added by any later migration is covered without anyone remembering to.
 *
 * - The role `app_tenant` (NOLOGIN, NOBYPASSRLS, owner of nothing) gets plain DML on the tables and sequences of
 *   `public`, now and for tables created later (default privileges).
 * - A tenant table is one with an `account_id` column, `accounts` itself (by its `id`), or a table whose foreign key
 *   points at a tenant table (a link table such as `membership_locations`, or `item_applications`), found
 *   repeatedly until nothing new turns up. Each gets row-level security and one policy `tenant_<hash>`: its rows are
 *   visible and writable only when they belong to the account in `app.account_id`. A link table's rows are visible
 *   through their parent (the policy asks the parent, whose own policy applies); a written row must point only at
 *   parents of the account. Unset (or empty) `app.account_id` sees and writes nothing.
 * - The other tables hold no company's data: `users` (a person's identity, shared by every account they belong to;
 *   their place in a company is the membership), `login_attempts`, `app_state`, `invoice_counters` (the seller's
 *   invoice numbers), and the operator's licence and discount codes (`license_codes`, `discount_codes`:
 *   docs/product/subscription.md).
 *
 * Table owners and superusers bypass these policies: requests run as `app_tenant` (see `tenantPrelude`); the
 * owner's connection is for paths that span accounts by design (sign-in, sessions, codes, jobs, migrations, seed).
 *
 * It also installs the change notifications (`app_changes`) that invalidate the session cache (platform/session.ts),
 * and `app_memberships_of_users`, the one fact about other accounts a request may read (db/across-accounts.ts).
 */

/** The role requests run as: no login, no BYPASSRLS, owns nothing. Roles are per cluster, shared by its databases. */
export const TENANT_ROLE = 'app_tenant';

/** The setting the policies read, set per transaction. */
export const ACCOUNT_SETTING = 'app.account_id';

/** The notification channel the change triggers write to. */
export const CHANGES_CHANNEL = 'app_changes';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The statement that starts every tenant transaction: the role and the account, both local to the transaction (they
 * end with its COMMIT or ROLLBACK, so a pooled connection never carries them into the next one). A plain statement
 * without parameters, so it can share one round trip with BEGIN.
 */
export function tenantPrelude(accountId: string): string {
  if (!UUID.test(accountId)) throw new Error('an account id is a uuid');
  return `select set_config('role', '${TENANT_ROLE}', true), set_config('${ACCOUNT_SETTING}', '${accountId}', true)`;
}

/** What the policies compare with: evaluated once per statement (an init plan), not once per row. */
const CURRENT_ACCOUNT = `(select nullif(current_setting('${ACCOUNT_SETTING}', true), '')::uuid)`;

/**
 * Tables whose changes the session cache listens to, with the key columns each notification carries: the session
 * and init answer are built from these rows only.
 */
export const WATCHED_TABLES: Record<string, string[]> = {
  sessions: ['id'],
  users: ['id'],
  memberships: ['id', 'user_id', 'account_id'],
  accounts: ['id'],
  membership_locations: ['membership_id'],
  app_state: ['key'],
};

export interface CatalogTable {
  name: string;
  hasAccountId: boolean;
}

export interface CatalogForeignKey {
  table: string;
  column: string;
  notNull: boolean;
  parent: string;
  parentColumn: string;
}

export interface TenantPolicy {
  table: string;
  /** Which rows are visible (and may be updated or deleted). */
  using: string;
  /** Which rows may be written. */
  check: string;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * The policy of every tenant table, from the catalog: pure, so the rules are tested without a database.
 * Tables that are not tenant tables are left out.
 */
export function tenantPolicies(tables: CatalogTable[], foreignKeys: CatalogForeignKey[]): TenantPolicy[] {
  const base = new Set(tables.filter((t) => t.hasAccountId || t.name === 'accounts').map((t) => t.name));
  const tenant = new Set(base);
  // Link tables (and links of links) are found through their foreign keys until nothing new turns up.
  for (let added = true; added; ) {
    added = false;
    for (const t of tables) {
      if (tenant.has(t.name)) continue;
      if (foreignKeys.some((fk) => fk.table === t.name && fk.parent !== t.name && tenant.has(fk.parent))) {
        tenant.add(t.name);
        added = true;
      }
    }
  }
  const policies: TenantPolicy[] = [];
  for (const t of [...tables].sort((a, b) => a.name.localeCompare(b.name))) {
    if (!tenant.has(t.name)) continue;
    if (base.has(t.name)) {
      const expr = `${ident(t.name === 'accounts' && !t.hasAccountId ? 'id' : 'account_id')} = ${CURRENT_ACCOUNT}`;
      policies.push({ table: t.name, using: expr, check: expr });
      continue;
    }
    const parents = foreignKeys
      .filter((fk) => fk.table === t.name && fk.parent !== t.name && tenant.has(fk.parent))
      .sort((a, b) => a.column.localeCompare(b.column));
    const exists = (fk: CatalogForeignKey) =>
      `exists (select 1 from ${ident(fk.parent)} p where p.${ident(fk.parentColumn)} = ${ident(t.name)}.${ident(fk.column)})`;
    const required = parents.filter((fk) => fk.notNull);
    const optional = parents.filter((fk) => !fk.notNull);
    // Reading asks one parent (one that holds the account itself when there is one): enough to place the row.
    const reader =
      required.find((fk) => base.has(fk.parent)) ?? required[0] ?? optional.find((fk) => base.has(fk.parent));
    const using = required.length
      ? exists(reader!)
      : `(${optional.map((fk) => `${ident(fk.column)} is not null`).join(' or ')}) and ${optional
          .map((fk) => `(${ident(fk.column)} is null or ${exists(fk)})`)
          .join(' and ')}`;
    // Writing asks every parent: a row of this account cannot point into another one.
    const check = required.length
      ? [...required.map(exists), ...optional.map((fk) => `(${ident(fk.column)} is null or ${exists(fk)})`)].join(
          ' and ',
        )
      : using;
    policies.push({ table: t.name, using, check });
  }
  return policies;
}

/** A short, stable name for a policy's definition: a changed definition gets a new name and replaces the old one. */
export function policyName(policy: TenantPolicy): string {
  let h1 = 0x811c9dc5;
  let h2 = 0x01000193;
  for (const ch of `${policy.using}|${policy.check}`) {
    const c = ch.charCodeAt(0);
    h1 = Math.imul(h1 ^ c, 16777619) >>> 0;
    h2 = Math.imul(h2 ^ c, 2246822519) >>> 0;
  }
  return `tenant_${h1.toString(16).padStart(8, '0')}${h2.toString(16).padStart(8, '0').slice(0, 4)}`;
}

type Exec = (text: string) => Promise<{ rows: any[] }>;

const CATALOG_TABLES = `
  select c.relname as name,
    exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'account_id' and not a.attisdropped)
      as "hasAccountId"
  from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p')`;

const CATALOG_FOREIGN_KEYS = `
  select cl.relname as "table", a.attname as "column", a.attnotnull as "notNull",
    pl.relname as parent, pa.attname as "parentColumn"
  from pg_constraint k
  join pg_class cl on cl.oid = k.conrelid
  join pg_namespace n on n.oid = cl.relnamespace
  join pg_class pl on pl.oid = k.confrelid
  join pg_namespace pn on pn.oid = pl.relnamespace
  join pg_attribute a on a.attrelid = k.conrelid and a.attnum = k.conkey[1]
  join pg_attribute pa on pa.attrelid = k.confrelid and pa.attnum = k.confkey[1]
  where k.contype = 'f' and n.nspname = 'public' and pn.nspname = 'public' and cardinality(k.conkey) = 1`;

const CATALOG_POLICIES = `
  select c.relname as "table", p.polname as name, c.relrowsecurity as enabled
  from pg_policy p join pg_class c on c.oid = p.polrelid join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and p.polname like 'tenant\\_%'`;

const CATALOG_RLS = `
  select c.relname as "table" from pg_class c join pg_namespace n on n.oid = c.relnamespace
  where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity`;

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Runs `sql` once, swallowing "already exists" from a concurrent start that did it first. */
const once = (sql: string) =>
  `do $once$ begin ${sql}; exception when duplicate_object or unique_violation then null; end $once$;`;

/**
 * Creates the role, grants, policies and change triggers where missing: idempotent, safe to run on every start and
 * from several instances at once (an advisory lock orders them). Answers the tenant tables it covers.
 */
export async function secureTenantTables(exec: Exec): Promise<TenantPolicy[]> {
  const [tables, foreignKeys, existing, enabled] = [
    (await exec(CATALOG_TABLES)).rows as CatalogTable[],
    (await exec(CATALOG_FOREIGN_KEYS)).rows as CatalogForeignKey[],
    (await exec(CATALOG_POLICIES)).rows as { table: string; name: string }[],
    new Set(((await exec(CATALOG_RLS)).rows as { table: string }[]).map((r) => r.table)),
  ];
  const policies = tenantPolicies(tables, foreignKeys);
  const names = new Set(tables.map((t) => t.name));
  const role = ident(TENANT_ROLE);
  // One script: PostgreSQL runs it as one transaction (all or nothing) when it holds no BEGIN or COMMIT of its own.
  const statements: string[] = [
    `select pg_advisory_xact_lock(${0x7e7a_a17})`,
    `do $role$ begin
       if not exists (select 1 from pg_roles where rolname = ${literal(TENANT_ROLE)}) then
         begin
           create role ${role} nologin noinherit nobypassrls;
         exception when duplicate_object or unique_violation then null;
         end;
       end if;
       -- A connection that is not a superuser may switch to the role only as its member.
       if not (select rolsuper from pg_roles where rolname = current_user)
          and not pg_has_role(current_user, ${literal(TENANT_ROLE)}, 'member') then
         execute format('grant %I to %I', ${literal(TENANT_ROLE)}, current_user);
       end if;
     end $role$`,
    `grant usage on schema public to ${role}`,
    `grant select, insert, update, delete on all tables in schema public to ${role}`,
    `grant usage, select on all sequences in schema public to ${role}`,
    `alter default privileges in schema public grant select, insert, update, delete on tables to ${role}`,
    `alter default privileges in schema public grant usage, select on sequences to ${role}`,
  ];
  for (const policy of policies) {
    const name = policyName(policy);
    const table = ident(policy.table);
    if (!enabled.has(policy.table)) statements.push(`alter table ${table} enable row level security`);
    for (const old of existing.filter((p) => p.table === policy.table && p.name !== name)) {
      statements.push(`drop policy if exists ${ident(old.name)} on ${table}`);
    }
    if (!existing.some((p) => p.table === policy.table && p.name === name)) {
      statements.push(
        once(
          `create policy ${ident(name)} on ${table} to ${role} using (${policy.using}) with check (${policy.check})`,
        ),
      );
    }
  }
  // The one cross-account fact a request may read (db/across-accounts.ts): which accounts hold these people.
  statements.push(`create or replace function app_memberships_of_users(user_ids uuid[])
    returns table (user_id uuid, account_id uuid, status text)
    language sql stable security definer set search_path = public, pg_temp
    as $fn$ select m.user_id, m.account_id, m.status::text from memberships m where m.user_id = any(user_ids) $fn$`);
  statements.push('revoke all on function app_memberships_of_users(uuid[]) from public');
  statements.push(`grant execute on function app_memberships_of_users(uuid[]) to ${role}`);
  // Change notifications for the session cache: key columns only, never the row (it may hold a password hash).
  statements.push(`create or replace function app_notify_change() returns trigger language plpgsql as $fn$
    declare
      payload jsonb := jsonb_build_object('t', tg_table_name);
      old_row jsonb := case when tg_op <> 'INSERT' then to_jsonb(old) end;
      new_row jsonb := case when tg_op <> 'DELETE' then to_jsonb(new) end;
      i int;
    begin
      for i in 0 .. tg_nargs - 1 loop
        payload := payload || jsonb_build_object(tg_argv[i],
          (select jsonb_agg(distinct v) from unnest(array[old_row ->> tg_argv[i], new_row ->> tg_argv[i]]) v
           where v is not null));
      end loop;
      perform pg_notify(${literal(CHANGES_CHANNEL)}, payload::text);
      return null;
    end $fn$`);
  for (const [table, keys] of Object.entries(WATCHED_TABLES)) {
    if (!names.has(table)) continue;
    statements.push(
      `create or replace trigger app_notify_change after insert or update or delete on ${ident(table)}
       for each row execute function app_notify_change(${keys.map(literal).join(', ')})`,
    );
  }
  await exec(statements.join(';\n'));
  return policies;
}

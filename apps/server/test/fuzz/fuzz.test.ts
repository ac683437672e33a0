import { CSRF_HEADER, SESSION_COOKIE } from '@app/contracts';
import { addDays, todayIn } from '@app/domain';
import { eq, type SQL, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  costCentres,
  duties,
  locations,
  memberships,
  rosterItems,
  shifts,
  tags,
  users,
} from '../../src/db/schema';
import { SAMPLE_PASSWORD } from '../../src/sample/seed';
import { createTestApp, type TestApp } from '../app';
import {
  badValues,
  type IdKind,
  type IdPools,
  idKindOf,
  type JsonSchema,
  plausible,
  RawJson,
  resolver,
  stringAttacks,
  toJson,
  UNKNOWN_ID,
} from './schema-values';

/**
 * Walks every operation of the OpenAPI document and sends generated bad input to each, signed in as a planner and as
 * an employee. Holds: no 5xx; every 4xx has the product's error shape with a `code`; a refused request changes no
 * row. CI runs a fixed seed; run longer with e.g. `FUZZ_RUNS=200 FUZZ_SEED=7 npx vitest run apps/server/test/fuzz`.
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

/** Tables a refused request may write: the session's last-seen time and the login throttle's record. */
const MAY_CHANGE_WHEN_REFUSED = ['sessions', 'login_attempts', 'app_state'];

interface Operation {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  params: { name: string; in: 'path' | 'query'; schema: JsonSchema; required?: boolean }[];
  body: JsonSchema | null;
}

interface Case {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: unknown;
  raw?: string;
}

let t: TestApp;
let pools: IdPools;
let operations: Operation[];
let resolve: (s: JsonSchema) => JsonSchema;
let dates: string[];

beforeAll(async () => {
  t = await createTestApp({ roster: true });
  const db = t.database.db;
  const [bistro] = await db.select().from(accounts).where(sql`${accounts.name} = 'Bistro Central'`);
  const idsOf = async (accountIsBistro: boolean): Promise<Record<IdKind, string[]>> => {
    const cond = (col: unknown) => (accountIsBistro ? sql`${col} = ${bistro.id}` : sql`${col} <> ${bistro.id}`);
    const ids = (rows: { id: string }[]) => rows.map((r) => r.id);
    const byKind = {
      location: ids(await db.select({ id: locations.id }).from(locations).where(cond(locations.accountId))),
      // The fuzzing members' own memberships first: many calls (preferences, availability) are about oneself.
      membership: ids(
        await db
          .select({ id: memberships.id })
          .from(memberships)
          .innerJoin(users, eq(users.id, memberships.userId))
          .where(cond(memberships.accountId))
          .orderBy(sql`${users.email} NOT IN ('planner@example.com', 'employee@example.com')`)
          .limit(8),
      ),
      duty: ids(await db.select({ id: duties.id }).from(duties).where(cond(duties.accountId))),
      shift: ids(await db.select({ id: shifts.id }).from(shifts).where(cond(shifts.accountId))),
      tag: ids(await db.select({ id: tags.id }).from(tags).where(cond(tags.accountId))),
      costCentre: ids(await db.select({ id: costCentres.id }).from(costCentres).where(cond(costCentres.accountId))),
      item: ids(await db.select({ id: rosterItems.id }).from(rosterItems).where(cond(rosterItems.accountId)).limit(12)),
    };
    return { ...byKind, any: Object.values(byKind).flat() };
  };
  pools = { own: await idsOf(true), foreign: await idsOf(false) };
  const today = todayIn('Europe/Berlin');
  dates = [addDays(today, -3), today, addDays(today, 1), addDays(today, 9), addDays(today, 20), addDays(today, 40)];

  // A row-level trigger on every table logs committed writes; a refused request must leave the log as it was.
  await db.execute(sql.raw('CREATE TABLE fuzz_writes (id bigserial PRIMARY KEY, tbl text NOT NULL, op text NOT NULL)'));
  await db.execute(
    sql.raw(`CREATE FUNCTION fuzz_log() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN INSERT INTO fuzz_writes (tbl, op) VALUES (TG_TABLE_NAME, TG_OP); RETURN NULL; END $$`),
  );
  const tables = await rowsOf<{ tablename: string }>(
    sql.raw("SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'fuzz_writes'"),
  );
  for (const { tablename } of tables) {
    await db.execute(
      sql.raw(
        `CREATE TRIGGER fuzz_log AFTER INSERT OR UPDATE OR DELETE ON "${tablename}" FOR EACH ROW EXECUTE FUNCTION fuzz_log()`,
      ),
    );
  }

  const doc = (t.app as unknown as { swagger(): any }).swagger();
  resolve = resolver(doc.components?.schemas ?? {});
  operations = Object.entries(doc.paths as Record<string, Record<string, any>>).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({
      method: method.toUpperCase() as Operation['method'],
      path,
      params: (op.parameters ?? []).filter((p: { in: string }) => p.in === 'path' || p.in === 'query'),
      body: op.requestBody?.content?.['application/json']?.schema ?? null,
    })),
  );
});
afterAll(async () => t.dispose());

/** Every dotted path to a value inside a body, so a mutation can reach nested fields. */
function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
}

function valueAt(root: unknown, path: string[]): unknown {
  return path.reduce<unknown>(
    (v, k) => (v && typeof v === 'object' ? (v as Record<string, unknown>)[k] : undefined),
    root,
  );
}

function setAt(root: unknown, path: string[], value: unknown, remove = false): unknown {
  if (path.length === 0) return value;
  const copy = { ...(root as Record<string, unknown>) };
  if (path.length === 1) {
    if (remove) delete copy[path[0]];
    else copy[path[0]] = value;
    return copy;
  }
  copy[path[0]] = setAt(copy[path[0]], path.slice(1), value, remove);
  return copy;
}

const MALFORMED_JSON = ['{"a":', '{', '[1,]', 'nul', '{"a":1}{"b":2}', '\u0000', '"\\ud800"', '{"__proto__":{"x":1}}'];

interface Draw {
  valid: Case;
  kind: string;
  pick: number;
  badIndex: number;
  rawIndex: number;
}

/** What fast-check draws: a plausible call and which mutation to apply, by index (it never prints a bad value). */
function drawFor(op: Operation, bad: unknown[]): fc.Arbitrary<Draw> {
  // `{id}` holds the kind of the path segment before it: /api/items/{id} an item, /api/duties/{id} a duty.
  const hint = (name: string) => (name === 'id' ? op.path.split('/{id}')[0].split('/').pop() : name);
  const record = (names: { name: string; schema: JsonSchema; required?: boolean }[]) =>
    fc.record(
      Object.fromEntries(names.map((p) => [p.name, plausible(p.schema, resolve, pools, dates, hint(p.name))])),
      {
        requiredKeys: names.filter((p) => p.required).map((p) => p.name),
      },
    );
  const valid = fc.record({
    path: record(op.params.filter((p) => p.in === 'path').map((p) => ({ ...p, required: true }))),
    query: record(op.params.filter((p) => p.in === 'query')),
    body: op.body ? plausible(op.body, resolve, pools, dates) : fc.constant(undefined),
  });
  const kinds = ['none', 'path', 'query', 'extraQuery'];
  if (op.body) kinds.push('field', 'field', 'field', 'drop', 'extra', 'whole', 'raw');
  return fc.record({
    valid,
    kind: fc.constantFrom(...kinds),
    pick: fc.nat(),
    badIndex: fc.nat(bad.length - 1),
    rawIndex: fc.nat(MALFORMED_JSON.length - 1),
  });
}

/** Applies the drawn mutation: one bad value in a path or query parameter or a body field, or a broken body. */
function mutate(op: Operation, d: Draw, bad: unknown[]): { c: Case; mutation: string } {
  const c: Case = { path: { ...d.valid.path }, query: { ...d.valid.query }, body: d.valid.body };
  const value = bad[d.badIndex];
  const pathNames = Object.keys(c.path);
  const queryNames = op.params.filter((p) => p.in === 'query').map((p) => p.name);
  const fields = pathsOf(c.body);
  const describe = (v: unknown) => {
    const text =
      v instanceof RawJson
        ? `json(${v.text.length})`
        : typeof v === 'string'
          ? JSON.stringify(v)
          : Array.isArray(v)
            ? `array(${v.length})`
            : JSON.stringify(v);
    return text.length > 40 ? `${text.slice(0, 40)}…(${text.length})` : text;
  };
  if (d.kind === 'path' && pathNames.length) {
    const name = pathNames[d.pick % pathNames.length];
    const attacks = stringAttacks(pools, idKindOf(name === 'id' ? op.path : name));
    c.path[name] = d.pick % 2 ? attacks[d.badIndex % attacks.length] : value;
    return { c, mutation: `path ${name}=${describe(c.path[name])}` };
  }
  if (d.kind === 'query' && queryNames.length && d.pick % 2) {
    const name = queryNames[d.pick % queryNames.length];
    const attacks = stringAttacks(pools, idKindOf(name));
    c.query[name] = attacks[d.badIndex % attacks.length];
    return { c, mutation: `query ${name}=${describe(c.query[name])}` };
  }
  if (d.kind === 'path' && pathNames.length) {
    const name = pathNames[d.pick % pathNames.length];
    c.path[name] = value;
    return { c, mutation: `path ${name}=${describe(value)}` };
  }
  if (d.kind === 'query' && queryNames.length) {
    const name = queryNames[d.pick % queryNames.length];
    c.query[name] = value;
    return { c, mutation: `query ${name}=${describe(value)}` };
  }
  if (d.kind === 'extraQuery') {
    c.query.unexpected = value;
    return { c, mutation: `query unexpected=${describe(value)}` };
  }
  if (d.kind === 'field' && fields.length) {
    // Text fields first: most bad input in the wild is a string where a string belongs, only a bad one.
    const strings = fields.filter((f) => typeof valueAt(c.body, f) === 'string');
    const pool = strings.length && d.pick % 3 !== 0 ? strings : fields;
    const field = pool[d.pick % pool.length];
    if (typeof valueAt(c.body, field) === 'string' && d.pick % 3 !== 0) {
      const attacks = stringAttacks(pools, idKindOf(field[field.length - 1]));
      const attack = attacks[d.badIndex % attacks.length];
      c.body = setAt(c.body, field, attack);
      return { c, mutation: `field ${field.join('.')}=${describe(attack)}` };
    }
    c.body = setAt(c.body, field, value);
    return { c, mutation: `field ${field.join('.')}=${describe(value)}` };
  }
  if (d.kind === 'drop' && fields.length) {
    const field = fields[d.pick % fields.length];
    c.body = setAt(c.body, field, undefined, true);
    return { c, mutation: `drop ${field.join('.')}` };
  }
  if (d.kind === 'extra') {
    c.body = setAt(c.body && typeof c.body === 'object' ? c.body : {}, ['unexpectedField'], value);
    return { c, mutation: `extra field=${describe(value)}` };
  }
  if (d.kind === 'whole') {
    c.body = value;
    return { c, mutation: `body=${describe(value)}` };
  }
  if (d.kind === 'raw') {
    c.raw = MALFORMED_JSON[d.rawIndex];
    return { c, mutation: `raw ${JSON.stringify(c.raw)}` };
  }
  return { c, mutation: 'none' };
}

/** A value as it travels in a URL: strings as they are, anything else as JSON, both capped so the URL stays sane. */
const inUrl = (v: unknown) =>
  Array.from((typeof v === 'string' ? v : toJson(v)).slice(0, 4_000), (ch) => {
    // A lone surrogate cannot be encoded as UTF-8; send the three bytes a careless client would (e.g. %ED%A0%80).
    if (ch.length === 1 && ch.charCodeAt(0) >= 0xd800 && ch.charCodeAt(0) <= 0xdfff) {
      const u = ch.charCodeAt(0);
      return [0xe0 | (u >> 12), 0x80 | ((u >> 6) & 0x3f), 0x80 | (u & 0x3f)]
        .map((b) => `%${b.toString(16).toUpperCase()}`)
        .join('');
    }
    return encodeURIComponent(ch);
  }).join('');

function urlOf(op: Operation, c: Case): string {
  const path = op.path.replace(/\{(\w+)\}/g, (_, name) => inUrl(c.path[name] ?? UNKNOWN_ID));
  const query = Object.entries(c.query)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${k}=${inUrl(v)}`)
    .join('&');
  return query ? `${path}?${query}` : path;
}

interface Session {
  cookie: string;
  csrf: string;
}

let addressCounter = 0;
async function signInAs(email: string): Promise<Session> {
  // Each sign-in from its own address: the fuzzed login calls may have used up the throttle of the fuzzer's address.
  addressCounter++;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password: SAMPLE_PASSWORD },
    remoteAddress: `127.1.${Math.floor(addressCounter / 250)}.${addressCounter % 250}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  const cookie = res.cookies.find((x) => x.name === SESSION_COOKIE)!.value;
  return { cookie, csrf: res.json().csrfToken };
}

/** Rows of a raw query, on PGlite and PostgreSQL alike. */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.database.db.execute(query)) as unknown as { rows: T[] }).rows;
}

/** Where the write log stands: its last entry (read by the primary key, so it stays cheap as the log grows). */
async function lastWrite(): Promise<number> {
  const [row] = await rowsOf<{ id: string | number | null }>(sql.raw('SELECT max(id) AS id FROM fuzz_writes'));
  return Number(row?.id ?? 0);
}

/** The writes logged after `since`, but for the tables a refused request may touch. */
async function writesSince(since: number): Promise<string[]> {
  const rows = await rowsOf<{ tbl: string; op: string }>(
    sql.raw(
      `SELECT tbl, op FROM fuzz_writes WHERE id > ${since} AND tbl NOT IN (${MAY_CHANGE_WHEN_REFUSED.map((x) => `'${x}'`).join(',')})`,
    ),
  );
  return rows.map((r) => `${r.op} ${r.tbl}`);
}

describe('fuzzing every operation of the API with bad input', () => {
  it.each(['planner@example.com', 'employee@example.com'])(
    'signed in as %s: no 5xx, every refusal has a code and changes nothing',
    async (email) => {
      let session = await signInAs(email);
      const bad = badValues(pools);
      const failures: string[] = [];
      let requests = 0;
      let refused = 0;
      for (const op of operations) {
        await fc.assert(
          fc.asyncProperty(drawFor(op, bad), async (draw) => {
            const { c, mutation } = mutate(op, draw, bad);
            const url = urlOf(op, c);
            const before = await lastWrite();
            const hasBody = op.method !== 'GET' && (c.raw !== undefined || c.body !== undefined);
            const res = await t.app.inject({
              method: op.method,
              url,
              remoteAddress: '127.0.0.9',
              cookies: { [SESSION_COOKIE]: session.cookie },
              headers: {
                [CSRF_HEADER]: session.csrf,
                ...(hasBody ? { 'content-type': 'application/json' } : {}),
              },
              ...(hasBody ? { payload: c.raw ?? toJson(c.body) } : {}),
            });
            requests++;
            const label = `${op.method} ${op.path} [${mutation}] → ${res.statusCode}`;
            if (res.statusCode >= 500) failures.push(`${label}: ${res.body.slice(0, 300)}`);
            if (res.statusCode >= 400) {
              refused++;
              let code: unknown;
              try {
                code = res.json().code;
              } catch {
                code = undefined;
              }
              if (typeof code !== 'string') failures.push(`${label} without a code: ${res.body.slice(0, 200)}`);
              const wrote = await writesSince(before);
              if (wrote.length > 0) {
                failures.push(`${label} refused but wrote: ${wrote.join(', ')}`);
              }
            }
            // A call that ended the session (sign-out, a refused token) is followed by a new sign-in.
            if (res.statusCode === 401 || (op.path === '/api/auth/logout' && res.statusCode < 300)) {
              session = await signInAs(email);
            }
          }),
          { seed: SEED, numRuns: RUNS, endOnFailure: true },
        );
      }
      console.log(
        `fuzz as ${email}: ${requests} requests over ${operations.length} operations, ${refused} refused, ` +
          `${failures.filter((f) => / → 5\d\d/.test(f)).length} answered 5xx`,
      );
      expect(failures).toEqual([]);
      expect(requests).toBeGreaterThanOrEqual(operations.length * RUNS);
      // The write log works: the calls that were accepted did write (else "changed nothing" would prove nothing).
      expect(requests - refused).toBeGreaterThan(0);
      expect(await rowsOf(sql.raw('SELECT 1 FROM fuzz_writes LIMIT 1'))).toHaveLength(1);
    },
    600_000,
  );
});

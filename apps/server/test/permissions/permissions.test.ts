import { CSRF_HEADER, SESSION_COOKIE } from '@app/contracts';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Fixture, setUpPermissions } from './fixture';
import { REQUESTS, type Request, rowKey } from './requests';
import { HIDDEN_LNAME, NAME_REQUESTS, NAMES_HIDDEN, OUT_OF_SCOPE, SCOPE_REQUESTS, scopeWorld } from './scope';
import { type Method, NOT_API, PERMISSIONS, type PermissionRow, type Status, WHO, type Who } from './table';

let fx: Fixture;
beforeAll(async () => {
  fx = await setUpPermissions();
});
afterAll(async () => fx?.t.dispose());

/** Every route Fastify holds, as `METHOD /path` with `:params`: from its route tree and from the API document. */
function registeredRoutes(app: FastifyInstance): Set<string> {
  const out = new Set<string>();
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = line.match(/^([│├└─\s]*)(\S.*?)(?: \(([A-Z, ]+)\))?$/);
    if (!m) continue;
    const depth = m[1].length / 4;
    stack.length = depth;
    stack[depth] = m[2];
    const path = stack.join('');
    for (const method of m[3]?.split(', ') ?? []) out.add(`${method} ${path}`);
  }
  // The tree merges parameters of one position (`:id|:location`); the API document names each route's own.
  const doc = app.swagger() as { paths?: Record<string, Record<string, unknown>> };
  const documented = new Set<string>();
  for (const [path, methods] of Object.entries(doc.paths ?? {})) {
    for (const method of Object.keys(methods)) {
      documented.add(`${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`);
    }
  }
  const shape = (route: string) => route.replace(/:[\w|:]+/g, ':');
  const documentedShapes = new Set([...documented].map(shape));
  const all = [...documented, ...[...out].filter((r) => !documentedShapes.has(shape(r)))];
  return new Set(
    all.filter((r) => {
      const [method, path] = r.split(' ');
      return path.startsWith('/api/') && !NOT_API.test(path) && method !== 'HEAD' && method !== 'OPTIONS';
    }),
  );
}

/** The status, and the code when the expectation names one. */
function outcome(res: LightMyRequestResponse, expected: Status): Status {
  if (typeof expected === 'number') return res.statusCode;
  let code: unknown;
  try {
    code = res.json().code;
  } catch {
    code = undefined;
  }
  return `${res.statusCode} ${String(code)}`;
}

const methodOf = (row: PermissionRow) => row.route.split(' ')[0] as Method;

/**
 * Sends the request as the member (or without a session). Each member calls from an address of their own, so the
 * per-address rate limits of the auth routes count each member apart, as they would in real life.
 */
async function send(row: PermissionRow, req: Request, who: Who | null): Promise<LightMyRequestResponse> {
  const agent = who === null ? null : (req.agent ?? fx.people[who].agent);
  return fx.t.app.inject({
    method: methodOf(row),
    url: req.url,
    remoteAddress: `10.0.0.${who === null ? 99 : WHO.indexOf(who) + 1}`,
    cookies: agent ? { [SESSION_COOKIE]: agent.cookie } : {},
    headers: {
      ...(agent ? { [CSRF_HEADER]: agent.csrfToken } : {}),
      // Uploads send the file's bytes.
      ...(Buffer.isBuffer(req.body) ? { 'content-type': 'application/octet-stream' } : {}),
      ...req.headers,
    },
    ...(req.body === undefined ? {} : { payload: req.body as object }),
  });
}

describe('the permission table', () => {
  it('names every registered route, and only those; every row has its request', () => {
    const registered = registeredRoutes(fx.t.app);
    const named = new Set<string>(PERMISSIONS.map((r) => r.route));
    expect({ missingFromTable: [...registered].filter((r) => !named.has(r)).sort() }).toEqual({ missingFromTable: [] });
    expect({ notRegistered: [...named].filter((r) => !registered.has(r)).sort() }).toEqual({ notRegistered: [] });
    const keys = PERMISSIONS.map(rowKey);
    expect(keys.filter((k) => !REQUESTS[k])).toEqual([]);
    expect(Object.keys(REQUESTS).filter((k) => !keys.includes(k))).toEqual([]);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it('tries another account’s ids on every route that takes an id in its path', () => {
    const withForeign = new Set(PERMISSIONS.filter((r) => r.foreign !== undefined).map((r) => r.route));
    const takesId = PERMISSIONS.filter(
      (r) => r.public === undefined && /:(?!lang\b|key\b|month\b|year\b)\w+/.test(r.route),
    );
    expect(takesId.filter((r) => !withForeign.has(r.route)).map((r) => r.route)).toEqual([]);
  });

  for (const row of PERMISSIONS) {
    it(rowKey(row), async () => {
      const build = REQUESTS[rowKey(row)];
      if (row.public !== undefined) {
        // No session at all: nobody's role is read.
        const res = await send(row, await build.own(fx, 'employee'), null);
        expect({ anyone: outcome(res, row.public), body: res.statusCode >= 500 ? res.body : '' }).toEqual({
          anyone: row.public,
          body: '',
        });
        return;
      }
      const expected = row.own ?? {};
      const actual: Partial<Record<Who, Status>> = {};
      const bodies: string[] = [];
      for (const who of WHO) {
        const res = await send(row, await build.own(fx, who), who);
        actual[who] = outcome(res, expected[who as keyof typeof expected]);
        if (actual[who] !== expected[who as keyof typeof expected])
          bodies.push(`${who}: ${res.statusCode} ${res.body}`);
      }
      expect({ own: actual, bodies }).toEqual({ own: expected, bodies: [] });

      // Without a session every member route answers 401 (the cookie is the only credential).
      const anonymous = await send(row, await build.own(fx, 'employee'), null);
      expect({ anonymous: anonymous.statusCode }).toEqual({ anonymous: 401 });

      if (row.foreign === undefined) return;
      if (!build.foreign) throw new Error(`${rowKey(row)} names a foreign status but builds no foreign request`);
      const foreignExpected = Object.fromEntries(
        WHO.map((who) => [who, typeof row.foreign === 'object' ? (row.foreign[who] ?? 404) : (row.foreign ?? 404)]),
      ) as Record<Who, Status>;
      const foreignActual: Partial<Record<Who, Status>> = {};
      for (const who of WHO) {
        const req = await build.foreign(fx);
        // Calls that move a session run on a session of their own.
        const agent = row.route.startsWith('PUT /api/switch/') ? await fx.freshAgent(who) : undefined;
        const res = await send(row, { ...req, agent }, who);
        foreignActual[who] = outcome(res, foreignExpected[who]);
        if (foreignActual[who] !== foreignExpected[who]) bodies.push(`${who} (foreign): ${res.statusCode} ${res.body}`);
      }
      expect({ foreign: foreignActual, bodies }).toEqual({ foreign: foreignExpected, bodies: [] });
    });
  }

  it('keeps the sessions it used (only the calls meant to end one did)', async () => {
    for (const who of WHO) {
      const res = await fx.people[who].agent.get('/api/app/init');
      expect({ who, status: res.statusCode }).toEqual({ who, status: 200 });
    }
  });
});

// The restricted planner (restricted to Headquarter; docs/product/members.md) on a planning of their account outside
// it, and the names rule (scope.ts).
describe('the restricted planner beyond their plannings', () => {
  it('has a row for every route that takes a planning, and every row has its request', () => {
    const takesPlanning = PERMISSIONS.map((r) => r.route).filter((r) => /\/api\/locations\/:(id|location)\b/.test(r));
    const covered = new Set<string>(OUT_OF_SCOPE.map((r) => r.route));
    expect([...new Set(takesPlanning.filter((r) => !covered.has(r)))]).toEqual([]);
    expect(OUT_OF_SCOPE.map(rowKey).filter((k) => !SCOPE_REQUESTS[k])).toEqual([]);
    expect(NAMES_HIDDEN.map(rowKey).filter((k) => !NAME_REQUESTS[k])).toEqual([]);
    const routes = new Set<string>(PERMISSIONS.map((r) => r.route));
    expect([...OUT_OF_SCOPE, ...NAMES_HIDDEN].map((r) => r.route).filter((r) => !routes.has(r))).toEqual([]);
  });

  for (const row of OUT_OF_SCOPE) {
    it(`${rowKey(row)}: ${row.status}`, async () => {
      const world = await scopeWorld(fx);
      const req = await SCOPE_REQUESTS[rowKey(row)](fx, world);
      const res = await send({ route: row.route }, req, 'restrictedPlanner');
      expect({ status: outcome(res, row.status), body: res.statusCode < 300 ? res.body : '' }).toEqual({
        status: row.status,
        body: '',
      });
    });
  }

  for (const row of NAMES_HIDDEN) {
    it(`${rowKey(row)}: no names where names are hidden`, async () => {
      const world = await scopeWorld(fx);
      const build = NAME_REQUESTS[rowKey(row)];
      // The unrestricted planner sees the person, so the answer below is not empty by chance.
      const seen = await send({ route: row.route }, await build(fx, world), 'planner');
      expect({ status: seen.statusCode, named: seen.body.includes(HIDDEN_LNAME) }).toEqual({
        status: 200,
        named: true,
      });
      const res = await send({ route: row.route }, await build(fx, world), 'restrictedPlanner');
      expect({ status: res.statusCode, named: res.body.includes(HIDDEN_LNAME) }).toEqual({ status: 200, named: false });
    });
  }
});

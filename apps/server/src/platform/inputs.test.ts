import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DATE_MAX, JSON_BODY_MAX_BYTES, NOTE_MAX_LENGTH, PREFERENCE_MAX_KEYS } from '@app/contracts';
import { addDays } from '@app/domain';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { futureDay, type RosterTest, setUpRoster } from '../domains/roster/testkit';

/**
 * Every input is checked at the boundary (docs/product/errors.md): each reproducer of a malformed request (all
 * answered 500 or did needless work)
 * now gets a clean 4xx in the product's error shape, with a code, and field errors for 422.
 */

let r: RosterTest;
let item: string;
let plannerMembership: string;
let employeeMembership: string;
beforeAll(async () => {
  r = await setUpRoster();
  item = await r.item({ date: futureDay(0, 1), duty: r.ids.kitchen });
  plannerMembership = await r.memberId('planner@example.com');
  employeeMembership = await r.memberId('employee@example.com');
});
afterAll(async () => r.t.dispose());

const refused = (res: LightMyRequestResponse, status: number, code: string) => {
  expect([res.statusCode, res.json().code], res.body).toEqual([status, code]);
  expect(typeof res.json().message).toBe('string');
};
const fieldErrors = (res: LightMyRequestResponse) => {
  refused(res, 422, 'VALIDATION');
  return res.json().fields as Record<string, string[]>;
};
/** A body sent as it is written, for JSON that `inject` would not produce itself. */
const raw = (method: 'POST' | 'PUT', url: string, body: string, contentType = 'application/json') =>
  r.planner.request(method, url, body, { 'content-type': contentType });

describe('free text refuses NUL (PostgreSQL cannot store it)', () => {
  const NUL = 'a\u0000b';
  // [what, request, field, catalog key]: a preference key is a pattern, so NUL is simply not one of its characters.
  const cases: [string, () => Promise<LightMyRequestResponse>, string, string?][] = [
    ['tag name', () => r.planner.post('/api/tags', { name: NUL }), 'name'],
    ['location name', () => r.planner.post('/api/locations', { name: NUL }), 'name'],
    ['location address', () => r.planner.post('/api/locations', { name: 'Depot', address: NUL }), 'address'],
    ['duty name', () => r.planner.post('/api/duties', { identifier: 'Q', name: NUL }), 'name'],
    ['duty identifier', () => r.planner.post('/api/duties', { identifier: NUL, name: 'Quay' }), 'identifier'],
    [
      'shift name',
      () =>
        r.planner.post('/api/shifts', {
          identifier: 'Q',
          name: NUL,
          start: '06:00',
          end: '10:00',
          locationIds: [r.ids.hq],
        }),
      'name',
    ],
    [
      'shift identifier',
      () =>
        r.planner.post('/api/shifts', {
          identifier: NUL,
          name: 'Quay',
          start: '06:00',
          end: '10:00',
          locationIds: [r.ids.hq],
        }),
      'identifier',
    ],
    ['cost centre name', () => r.planner.post('/api/cost-centres', { name: NUL }), 'name'],
    ['cost centre code', () => r.planner.post('/api/cost-centres', { name: 'Quay', code: NUL }), 'code'],
    [
      'item notes on creation',
      () => r.planner.post('/api/items', { location: r.ids.hq, date: futureDay(0, 2), notes: NUL }),
      'notes',
    ],
    ['item notes', () => r.planner.put(`/api/items/${item}/notes`, { notes: NUL }), 'notes'],
    ['item internal notes', () => r.planner.put(`/api/items/${item}/internal`, { internal: NUL }), 'internal'],
    ['item message', () => r.planner.post('/api/item/messages', { item, message: NUL }), 'message'],
    [
      'day comment',
      () => r.planner.post('/api/messages', { location: r.ids.hq, date: futureDay(0, 1), comment: NUL }),
      'comment',
    ],
    [
      'day note',
      () => r.planner.put(`/api/locations/${r.ids.hq}/notes/${futureDay(0, 1)}`, { content: NUL }),
      'content',
    ],
    [
      'availability note',
      () =>
        r.employee.put('/api/availability', {
          membership: employeeMembership,
          dates: [futureDay(1, 1)],
          type: 'unavailable',
          note: NUL,
        }),
      'note',
    ],
    ['sickness code', () => r.planner.put(`/api/items/${item}/sick`, { code: NUL }), 'code'],
    [
      'profile first name',
      () => r.planner.put('/api/profile', { fname: NUL, lname: 'Planner', locale: 'en' }),
      'fname',
    ],
    ['profile last name', () => r.planner.put('/api/profile', { fname: 'Pat', lname: NUL, locale: 'en' }), 'lname'],
    [
      'preference key',
      () => r.planner.put(`/api/memberships/${plannerMembership}/preferences`, { key: NUL, value: 1 }),
      'key',
      'validation.invalid',
    ],
  ];
  for (const [what, send, field, key = 'validation.characters'] of cases) {
    it(`in the ${what}: 422 on ${field}`, async () => {
      expect(fieldErrors(await send())).toEqual({ [field]: [key] });
    });
  }

  it('and a line break in a one-line name', async () => {
    expect(fieldErrors(await r.planner.post('/api/tags', { name: 'Night\nshift' }))).toEqual({
      name: ['validation.characters'],
    });
  });
});

describe('lone surrogates', () => {
  it('in a day note: 422', async () => {
    const res = await r.planner.put(`/api/locations/${r.ids.hq}/notes/${futureDay(0, 3)}`, { content: 'a\uD800b' });
    expect(fieldErrors(res)).toEqual({ content: ['validation.characters'] });
  });

  it('in a preference value: 422', async () => {
    // Written by hand: JSON.stringify would escape the surrogate, which JSON.parse turns back into the same string.
    const res = await raw(
      'PUT',
      `/api/memberships/${plannerMembership}/preferences`,
      '{"key":"roster.view","value":{"label":"a\\ud800"}}',
    );
    expect(fieldErrors(res)).toEqual({ value: ['validation.characters'] });
  });
});

describe('preferences', () => {
  const preferences = async () => (await r.planner.get('/api/app/init')).json().membership.preferences;
  const put = (body: object) => r.planner.put(`/api/memberships/${plannerMembership}/preferences`, body);

  it('a value nested 5,000 levels deep answers 422, not a stack overflow', async () => {
    const deep = `${'['.repeat(5000)}1${']'.repeat(5000)}`;
    const res = await raw('PUT', `/api/memberships/${plannerMembership}/preferences`, `{"key":"deep","value":${deep}}`);
    expect(fieldErrors(res)).toEqual({ value: ['validation.tooLong'] });
    expect(await preferences()).not.toHaveProperty('deep');
  });

  it('a value of 100 KB answers 422 and never reaches /api/app/init', async () => {
    expect(fieldErrors(await put({ key: 'big', value: 'x'.repeat(100_000) }))).toEqual({
      value: ['validation.tooLong'],
    });
    expect(await preferences()).not.toHaveProperty('big');
  });

  it('a key outside the pattern answers 422', async () => {
    expect(fieldErrors(await put({ key: '__proto__', value: 1 }))).toEqual({ key: ['validation.invalid'] });
  });

  it(`at most ${PREFERENCE_MAX_KEYS} keys: one more answers 422, changing one still works`, async () => {
    const own = (body: object) => r.employee.put(`/api/memberships/${employeeMembership}/preferences`, body);
    const count = async () => Object.keys((await r.employee.get('/api/app/init')).json().membership.preferences).length;
    for (let i = await count(); i < PREFERENCE_MAX_KEYS; i++)
      expect((await own({ key: `k${i}`, value: i })).statusCode).toBe(200);
    expect(fieldErrors(await own({ key: 'oneTooMany', value: 1 }))).toEqual({ key: ['validation.tooLong'] });
    const some = Object.keys((await r.employee.get('/api/app/init')).json().membership.preferences)[0];
    expect((await own({ key: some, value: 'changed' })).statusCode).toBe(200);
    expect((await own({ key: some, value: null })).statusCode).toBe(200);
    expect(await count()).toBe(PREFERENCE_MAX_KEYS - 1);
  });

  it('null deletes the key', async () => {
    expect((await put({ key: 'roster.view', value: { period: 'week' } })).statusCode).toBe(200);
    expect((await preferences())['roster.view']).toEqual({ period: 'week' });
    expect((await put({ key: 'roster.view', value: null })).statusCode).toBe(200);
    expect(await preferences()).not.toHaveProperty('roster.view');
  });
});

describe('dates are real days from 1950 to 2050, and spans of work are capped', () => {
  it('GET /api/items with date=9999-12-31: 422 on date', async () => {
    const res = await r.planner.get(`/api/items?scope=planning&location=${r.ids.hq}&date=9999-12-31`);
    expect(fieldErrors(res)).toEqual({ date: ['validation.date'] });
  });

  it('the roster loads up to the last day accepted', async () => {
    const res = await r.planner.get(`/api/items?scope=planning&location=${r.ids.hq}&date=${DATE_MAX}&period=month`);
    expect(res.statusCode, res.body).toBe(200);
  });

  it('POST /api/items/bulk/fill up to the year 5000: 422 on until, before any work', async () => {
    const res = await r.planner.post('/api/items/bulk/fill', {
      location: r.ids.hq,
      from: futureDay(0, 1),
      until: '5000-01-01',
      shift: r.ids.early,
    });
    expect(fieldErrors(res)).toEqual({ until: ['validation.date'] });
  });

  it('bulk fill, preset and matching over a span longer than their maximum: 422 on until', async () => {
    const from = futureDay(0, 1);
    const until = addDays(from, 62);
    const fill = await r.planner.post('/api/items/bulk/fill', { location: r.ids.hq, from, until, shift: r.ids.early });
    expect(fieldErrors(fill)).toEqual({ until: ['validation.range'] });
    const preset = await r.planner.post(`/api/locations/${r.ids.hq}/preset/apply`, { from, until: '2050-12-31' });
    expect(fieldErrors(preset)).toEqual({ until: ['validation.range'] });
    const matching = await r.planner.post(`/api/locations/${r.ids.hq}/matching`, { from, until });
    expect(fieldErrors(matching)).toEqual({ until: ['validation.range'] });
    const backwards = await r.planner.post(`/api/locations/${r.ids.hq}/matching`, { from, until: addDays(from, -1) });
    expect(fieldErrors(backwards)).toEqual({ until: ['validation.range'] });
  });

  it('a release to 9999-12-31: 422 on date, the release date unchanged', async () => {
    const before = (await r.planner.get(`/api/locations/${r.ids.hq}`)).json().releasedUntil;
    const res = await r.planner.put(`/api/locations/${r.ids.hq}/release`, { date: '9999-12-31' });
    expect(fieldErrors(res)).toEqual({ date: ['validation.date'] });
    expect((await r.planner.get(`/api/locations/${r.ids.hq}`)).json().releasedUntil).toBe(before);
  });

  it('a date in a path: 422', async () => {
    const res = await r.planner.put(`/api/locations/${r.ids.hq}/notes/1949-12-31`, { content: 'old' });
    expect(fieldErrors(res)).toEqual({ date: ['validation.date'] });
  });
});

describe('requests the framework refuses answer in the same shape', () => {
  it('malformed JSON: 400 BAD_REQUEST', async () => {
    refused(await raw('POST', '/api/tags', '{"name":'), 400, 'BAD_REQUEST');
  });

  it('a body that is not JSON: 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    refused(
      await raw('POST', '/api/tags', 'name=Bar', 'application/x-www-form-urlencoded'),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it(`a body over ${JSON_BODY_MAX_BYTES} bytes: 413 PAYLOAD_TOO_LARGE`, async () => {
    const body = JSON.stringify({ name: 'x'.repeat(JSON_BODY_MAX_BYTES) });
    refused(await raw('POST', '/api/tags', body), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('a path parameter over the router’s length: 414 URI_TOO_LONG', async () => {
    refused(await r.planner.get(`/api/locations/${'a'.repeat(500)}`), 414, 'URI_TOO_LONG');
  });

  it('headers larger than Node reads: 431 HEADERS_TOO_LARGE', async () => {
    await r.t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = r.t.app.server.address() as AddressInfo;
    const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = httpRequest({
        port,
        host: '127.0.0.1',
        path: '/api/health',
        headers: { 'x-big': 'x'.repeat(64_000) },
      });
      req.on('response', (res) => {
        let body = '';
        res.on('data', (chunk) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });
    expect([answer.status, JSON.parse(answer.body).code]).toEqual([431, 'HEADERS_TOO_LARGE']);
  });
});

describe('the OpenAPI document states the same limits', () => {
  const body = (spec: Record<string, any>, path: string, method: string) =>
    spec.paths[path][method].requestBody.content['application/json'].schema;

  it('for day notes, tags, releases and preferences', async () => {
    const spec = (await r.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(body(spec, '/api/locations/{location}/notes/{date}', 'put').properties.content).toMatchObject({
      maxLength: NOTE_MAX_LENGTH,
      pattern: expect.any(String),
    });
    expect(body(spec, '/api/tags', 'post').properties.name).toMatchObject({ minLength: 1, maxLength: 50 });
    const release = body(spec, '/api/locations/{location}/release', 'put').properties.date;
    expect(release).toMatchObject({ format: 'date', pattern: expect.stringContaining('2050') });
    expect(release.description).toContain(DATE_MAX);
    const preference = body(spec, '/api/memberships/{id}/preferences', 'put').properties;
    expect(preference.key).toMatchObject({ maxLength: 64, pattern: expect.any(String) });
    expect(preference.value.description).toContain('null deletes');
  });

  it('bounds every string a request may carry: a length, a pattern, a format or a list', async () => {
    const spec = (await r.t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const unbounded: string[] = [];
    // The document is small and shallow: plain recursion is fine here.
    const walk = (schema: unknown, where: string) => {
      if (typeof schema !== 'object' || schema === null) return;
      const s = schema as Record<string, unknown>;
      if (s.type === 'string' && !s.maxLength && !s.pattern && !s.format && !s.enum && s.const === undefined)
        unbounded.push(where);
      for (const [key, value] of Object.entries(s)) walk(value, `${where}.${key}`);
    };
    for (const [path, operations] of Object.entries<Record<string, Record<string, unknown>>>(spec.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        walk(operation.requestBody, `${method} ${path} body`);
        walk(operation.parameters, `${method} ${path} parameters`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WEBHOOK_MAX_ATTEMPTS, WEBHOOK_RETRY_MINUTES } from '@app/contracts';
import { addDays, clockFrom, now, setClock } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import {
  apiTokens,
  hours,
  locations,
  memberships,
  outbox,
  rosterItems,
  users,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { transportAllowing } from '../../platform/webhook-transport';
import { futureDay, type RosterIds, rosterIds, today } from '../roster/testkit';
import { deliverDueWebhooks } from './delivery';
import { verifyWebhook } from './signature';

/**
 * The public API (docs/product/api.md): tokens read and write as their member narrowed by their scopes, and webhooks
 * reach a receiver this test starts, signed, retried and switched off after persistent failures.
 */

const RATE = 40;
let t: TestApp;
let ids: RosterIds;
let owner: Agent;
let employee: Agent;

/** A receiver on the loopback: answers each delivery with the next status of `answers` (the last one repeats). */
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let answers: number[] = [200];
let receiver: http.Server;
let receiverUrl: string;

beforeAll(async () => {
  t = await createTestApp({ config: { apiTokenRateLimit: RATE } });
  ids = await rosterIds(t.database.db);
  [owner, employee] = await Promise.all([signIn(t.app, 'owner@example.com'), signIn(t.app, 'employee@example.com')]);
  receiver = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.statusCode = answers.length > 1 ? (answers.shift() as number) : answers[0];
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  receiverUrl = `${origin}/hooks`;
  // The test's receiver is allowed by an injected transport; nothing a running server reads can allow it.
  t.ctx.webhooks = transportAllowing([origin]);
});
afterAll(async () => {
  receiver.close();
  await t.dispose();
});

const bearer = (secret: string) => ({ authorization: `Bearer ${secret}` });
const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, secret: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(secret), ...(payload ? { payload } : {}) });

async function token(agent: Agent, body: Record<string, unknown>): Promise<{ id: string; secret: string }> {
  const res = await agent.post('/api/tokens', { kind: 'integration', name: 'Payroll', expiresInDays: 30, ...body });
  expect(res.statusCode, res.body).toBe(200);
  return { id: res.json().token.id, secret: res.json().secret };
}

const roster = (location = ids.hq) => `/api/items?scope=planning&location=${location}`;

describe('access tokens', () => {
  it('are shown once and stored only as a hash; the list shows the prefix and when they were last used', async () => {
    const { id, secret } = await token(owner, { scopes: ['roster.read'] });
    expect(secret).toMatch(/^rst_[A-Za-z0-9_-]{43}$/);
    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, id));
    expect(row.tokenHash).not.toContain(secret.slice(4));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect((await call('GET', roster(), secret)).statusCode).toBe(200);
    const list = (await owner.get('/api/tokens')).json();
    const shown = list.integration.find((x: { id: string }) => x.id === id);
    expect(shown).toMatchObject({ prefix: secret.slice(0, 10), scopes: ['roster.read'], owner: expect.any(String) });
    expect(shown.lastUsedAt).not.toBeNull();
    expect(JSON.stringify(list)).not.toContain(secret);
  });

  it('a read token reads the roster and is refused a write with TOKEN_SCOPE; no CSRF token is asked', async () => {
    const read = await token(owner, { scopes: ['roster.read'] });
    const res = await call('GET', roster(), read.secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().items).toBeDefined();
    const write = await call('POST', '/api/items', read.secret, { location: ids.hq, date: futureDay(2) });
    expect(write.statusCode).toBe(403);
    expect(write.json()).toMatchObject({ code: 'TOKEN_SCOPE', data: { scope: 'roster.write' } });

    const writer = await token(owner, { scopes: ['roster.write'] });
    const created = await call('POST', '/api/items', writer.secret, {
      location: ids.hq,
      date: futureDay(2),
      duty: ids.kitchen,
    });
    expect(created.statusCode, created.body).toBe(200);
  });

  it('calls without a declared scope refuse tokens; /api/v1 aliases only the calls tokens may make', async () => {
    const { secret } = await token(owner, { scopes: ['roster.read', 'members.read'] });
    const refused = await call('GET', '/api/tokens', secret);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('TOKEN_NOT_ALLOWED');
    expect((await call('GET', '/api/app/init', secret)).json().code).toBe('TOKEN_NOT_ALLOWED');
    expect((await call('GET', `/api/v1${roster().slice(4)}`, secret)).statusCode).toBe(200);
    expect((await call('GET', '/api/v1/members', secret)).statusCode).toBe(200);
    const unversioned = await call('GET', '/api/v1/tokens', secret);
    expect(unversioned.statusCode).toBe(404);
  });

  it('a revoked, expired or unknown token answers 401 TOKEN_INVALID', async () => {
    const { id, secret } = await token(owner, { scopes: ['roster.read'], expiresInDays: 1 });
    expect((await call('GET', roster(), secret)).statusCode).toBe(200);
    const unknown = await call('GET', roster(), `${secret.slice(0, -2)}xx`);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().code).toBe('TOKEN_INVALID');
    const later = setClock(clockFrom(new Date(now().getTime() + 25 * 3_600_000)));
    try {
      expect((await call('GET', roster(), secret)).json().code).toBe('TOKEN_INVALID');
    } finally {
      setClock(later);
    }
    expect((await owner.delete(`/api/tokens/${id}`)).statusCode).toBe(200);
    const revoked = await call('GET', roster(), secret);
    expect(revoked.statusCode).toBe(401);
    expect(revoked.json().code).toBe('TOKEN_INVALID');
    expect((await owner.get('/api/tokens')).json().integration.map((x: { id: string }) => x.id)).not.toContain(id);
  });

  it("another account's ids answer 404, as with a session", async () => {
    const { secret } = await token(owner, { scopes: ['roster.read', 'members.read'] });
    const member = await call('GET', `/api/members/${ids.storeMember}`, secret);
    expect(member.statusCode).toBe(404);
    expect(member.json().code).toBe('NOT_FOUND');
    // The roster answers a planning it cannot find as gone (its own contract), to a token as to a session.
    const foreign = await call('GET', roster(ids.storeLocation), secret);
    const session = await owner.get(roster(ids.storeLocation));
    expect({ status: foreign.statusCode, body: foreign.json() }).toEqual({
      status: session.statusCode,
      body: session.json(),
    });
    expect(foreign.statusCode).not.toBe(200);
  });

  it("a personal token acts no further than its member: the employee's write token cannot plan", async () => {
    const refused = await employee.post('/api/tokens', {
      kind: 'personal',
      name: 'Mine',
      scopes: ['roster.read'],
      expiresInDays: 7,
    });
    expect(refused.statusCode).toBe(403);
    const [emp] = await t.database.db
      .select({ id: memberships.id })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(and(eq(users.email, 'employee@example.com'), eq(memberships.accountId, ids.bistro)));
    await t.database.db
      .update(memberships)
      .set({ rights: ['api.tokens'] })
      .where(eq(memberships.id, emp.id));
    const mine = await token(employee, { kind: 'personal', scopes: ['roster.read', 'roster.write'] });
    expect(
      (
        await employee.post('/api/tokens', {
          kind: 'integration',
          name: 'x',
          scopes: ['roster.read'],
          expiresInDays: 1,
        })
      ).statusCode,
    ).toBe(403);
    const write = await call('POST', '/api/items', mine.secret, { location: ids.hq, date: futureDay(2) });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('FORBIDDEN');
    const list = (await employee.get('/api/tokens')).json();
    expect(list.personal.map((x: { id: string }) => x.id)).toEqual([mine.id]);
    expect(list.integration).toEqual([]);
    // Someone else's token is not theirs to see or revoke.
    const other = await token(owner, { scopes: ['roster.read'] });
    expect((await employee.delete(`/api/tokens/${other.id}`)).statusCode).toBe(404);
  });

  it('each token has its own rate limit: over it, 429 THROTTLED with Retry-After', async () => {
    const { secret } = await token(owner, { scopes: ['members.read'] });
    const other = await token(owner, { scopes: ['members.read'] });
    for (let i = 0; i < RATE; i++) expect((await call('GET', '/api/members', secret)).statusCode).toBe(200);
    const over = await call('GET', '/api/members', secret);
    expect(over.statusCode).toBe(429);
    expect(over.json().code).toBe('THROTTLED');
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call('GET', '/api/members', other.secret)).statusCode).toBe(200);
    // The owner's own session is not limited by their tokens.
    expect((await owner.get('/api/members')).statusCode).toBe(200);
  });

  it('vacation, availability and the catalog have fitting scopes: without them 403 TOKEN_SCOPE naming the scope', async () => {
    const year = today().slice(0, 4);
    const vacation = `/api/vacation?year=${year}`;
    const availability = `/api/availability?from=${today()}&until=${addDays(today(), 6)}`;
    const decision = { decision: 'approved' };
    const someone = '00000000-0000-4000-8000-000000000000';
    const members = await token(owner, { scopes: ['members.read'] });
    for (const [method, url, scope, body] of [
      ['GET', vacation, 'vacation.read'],
      ['GET', '/api/vacation/balances', 'vacation.read'],
      ['PUT', `/api/vacation/${someone}/decision`, 'vacation.decide', decision],
      ['POST', '/api/vacation/decisions', 'vacation.decide', { ...decision, ids: [someone] }],
      ['GET', availability, 'availability.read'],
      ['GET', `/api/memberships/${someone}/availability-defaults`, 'availability.read'],
      ['GET', '/api/duties', 'roster.read'],
      ['GET', '/api/shifts', 'roster.read'],
      ['POST', `/api/hours/${someone}/deny`, 'hours.approve', { message: 'Not worked' }],
      ['POST', '/api/hours/deny', 'hours.approve', { ids: [someone], message: 'Not worked' }],
    ] as const) {
      const res = await call(method, url, members.secret, body);
      expect({ url, status: res.statusCode, body: res.json() }).toMatchObject({
        url,
        status: 403,
        body: { code: 'TOKEN_SCOPE', data: { scope } },
      });
    }
    // With the scope, the call answers as it does to the token's member in the app.
    const reader = await token(owner, { scopes: ['vacation.read', 'availability.read', 'roster.read'] });
    for (const url of [vacation, availability, '/api/duties', '/api/shifts']) {
      const res = await call('GET', url, reader.secret);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 200 });
      expect(res.json()).toEqual((await owner.get(url)).json());
    }
    // Reading is not deciding.
    const refused = await call('PUT', `/api/vacation/${someone}/decision`, reader.secret, decision);
    expect(refused.json()).toMatchObject({ code: 'TOKEN_SCOPE', data: { scope: 'vacation.decide' } });
    const decider = await token(owner, { scopes: ['vacation.decide'] });
    const unknown = await call('PUT', `/api/vacation/${someone}/decision`, decider.secret, decision);
    expect(unknown.statusCode).toBe(404);
    // Deciding hours: the approver's scope also denies them.
    const approver = await token(owner, { scopes: ['hours.approve'] });
    const denied = await call('POST', `/api/hours/${someone}/deny`, approver.secret, { message: 'Not worked' });
    expect(denied.statusCode).toBe(404);
  });

  it('the API document marks which operations take a token and the scope each needs', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(doc.paths['/api/items'].get['x-token-scope']).toBe('roster.read');
    expect(doc.paths['/api/items'].post['x-token-scope']).toBe('roster.write');
    expect(doc.paths['/api/hours/{id}/approve'].post['x-token-scope']).toBe('hours.approve');
    expect(doc.paths['/api/hours/{id}/deny'].post['x-token-scope']).toBe('hours.approve');
    expect(doc.paths['/api/vacation'].get['x-token-scope']).toBe('vacation.read');
    expect(doc.paths['/api/vacation/{id}/decision'].put['x-token-scope']).toBe('vacation.decide');
    expect(doc.paths['/api/availability'].get['x-token-scope']).toBe('availability.read');
    expect(doc.paths['/api/duties'].get['x-token-scope']).toBe('roster.read');
    expect(doc.paths['/api/tokens'].get['x-token-scope']).toBeUndefined();
    expect(doc.components.securitySchemes.token).toEqual({ type: 'http', scheme: 'bearer' });
  });
});

describe('webhooks', () => {
  const db = () => t.database.db;
  beforeEach(async () => {
    await db().delete(webhookEndpoints);
    await db().update(locations).set({ releasedUntil: null }).where(eq(locations.accountId, ids.bistro));
    await db().delete(outbox);
    received.length = 0;
    answers = [200];
  });

  async function register(events: string[] = ['roster.released']) {
    const res = await owner.post('/api/webhooks', { url: receiverUrl, description: 'Payroll', events });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { endpoint: { id: string }; secret: string };
  }
  const release = (date = addDays(today(), 3)) => owner.put(`/api/locations/${ids.hq}/release`, { date });
  const deliveries = async (endpointId: string) =>
    db().select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId));
  /** Moves the clock past the wait before the next try. */
  const advance = (minutes: number) => setClock(clockFrom(new Date(now().getTime() + minutes * 60_000 + 1000)));

  it('an endpoint on the loopback, a private network or without https is refused by the real guard', async () => {
    const real = t.ctx.webhooks;
    for (const url of [
      'https://127.0.0.1/hooks',
      'https://10.0.0.8/hooks',
      'https://169.254.169.254/latest',
      'https://[::1]/hooks',
      'https://localhost/hooks',
      'http://hooks.example.com/x',
      'https://user:pw@hooks.example.com/x',
    ]) {
      const res = await owner.post('/api/webhooks', { url, description: '', events: ['roster.released'] });
      expect({ url, status: res.statusCode, fields: res.json().fields }).toEqual({
        url,
        status: 422,
        fields: { url: ['validation.webhookUrl'] },
      });
    }
    expect(real.allows('https://hooks.example.com/x')).toBe(true);
    // The test's allowance is this one origin over http, nothing more.
    expect(real.allows('http://127.0.0.1:1/hooks')).toBe(false);
  });

  it('a release reaches the receiver signed per Standard Webhooks, recorded in the release itself', async () => {
    const { endpoint, secret } = await register();
    expect(secret).toMatch(/^whsec_/);
    const date = addDays(today(), 3);
    expect((await release(date)).statusCode).toBe(200);
    const [queued] = await deliveries(endpoint.id);
    expect(queued).toMatchObject({ event: 'roster.released', status: 'pending' });
    await deliverDueWebhooks(t.ctx);
    expect(received).toHaveLength(1);
    const [{ headers, body }] = received;
    expect(headers['webhook-id']).toBe(queued.messageId);
    expect(verifyWebhook(secret, headers as Record<string, string>, body)).toBe(true);
    expect(verifyWebhook(secret, headers as Record<string, string>, body.replace('released', 'revoked'))).toBe(false);
    expect(JSON.parse(body)).toMatchObject({
      type: 'roster.released',
      data: { location: ids.hq, releasedUntil: date },
    });
    const [done] = await deliveries(endpoint.id);
    expect(done).toMatchObject({ status: 'delivered', attempts: 1, responseStatus: 200 });
    const log = (await owner.get(`/api/webhooks/${endpoint.id}/deliveries`)).json();
    expect(log[0]).toMatchObject({ event: 'roster.released', status: 'delivered', responseStatus: 200 });
  });

  it('an endpoint hears only its events, and a refused change records none', async () => {
    const { endpoint } = await register(['item.created']);
    expect((await release()).statusCode).toBe(200);
    expect(await deliveries(endpoint.id)).toEqual([]);
    const refused = await owner.post('/api/items', { location: ids.hq, date: futureDay(3), duty: ids.storeDuty });
    expect(refused.statusCode).toBe(404);
    expect(await deliveries(endpoint.id)).toEqual([]);
    const created = await owner.post('/api/items', { location: ids.hq, date: futureDay(3), duty: ids.kitchen });
    expect(created.statusCode, created.body).toBe(200);
    const [row] = await deliveries(endpoint.id);
    expect(row.payload).toEqual({ id: created.json().item.id, location: ids.hq, date: futureDay(3) });
  });

  it('the bulk bar tells integrations of each item it creates or deletes, as single edits do', async () => {
    const made = await owner.post('/api/items', { location: ids.hq, date: futureDay(4), duty: ids.kitchen });
    expect(made.statusCode, made.body).toBe(200);
    const item = made.json().item.id as string;
    const { endpoint } = await register(['item.created', 'item.deleted']);
    const dup = await owner.post('/api/items/bulk/duplicate', { items: [item] });
    expect(dup.statusCode, dup.body).toBe(200);
    const [copy] = dup.json().created as string[];
    const del = await owner.post('/api/items/bulk/delete', { items: [item, copy] });
    expect(del.statusCode, del.body).toBe(200);
    const sent = await deliveries(endpoint.id);
    expect(sent.map((d) => [d.event, d.payload]).sort()).toEqual(
      [
        ['item.created', { id: copy, location: ids.hq, date: futureDay(4) }],
        ['item.deleted', { id: item, location: ids.hq, date: futureDay(4) }],
        ['item.deleted', { id: copy, location: ids.hq, date: futureDay(4) }],
      ].sort(),
    );
  });

  it('planned items confirmed as worked reach the receiver as hours.approved, signed, like any approval', async () => {
    const { endpoint, secret } = await register(['hours.approved']);
    const date = addDays(today(), -3);
    const [item] = await db()
      .insert(rosterItems)
      .values({
        accountId: ids.bistro,
        locationId: ids.hq,
        date,
        membershipId: ids.emma,
        dutyId: ids.service,
        fromMinutes: 9 * 60,
        untilMinutes: 13 * 60,
        breakMinutes: 0,
      })
      .returning({ id: rosterItems.id });
    const res = await owner.post('/api/hours/confirm', { items: [item.id] });
    expect(res.statusCode, res.body).toBe(200);
    const [line] = await db().select().from(hours).where(eq(hours.itemId, item.id));
    expect(line.status).toBe('approved');
    const [queued] = await deliveries(endpoint.id);
    expect(queued).toMatchObject({ event: 'hours.approved', payload: { id: line.id, member: ids.emma, date } });
    await deliverDueWebhooks(t.ctx);
    const [{ headers, body }] = received;
    expect(verifyWebhook(secret, headers as Record<string, string>, body)).toBe(true);
    expect(JSON.parse(body)).toMatchObject({ type: 'hours.approved', data: { id: line.id, member: ids.emma, date } });
  });

  it('a delivery answered 500 is tried again after the wait, and then delivered', async () => {
    const { endpoint } = await register();
    answers = [500, 200];
    await release();
    await deliverDueWebhooks(t.ctx);
    let [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, responseStatus: 500 });
    // Not before its time.
    await deliverDueWebhooks(t.ctx);
    expect(received).toHaveLength(1);
    const before = advance(WEBHOOK_RETRY_MINUTES[0]);
    try {
      await deliverDueWebhooks(t.ctx);
    } finally {
      setClock(before);
    }
    [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'delivered', attempts: 2, responseStatus: 200 });
    expect(received).toHaveLength(2);
    expect(received[1].headers['webhook-id']).toBe(received[0].headers['webhook-id']);
  });

  it('persistent failures switch the endpoint off and mail the owners; switching it on sends again', async () => {
    const { endpoint } = await register();
    answers = [503];
    await release();
    const start = now();
    let minutes = 0;
    const previous = setClock(clockFrom(start));
    try {
      for (let i = 0; i < WEBHOOK_MAX_ATTEMPTS; i++) {
        // A few seconds more each round: a try's wait counts from when it was made, a moment after the clock was set.
        setClock(clockFrom(new Date(start.getTime() + minutes * 60_000 + (i + 1) * 5000)));
        await deliverDueWebhooks(t.ctx);
        minutes += WEBHOOK_RETRY_MINUTES[i] ?? 0;
      }
    } finally {
      setClock(previous);
    }
    expect(received).toHaveLength(WEBHOOK_MAX_ATTEMPTS);
    const [row] = await deliveries(endpoint.id);
    expect(row).toMatchObject({ status: 'failed', attempts: WEBHOOK_MAX_ATTEMPTS, responseStatus: 503 });
    const listed = (await owner.get('/api/webhooks')).json();
    expect(listed[0]).toMatchObject({ id: endpoint.id, enabled: false, disabledReason: 'failures' });
    const mails = await db().select().from(outbox).where(eq(outbox.template, 'webhookDisabled'));
    expect(mails.map((m) => m.to)).toContain('owner@example.com');
    // Switched off: new events are not recorded for it.
    await release(addDays(today(), 5));
    expect(await deliveries(endpoint.id)).toHaveLength(1);
    // The test button still reaches it; switching it on clears the reason.
    answers = [200];
    const test = await owner.post(`/api/webhooks/${endpoint.id}/test`, {});
    expect(test.json()).toEqual({ ok: true, responseStatus: 200 });
    expect(JSON.parse(received.at(-1)!.body)).toMatchObject({ type: 'webhook.test', data: { endpoint: endpoint.id } });
    const on = await owner.put(`/api/webhooks/${endpoint.id}`, {
      url: receiverUrl,
      description: 'Payroll',
      events: ['roster.released'],
      enabled: true,
    });
    expect(on.json()).toMatchObject({ enabled: true, disabledReason: null });
  });

  it('only owners manage webhooks; another account sees none of them', async () => {
    const { endpoint } = await register();
    const manager = await signIn(t.app, 'manager@example.com');
    expect((await manager.get('/api/webhooks')).statusCode).toBe(403);
    expect((await manager.post(`/api/webhooks/${endpoint.id}/test`, {})).statusCode).toBe(403);
    const store = await signIn(t.app, 'owner@example.com');
    expect((await store.put(`/api/switch/account/${ids.store}`, {})).statusCode).toBe(200);
    expect((await store.get('/api/webhooks')).json()).toEqual([]);
    for (const [method, url] of [
      ['GET', `/api/webhooks/${endpoint.id}/deliveries`],
      ['POST', `/api/webhooks/${endpoint.id}/test`],
      ['DELETE', `/api/webhooks/${endpoint.id}`],
    ] as const) {
      const res = await store.request(method, url, method === 'GET' ? undefined : {});
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
    }
  });
});

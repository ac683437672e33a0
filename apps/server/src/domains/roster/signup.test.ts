import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { expectForeignIdsNotFound } from '../../../test/app';
import { itemApplications, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from './testkit';

let r: RosterTest;
let leon: Agent;
beforeAll(async () => {
  r = await setUpRoster();
  leon = await r.as('leon.fischer@example.com');
});
afterAll(async () => r.t.dispose());

/** Every test takes days of its own (Monday to Saturday, early shifts, so rest periods never meet). */
let n = 0;
const nextDay = () => {
  const day = futureDay(Math.floor(n / 6), n % 6);
  n += 1;
  return day;
};
const open = (body: Record<string, unknown> = {}) =>
  r.item({ date: nextDay(), duty: r.ids.service, shift: r.ids.early, ...body });
const stored = async (id: string) => {
  const [row] = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id));
  return row;
};
const signInto = (agent: Agent, id: string) => agent.put(`/api/items/${id}/sign-in`);
const codeOf = async (res: Promise<{ statusCode: number; json(): { code?: string } }>) => {
  const out = await res;
  return [out.statusCode, out.json().code];
};

beforeEach(async () => {
  await r.settings({ employeesMustApply: false, placeholderSignupNeedsConfirmation: false });
});

describe('PUT /api/items/{id}/sign-in', () => {
  it('an open item of a duty the employee holds becomes theirs', async () => {
    const id = await open();
    const res = await signInto(r.employee, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ id, user: r.ids.emma, assigned: true, pending: false, flag: null });
    expect((await stored(id)).membershipId).toBe(r.ids.emma);
  });

  it('ERR_NOT_ELIGIBLE for a duty the employee does not hold', async () => {
    const id = await open({ duty: r.ids.kitchen });
    expect(await codeOf(signInto(r.employee, id))).toEqual([409, 'ERR_NOT_ELIGIBLE']);
    expect((await stored(id)).membershipId).toBeNull();
  });

  it('ERR_NOT_ELIGIBLE for a past date', async () => {
    const id = await r.item({ date: addDays(today(), -1), duty: r.ids.service, shift: r.ids.early });
    expect(await codeOf(signInto(r.employee, id))).toEqual([409, 'ERR_NOT_ELIGIBLE']);
  });

  it('404 for an item of a location the employee does not belong to', async () => {
    const id = await open({ location: r.ids.cafe });
    expect(await codeOf(signInto(r.employee, id))).toEqual([404, 'NOT_FOUND']);
  });

  it('ERR_ITEM_TAKEN when the item is assigned to someone else', async () => {
    const id = await open({ user: r.ids.mia });
    expect(await codeOf(signInto(r.employee, id))).toEqual([409, 'ERR_ITEM_TAKEN']);
    expect((await stored(id)).membershipId).toBe(r.ids.mia);
  });

  it('the placement rules hold for sign-ins too', async () => {
    const date = nextDay();
    await r.item({ date, duty: r.ids.bar, times: { start: '06:00', end: '12:00', break: 0 }, user: r.ids.emma });
    const id = await r.item({ date, duty: r.ids.service, times: { start: '11:00', end: '16:00', break: 0 } });
    expect(await codeOf(signInto(r.employee, id))).toEqual([409, 'ERR_OVERLAP']);
  });
});

describe('applications (employees must apply)', () => {
  beforeEach(async () => {
    await r.settings({ employeesMustApply: true });
  });

  it('a sign-in records an application; the planner lists it; twice is ALREADY_APPLIED', async () => {
    const id = await open();
    const res = await signInto(r.employee, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ user: null, assigned: false });
    expect(res.json().item.applications).toEqual([
      { membership: r.ids.emma, appliedAt: expect.any(String), accepted: null },
    ]);
    const list = await r.planner.get(`/api/items/${id}/applications`);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual([{ membership: r.ids.emma, appliedAt: expect.any(String), accepted: null }]);
    expect(await codeOf(signInto(r.employee, id))).toEqual([409, 'ALREADY_APPLIED']);
    expect((await stored(id)).membershipId).toBeNull();
  });

  it('an employee sees only their own application in the answer', async () => {
    const id = await open();
    await signInto(leon, id);
    const res = await signInto(r.employee, id);
    expect(res.json().item.applications.map((a: { membership: string }) => a.membership)).toEqual([r.ids.emma]);
    expect((await r.planner.get(`/api/items/${id}/applications`)).json()).toHaveLength(2);
  });

  it('DELETE revokes the application; revoking again is NOT_APPLIED', async () => {
    const id = await open();
    await signInto(r.employee, id);
    const res = await r.employee.delete(`/api/items/${id}/applications`);
    expect(res.statusCode, res.body).toBe(200);
    expect((await r.planner.get(`/api/items/${id}/applications`)).json()).toEqual([]);
    expect(await codeOf(r.employee.delete(`/api/items/${id}/applications`))).toEqual([409, 'NOT_APPLIED']);
  });

  it('accepting assigns the applicant and denies the others', async () => {
    const id = await open();
    await signInto(r.employee, id);
    await signInto(leon, id);
    const res = await r.planner.put(`/api/items/${id}/applications/${r.ids.emma}`, { accepted: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ user: r.ids.emma, assigned: true });
    const apps = (await r.planner.get(`/api/items/${id}/applications`)).json();
    expect(
      Object.fromEntries(apps.map((a: { membership: string; accepted: boolean }) => [a.membership, a.accepted])),
    ).toEqual({ [r.ids.emma]: true, [r.ids.leon]: false });
    expect((await stored(id)).membershipId).toBe(r.ids.emma);
    // The item is taken now: accepting Leon as well is refused.
    expect(await codeOf(r.planner.put(`/api/items/${id}/applications/${r.ids.leon}`, { accepted: true }))).toEqual([
      409,
      'ERR_ITEM_TAKEN',
    ]);
  });

  it('denying keeps the item open and marks the application denied', async () => {
    const id = await open();
    await signInto(r.employee, id);
    const res = await r.planner.put(`/api/items/${id}/applications/${r.ids.emma}`, { accepted: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().item).toMatchObject({ user: null, assigned: false });
    const [row] = await r.t.database.db.select().from(itemApplications).where(eq(itemApplications.itemId, id));
    expect(row).toMatchObject({ membershipId: r.ids.emma, accepted: false });
    expect(row.decidedAt).not.toBeNull();
  });

  it('deciding for someone who did not apply is NOT_APPLIED', async () => {
    const id = await open();
    expect(await codeOf(r.planner.put(`/api/items/${id}/applications/${r.ids.leon}`, { accepted: true }))).toEqual([
      409,
      'NOT_APPLIED',
    ]);
  });
});

describe('placeholder sign-ups that need confirmation', () => {
  beforeEach(async () => {
    await r.settings({ placeholderSignupNeedsConfirmation: true });
  });

  it('the sign-in waits (pending); the planner confirms', async () => {
    const id = await open();
    const res = await signInto(r.employee, id);
    expect(res.json().item).toMatchObject({ user: r.ids.emma, pending: true });
    const confirmed = await r.planner.put(`/api/items/${id}/sign-in/confirmation`, { confirm: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().item).toMatchObject({ user: r.ids.emma, pending: false });
    expect(await stored(id)).toMatchObject({ membershipId: r.ids.emma, pendingConfirmation: false });
  });

  it('the planner refuses: the item is open again', async () => {
    const id = await open();
    await signInto(r.employee, id);
    const refused = await r.planner.put(`/api/items/${id}/sign-in/confirmation`, { confirm: false });
    expect(refused.json().item).toMatchObject({ user: null, assigned: false, pending: false });
    expect(await stored(id)).toMatchObject({ membershipId: null, pendingConfirmation: false });
    // Nothing is waiting any more.
    expect(await codeOf(r.planner.put(`/api/items/${id}/sign-in/confirmation`, { confirm: true }))).toEqual([
      409,
      'CONFLICT',
    ]);
  });
});

describe('sign-out', () => {
  it('the employee asks (no body), cancels, and the planner denies or allows', async () => {
    const id = await open({ user: r.ids.emma });
    const url = `/api/items/${id}/sign-out`;
    const asked = await r.employee.request('PUT', url);
    expect(asked.statusCode, asked.body).toBe(200);
    expect(asked.json().item).toMatchObject({ user: r.ids.emma, flag: 'signout' });

    const cancelled = await r.employee.delete(url);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().item.flag).toBeNull();
    // Nothing left to cancel.
    expect((await r.employee.delete(url)).statusCode).toBe(403);

    await r.employee.request('PUT', url);
    const denied = await r.planner.put(url, { confirm: false });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json().item).toMatchObject({ user: r.ids.emma, assigned: true, flag: null });

    await r.employee.request('PUT', url);
    const allowed = await r.planner.put(url, { confirm: true });
    expect(allowed.json().item).toMatchObject({ user: null, assigned: false, flag: null });
    expect(await stored(id)).toMatchObject({ membershipId: null, flag: null });
  });

  it('403 on someone else’s item, and for an employee answering a sign-out', async () => {
    const id = await open({ user: r.ids.mia });
    expect(await codeOf(r.employee.request('PUT', `/api/items/${id}/sign-out`))).toEqual([403, 'FORBIDDEN']);
    expect((await stored(id)).flag).toBeNull();
    const own = await open({ user: r.ids.emma });
    await r.employee.request('PUT', `/api/items/${own}/sign-out`);
    expect(await codeOf(r.employee.put(`/api/items/${own}/sign-out`, { confirm: true }))).toEqual([403, 'FORBIDDEN']);
    expect((await stored(own)).membershipId).toBe(r.ids.emma);
  });

  it('a planner answer needs a sign-out to answer', async () => {
    const id = await open({ user: r.ids.emma });
    expect(await codeOf(r.planner.put(`/api/items/${id}/sign-out`, { confirm: true }))).toEqual([409, 'CONFLICT']);
    expect((await stored(id)).membershipId).toBe(r.ids.emma);
  });
});

describe('planner-only calls', () => {
  it('are refused to employees', async () => {
    const id = await open({ user: r.ids.emma });
    const date = futureDay(0, 0);
    for (const [method, url, body] of [
      ['GET', `/api/items/${id}/applications`, undefined],
      ['PUT', `/api/items/${id}/applications/${r.ids.emma}`, { accepted: true }],
      ['PUT', `/api/items/${id}/sign-in/confirmation`, { confirm: true }],
      ['PUT', `/api/items/${id}/sick`, { percentage: 100 }],
      ['DELETE', `/api/items/${id}/sick`, undefined],
      ['DELETE', `/api/items/${id}/conflicts`, { conflict: 'AVAILABILITY' }],
      ['GET', `/api/items/${id}/users`, undefined],
      ['GET', `/api/locations/${r.ids.hq}/users/${date}`, undefined],
      ['PUT', `/api/locations/${r.ids.hq}/notes/${date}`, { content: 'x' }],
      ['PUT', `/api/locations/${r.ids.hq}/release`, { date }],
    ] as const) {
      const res = await r.employee.request(method, url, body);
      expect([method, url, res.statusCode, res.json().code]).toEqual([method, url, 403, 'FORBIDDEN']);
    }
    expect(await stored(id)).toMatchObject({ membershipId: r.ids.emma, flag: null });
  });
});

describe('tenant isolation', () => {
  it('another account’s items answer 404 on the sign-up routes', async () => {
    const store = await r.storeOwner();
    const foreign = (
      await store.post('/api/items', { location: r.ids.storeLocation, date: futureDay(3, 0), duty: r.ids.storeDuty })
    ).json().item.id as string;
    const own = await open();
    await expectForeignIdsNotFound(r.employee, [
      { method: 'PUT', url: `/api/items/${foreign}/sign-in` },
      { method: 'PUT', url: `/api/items/${foreign}/sign-out` },
      { method: 'DELETE', url: `/api/items/${foreign}/sign-out` },
      { method: 'DELETE', url: `/api/items/${foreign}/applications` },
    ]);
    await expectForeignIdsNotFound(r.planner, [
      { method: 'GET', url: `/api/items/${foreign}/applications` },
      { method: 'PUT', url: `/api/items/${foreign}/applications/${r.ids.emma}`, body: { accepted: true } },
      { method: 'PUT', url: `/api/items/${foreign}/sign-in/confirmation`, body: { confirm: true } },
      { method: 'PUT', url: `/api/items/${foreign}/sign-out`, body: { confirm: true } },
    ]);
    // A planner assigning another account's member to an own item through an application finds no application.
    expect(
      (await r.planner.put(`/api/items/${own}/applications/${r.ids.storeMember}`, { accepted: true })).statusCode,
    ).not.toBe(200);
  });
});

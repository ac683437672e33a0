import { availabilityWeekday } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { availability, availabilityDefaults, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());
beforeEach(async () => {
  await r.settings({ unavailablePolicy: 'warn' });
});

let n = 0;
const nextDay = () => {
  const day = futureDay(Math.floor(n / 6), n % 6);
  n += 1;
  return day;
};
const hhmm = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
async function mark(
  membershipId: string,
  date: string,
  type: 'available' | 'limited' | 'vacation' | 'unavailable' | 'wish',
  extra: { start?: string; end?: string; status?: string } = {},
) {
  await r.t.database.db.insert(availability).values({
    accountId: r.ids.bistro,
    membershipId,
    date,
    type,
    startMinutes: extra.start ? hhmm(extra.start) : null,
    endMinutes: extra.end ? hhmm(extra.end) : null,
    status: extra.status ?? null,
  });
}
const assign = (id: string, user: string, confirmed?: boolean) =>
  r.planner.put(`/api/items/${id}/user`, confirmed === undefined ? { user } : { user, confirmed });
const holder = async (id: string) =>
  (await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id)))[0].membershipId;

describe('the policy for unavailable staff when assigning', () => {
  it('warn: ERR_UNAVAILABLE_WARN asks for confirmation; confirmed: true assigns', async () => {
    const date = nextDay();
    await mark(r.ids.mia, date, 'unavailable');
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    const warned = await assign(id, r.ids.mia);
    expect(warned.statusCode).toBe(409);
    expect(warned.json()).toMatchObject({
      code: 'ERR_UNAVAILABLE_WARN',
      data: { confirmed: true, user: 'Mia Schneider', membership: r.ids.mia, type: 'unavailable', dates: [date] },
    });
    expect(await holder(id)).toBeNull();
    const confirmed = await assign(id, r.ids.mia, true);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().item.user).toBe(r.ids.mia);
  });

  it('deny: ERR_UNAVAILABLE_DENY, even with confirmed', async () => {
    await r.settings({ unavailablePolicy: 'deny' });
    const date = nextDay();
    await mark(r.ids.mia, date, 'unavailable');
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    for (const confirmed of [undefined, true]) {
      const res = await assign(id, r.ids.mia, confirmed);
      expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_UNAVAILABLE_DENY']);
      expect(res.json().data.confirmed).toBeUndefined();
      expect(res.json().data.dates).toEqual([date]);
    }
    // Creating the item with the person assigned meets the same rule.
    const created = await r.planner.post('/api/items', {
      location: r.ids.hq,
      date,
      duty: r.ids.service,
      shift: r.ids.late,
      user: r.ids.mia,
      confirmed: true,
    });
    expect(created.json().code).toBe('ERR_UNAVAILABLE_DENY');
    expect(await holder(id)).toBeNull();
  });

  it('allow: assigned without a question', async () => {
    await r.settings({ unavailablePolicy: 'allow' });
    const date = nextDay();
    await mark(r.ids.mia, date, 'unavailable');
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    const res = await assign(id, r.ids.mia);
    expect(res.statusCode, res.body).toBe(200);
    expect(await holder(id)).toBe(r.ids.mia);
  });

  it('a requested or approved vacation counts as unavailable; a denied one does not', async () => {
    const requested = nextDay();
    await mark(r.ids.emilia, requested, 'vacation', { status: 'requested' });
    const a = await r.item({ date: requested, duty: r.ids.service, shift: r.ids.early });
    expect((await assign(a, r.ids.emilia)).json().code).toBe('ERR_UNAVAILABLE_WARN');
    const denied = nextDay();
    await mark(r.ids.emilia, denied, 'vacation', { status: 'denied' });
    const b = await r.item({ date: denied, duty: r.ids.service, shift: r.ids.early });
    expect((await assign(b, r.ids.emilia)).statusCode).toBe(200);
  });

  it('a weekday default of unavailable counts when the date has no entry of its own', async () => {
    const date = nextDay();
    await r.t.database.db
      .insert(availabilityDefaults)
      .values({ membershipId: r.ids.jan, weekday: availabilityWeekday(date), type: 'unavailable' });
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    expect((await assign(id, r.ids.jan)).json().code).toBe('ERR_UNAVAILABLE_WARN');
    // An entry of the date wins over the default.
    await mark(r.ids.jan, date, 'available');
    expect((await assign(id, r.ids.jan)).statusCode).toBe(200);
    await r.t.database.db.delete(availabilityDefaults).where(eq(availabilityDefaults.membershipId, r.ids.jan));
  });
});

describe('limited availability', () => {
  it('an item reaching outside the window asks (ERR_UNAVAILABLE_LIMITED); confirmed passes', async () => {
    const date = nextDay();
    await mark(r.ids.leon, date, 'limited', { start: '08:00', end: '12:00' });
    const id = await r.item({ date, duty: r.ids.service, times: { start: '10:00', end: '14:00', break: 0 } });
    const asked = await assign(id, r.ids.leon);
    expect(asked.statusCode).toBe(409);
    expect(asked.json()).toMatchObject({ code: 'ERR_UNAVAILABLE_LIMITED', data: { confirmed: true } });
    // Under deny too: limited availability is a question, not a refusal.
    await r.settings({ unavailablePolicy: 'deny' });
    expect((await assign(id, r.ids.leon)).json().code).toBe('ERR_UNAVAILABLE_LIMITED');
    expect((await assign(id, r.ids.leon, true)).json().item.user).toBe(r.ids.leon);
  });

  it('an item inside the window passes; moving its times out of the window asks again', async () => {
    const date = nextDay();
    await mark(r.ids.leon, date, 'limited', { start: '08:00', end: '12:00' });
    const id = await r.item({ date, duty: r.ids.service, times: { start: '08:00', end: '12:00', break: 0 } });
    const res = await assign(id, r.ids.leon);
    expect(res.statusCode, res.body).toBe(200);
    const moved = await r.planner.put(`/api/items/${id}/times`, { start: '09:00', end: '13:00', break: 0 });
    expect(moved.json().code).toBe('ERR_UNAVAILABLE_LIMITED');
    const confirmed = await r.planner.put(`/api/items/${id}/times`, {
      start: '09:00',
      end: '13:00',
      break: 0,
      confirmed: true,
    });
    expect(confirmed.json().item.times).toMatchObject({ from: '09:00', until: '13:00' });
  });

  it('an item without times is never inside the window', async () => {
    const date = nextDay();
    await mark(r.ids.leon, date, 'limited', { start: '08:00', end: '12:00' });
    const id = await r.item({ date, duty: r.ids.service });
    expect((await assign(id, r.ids.leon)).json().code).toBe('ERR_UNAVAILABLE_LIMITED');
  });
});

describe('GET /api/items/{id}/users', () => {
  const offered = async (id: string) => {
    const res = await r.planner.get(`/api/items/${id}/users`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().users as string[];
  };

  it('offers members of the planning holding the duty, available, with room for the item', async () => {
    const date = nextDay();
    await mark(r.ids.mia, date, 'unavailable');
    await mark(r.ids.lea, date, 'limited', { start: '06:00', end: '16:00' });
    await mark(r.ids.emilia, date, 'limited', { start: '12:00', end: '20:00' });
    await r.item({ date, duty: r.ids.bar, times: { start: '10:00', end: '18:00', break: 0 }, user: r.ids.leon });
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    const users = await offered(id);
    expect(users).toEqual(expect.arrayContaining([r.ids.emma, r.ids.lea, r.ids.jan, r.ids.planner]));
    for (const [who, why] of [
      [r.ids.mia, 'unavailable'],
      [r.ids.emilia, 'limited outside the item'],
      [r.ids.leon, 'overlapping item'],
      [r.ids.anna, 'no such duty'],
      [r.ids.sophie, 'other location'],
      [r.ids.laura, 'inactive'],
    ]) {
      expect(users.includes(who), why).toBe(false);
    }
  });

  it('with tags: only members holding every tag of the item', async () => {
    const date = nextDay();
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early, tags: [r.ids.barista] });
    const users = await offered(id);
    expect(users).toContain(r.ids.emma);
    expect(users).toContain(r.ids.leon);
    expect(users).not.toContain(r.ids.jan);
    expect(users).not.toContain(r.ids.mia);
    const both = await r.item({
      date: nextDay(),
      duty: r.ids.service,
      shift: r.ids.early,
      tags: [r.ids.barista, r.ids.firstAid],
    });
    expect(await offered(both)).toEqual([]);
  });

  it('under the allow policy unavailable members are offered too', async () => {
    await r.settings({ unavailablePolicy: 'allow' });
    const date = nextDay();
    await mark(r.ids.mia, date, 'unavailable');
    const id = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    expect(await offered(id)).toContain(r.ids.mia);
  });

  it('the member already on the item is still offered', async () => {
    const id = await r.item({ date: nextDay(), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    expect(await offered(id)).toContain(r.ids.emma);
  });
});

describe('GET /api/locations/{location}/users/{date}', () => {
  it('lists the active members of the planning who are not unavailable that day', async () => {
    const date = nextDay();
    await mark(r.ids.mia, date, 'unavailable');
    await mark(r.ids.emilia, date, 'vacation', { status: 'approved' });
    await mark(r.ids.jan, date, 'vacation', { status: 'denied' });
    await mark(r.ids.lea, date, 'limited', { start: '08:00', end: '12:00' });
    const res = await r.planner.get(`/api/locations/${r.ids.hq}/users/${date}`);
    expect(res.statusCode, res.body).toBe(200);
    const users = res.json().users as string[];
    expect(users).toEqual(expect.arrayContaining([r.ids.emma, r.ids.anna, r.ids.jan, r.ids.lea, r.ids.planner]));
    expect(users).not.toContain(r.ids.mia);
    expect(users).not.toContain(r.ids.emilia);
    expect(users).not.toContain(r.ids.sophie);
    expect(users).not.toContain(r.ids.laura);
    const cafe = (await r.planner.get(`/api/locations/${r.ids.cafe}/users/${date}`)).json().users as string[];
    expect(cafe).toContain(r.ids.sophie);
    expect(cafe).not.toContain(r.ids.emma);
  });

  it('refuses a date that is no date (422)', async () => {
    expect((await r.planner.get(`/api/locations/${r.ids.hq}/users/tomorrow`)).statusCode).toBe(422);
  });
});

describe('tenant isolation', () => {
  it('another account’s items, locations and members answer 404', async () => {
    const store = await r.storeOwner();
    const date = futureDay(5, 0);
    const foreign = (
      await store.post('/api/items', { location: r.ids.storeLocation, date, duty: r.ids.storeDuty })
    ).json().item.id as string;
    const own = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    await expectForeignIdsNotFound(r.planner, [
      { method: 'GET', url: `/api/items/${foreign}/users` },
      { method: 'GET', url: `/api/locations/${r.ids.storeLocation}/users/${date}` },
      { method: 'PUT', url: `/api/items/${own}/user`, body: { user: r.ids.storeMember, confirmed: true } },
    ]);
    const [row] = await r.t.database.db
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.id, own), eq(rosterItems.accountId, r.ids.bistro)));
    expect(row.membershipId).toBeNull();
  });
});

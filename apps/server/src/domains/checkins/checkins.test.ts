import { addDays, localMinuteOf, now } from '@app/domain';
import { and, eq, gte, inArray, lte } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../../test/app';
import { accounts, checkins, hours, locationCoordinates, memberships, rosterItems } from '../../db/schema';
import { type RosterTest, setUpRoster, TIME_ZONE } from '../roster/testkit';
import { setGeocoder } from './geocoder';
import { autoCheckout } from './service';

let r: RosterTest;
let emma: Agent;
let supervisor: Agent;
let owner: Agent;
const HQ = { latitude: 52.5321, longitude: 13.3849 };
/** About 111 m north of Headquarter, and about 1.1 km. */
const NEAR = { latitude: HQ.latitude + 0.001, longitude: HQ.longitude };
const FAR = { latitude: HQ.latitude + 0.01, longitude: HQ.longitude };

beforeAll(async () => {
  r = await setUpRoster();
  const db = r.t.database.db;
  const [bistro] = await db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
  await db
    .update(accounts)
    .set({ modules: [...new Set([...bistro.modules, 'hours', 'today', 'checkins'])] })
    .where(eq(accounts.id, r.ids.bistro));
  await r.settings({
    checkinLocationRequired: true,
    checkinRadiusMeters: 300,
    checkinMinMinutesBefore: 5,
    checkinMaxMinutesBefore: 30,
    checkinAutoCheckoutMinutes: 60,
  });
  // The people the tests plan start with a clean week around now (the sample's roster would overlap).
  const today = localMinuteOf(now().getTime(), TIME_ZONE).date;
  await db
    .delete(rosterItems)
    .where(
      and(
        inArray(rosterItems.membershipId, [r.ids.emma, r.ids.anna, r.ids.mia]),
        gte(rosterItems.date, addDays(today, -3)),
        lte(rosterItems.date, addDays(today, 3)),
      ),
    );
  [emma, supervisor, owner] = await Promise.all([
    r.as('employee@example.com'),
    r.as('supervisor@example.com'),
    r.as('owner@example.com'),
  ]);
});
afterAll(async () => {
  setGeocoder(null);
  await r.t.dispose();
});

/**
 * A duty of the member at Headquarter starting `startsIn` minutes from now, 4 hours with a 30-minute break. Each
 * call lies a day apart in the past or future window the test needs; the times are relative to the test clock.
 */
async function duty(member: string, startsIn: number, length = 240, location = r.ids.hq) {
  const start = Math.floor(now().getTime() / 60_000) * 60_000 + startsIn * 60_000;
  const end = start + length * 60_000;
  const s = localMinuteOf(start, TIME_ZONE);
  const e = localMinuteOf(end, TIME_ZONE);
  const [row] = await r.t.database.db
    .insert(rosterItems)
    .values({
      accountId: r.ids.bistro,
      locationId: location,
      date: s.date,
      membershipId: member,
      dutyId: r.ids.service,
      fromMinutes: s.minutes,
      untilMinutes: e.minutes,
      breakMinutes: 30,
      startAt: new Date(start),
      endAt: new Date(end),
    })
    .returning({ id: rosterItems.id });
  return row.id;
}

async function place(coordinates: { latitude: number; longitude: number } | null, agent = owner) {
  return agent.put(`/api/settings/check-in/locations/${r.ids.hq}/coordinates`, { coordinates });
}

async function clear(item: string) {
  await r.t.database.db.delete(rosterItems).where(eq(rosterItems.id, item));
}

describe('the planning’s coordinates', () => {
  it('a planning without coordinates cannot be checked into while the location is required', async () => {
    await place(null);
    const item = await duty(r.ids.emma, 10);
    const res = await emma.post('/api/checkins', { item, position: NEAR });
    expect([res.statusCode, res.json().code]).toEqual([409, 'ERR_CHECKIN_NO_COORDINATES']);
    const mine = (await emma.get('/api/checkins/mine')).json();
    expect(mine.duties.find((d: { item: string }) => d.item === item).location.hasCoordinates).toBe(false);
    await clear(item);
  });

  it('owners set them by hand; employees and supervisors may not', async () => {
    expect((await place(HQ, emma)).statusCode).toBe(403);
    expect((await place(HQ, supervisor)).statusCode).toBe(403);
    const res = await place(HQ);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().location).toMatchObject({ id: r.ids.hq, coordinates: { ...HQ, source: 'manual' } });
    const list = (await owner.get('/api/settings/check-in/locations')).json();
    expect(list.geocoder).toBe(false);
    expect(list.locations.find((l: { id: string }) => l.id === r.ids.hq)).toMatchObject({ fullAddress: true });
  });

  it('the geocoder places an address when asked and when a planning’s address is saved', async () => {
    const refused = await owner.post(`/api/settings/check-in/locations/${r.ids.cafe}/geocode`, {});
    expect([refused.statusCode, refused.json().code, refused.json().data]).toEqual([
      409,
      'ERR_GEOCODE',
      { reason: 'unavailable' },
    ]);
    const lookup = vi.fn(async () => ({ latitude: 52.52, longitude: 13.41 }));
    setGeocoder({ lookup });
    try {
      const res = await owner.post(`/api/settings/check-in/locations/${r.ids.cafe}/geocode`, {});
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().location.coordinates).toEqual({ latitude: 52.52, longitude: 13.41, source: 'geocoder' });
      expect(lookup).toHaveBeenCalledWith(
        expect.objectContaining({ street: 'Spandauer Straße 3', zip: '10178', city: 'Berlin', country: 'DE' }),
      );
      const planner = r.planner;
      const moved = await planner.put(`/api/locations/${r.ids.cafe}`, { address: 'Spandauer Straße 5' });
      expect(moved.statusCode, moved.body).toBe(200);
      expect(lookup).toHaveBeenLastCalledWith(expect.objectContaining({ street: 'Spandauer Straße 5' }));
      lookup.mockResolvedValueOnce(null as never);
      await planner.put(`/api/locations/${r.ids.cafe}`, { address: 'Nowhere 1' });
      const [kept] = await r.t.database.db
        .select()
        .from(locationCoordinates)
        .where(eq(locationCoordinates.locationId, r.ids.cafe));
      expect(kept.address).toBe('Spandauer Straße 5, 10178 Berlin');
      lookup.mockResolvedValueOnce(null as never);
      const notFound = await owner.post(`/api/settings/check-in/locations/${r.ids.cafe}/geocode`, {});
      expect(notFound.json().code).toBe('ERR_GEOCODE');
    } finally {
      setGeocoder(null);
    }
  });
});

describe('checking in', () => {
  it('opens max minutes before the start, needs a position within the radius, counts late after min', async () => {
    await place(HQ);
    const early = await duty(r.ids.emma, 45);
    const tooEarly = await emma.post('/api/checkins', { item: early, position: NEAR });
    expect([tooEarly.statusCode, tooEarly.json().code]).toEqual([409, 'ERR_CHECKIN_EARLY']);
    expect(tooEarly.json().data.opensAt).toBeTypeOf('string');
    await clear(early);

    const item = await duty(r.ids.emma, 2);
    const mine = (await emma.get('/api/checkins/mine')).json();
    expect(mine).toMatchObject({ locationRequired: true, radiusMeters: 300 });
    expect(mine.duties.find((d: { item: string }) => d.item === item)).toMatchObject({
      state: 'open',
      canCheckIn: true,
      location: { hasCoordinates: true },
    });
    const without = await emma.post('/api/checkins', { item });
    expect(without.json().code).toBe('ERR_CHECKIN_POSITION');
    const far = await emma.post('/api/checkins', { item, position: FAR });
    expect([far.json().code, far.json().data.radius]).toEqual(['ERR_CHECKIN_DISTANCE', 300]);
    expect(far.json().data.distance).toBeGreaterThan(1_000);

    const ok = await emma.post('/api/checkins', { item, position: { ...NEAR, accuracy: 20 } });
    expect(ok.statusCode, ok.body).toBe(200);
    const id = ok.json().checkin.id;
    const after = (await emma.get('/api/checkins/mine')).json().duties.find((d: { item: string }) => d.item === item);
    expect(after).toMatchObject({ state: 'checkedIn', canCheckIn: false, checkin: { id, late: true } });
    const [member] = await r.t.database.db.select().from(memberships).where(eq(memberships.id, r.ids.emma));
    expect(member.checkedIn).toBe(true);

    // No second check-in for the same duty; someone else's duty is not found.
    expect((await emma.post('/api/checkins', { item, position: NEAR })).json().code).toBe('ERR_CHECKIN_DONE');
    const annas = await duty(r.ids.anna, 2);
    expect((await emma.post('/api/checkins', { item: annas, position: NEAR })).statusCode).toBe(404);
    await clear(annas);

    // While checked in, the roster keeps the item as it is (ERR_OPEN_CHECKIN).
    const removed = await r.planner.delete(`/api/items/${item}?force=true`);
    expect([removed.statusCode, removed.json().code]).toEqual([409, 'ERR_OPEN_CHECKIN']);

    // Checking out registers pending hours for the duty and clears the flag; a second check-out is refused.
    const out = await emma.post(`/api/checkins/${id}/checkout`, {});
    expect(out.statusCode, out.body).toBe(200);
    const [row] = await r.t.database.db.select().from(checkins).where(eq(checkins.id, id));
    expect(row).toMatchObject({ checkoutKind: 'self', checkedOutBy: r.ids.emma });
    expect((await emma.post(`/api/checkins/${id}/checkout`, {})).json().code).toBe('ERR_CHECKIN_DONE');
    expect((await emma.post('/api/checkins', { item, position: NEAR })).json().code).toBe('ERR_CHECKIN_DONE');
    const [member2] = await r.t.database.db.select().from(memberships).where(eq(memberships.id, r.ids.emma));
    expect(member2.checkedIn).toBe(false);
    // Checked out before the planned start: less than a minute was worked, so no hours yet.
    expect(row.hoursId).toBeNull();
    await clear(item);
  });

  it('refuses a duty that ended and a second open check-in of the same person', async () => {
    const ended = await duty(r.ids.emma, -24 * 60 - 300, 240);
    expect((await emma.post('/api/checkins', { item: ended, position: NEAR })).json().code).toBe('ERR_CHECKIN_OVER');
    await clear(ended);
    const first = await duty(r.ids.emma, 24 * 60 + 20, 60);
    const second = await duty(r.ids.emma, 24 * 60 + 25 + 60, 60);
    await r.t.database.db
      .update(rosterItems)
      .set({ startAt: new Date(now().getTime() - 60_000), endAt: new Date(now().getTime() + 3_600_000) })
      .where(eq(rosterItems.id, first));
    await r.t.database.db
      .update(rosterItems)
      .set({ startAt: new Date(now().getTime() + 3_660_000), endAt: new Date(now().getTime() + 7_200_000) })
      .where(eq(rosterItems.id, second));
    await r.settings({ checkinMaxMinutesBefore: 120 });
    try {
      expect((await emma.post('/api/checkins', { item: first, position: NEAR })).statusCode).toBe(200);
      const res = await emma.post('/api/checkins', { item: second, position: NEAR });
      expect([res.statusCode, res.json().code, res.json().data.item]).toEqual([409, 'ERR_OPEN_CHECKIN', first]);
    } finally {
      await r.settings({ checkinMaxMinutesBefore: 30 });
    }
  });
});

describe('the supervisor', () => {
  it('sees who is in and checks them out: CheckoutBySupervisor, and the hours are registered', async () => {
    const open = await r.t.database.db
      .select()
      .from(checkins)
      .where(and(eq(checkins.membershipId, r.ids.emma)));
    for (const c of open.filter((c) => !c.checkedOutAt)) {
      await r.t.database.db.update(checkins).set({ checkedOutAt: now() }).where(eq(checkins.id, c.id));
    }
    // Checked in an hour ago, an hour after the start: 60 minutes so far, less the planned 30-minute break.
    const item = await duty(r.ids.anna, -120, 240);
    const [c] = await r.t.database.db
      .insert(checkins)
      .values({
        accountId: r.ids.bistro,
        membershipId: r.ids.anna,
        itemId: item,
        locationId: r.ids.hq,
        checkedInAt: new Date(now().getTime() - 3_600_000),
        distanceMeters: 40,
      })
      .returning();
    const board = await supervisor.get('/api/checkins');
    expect(board.statusCode, board.body).toBe(200);
    expect(board.json().entries.find((e: { item: string }) => e.item === item)).toMatchObject({
      state: 'checkedIn',
      person: { id: r.ids.anna },
      checkin: { id: c.id, distanceMeters: 40 },
    });
    expect((await emma.get('/api/checkins')).statusCode).toBe(403);

    const today = (await owner.get('/api/today')).json();
    expect(today.entries.find((e: { item: string }) => e.item === item)).toMatchObject({ checkedIn: true });

    const emit = vi.spyOn(r.t.ctx.realtime, 'emit');
    const res = await supervisor.post(`/api/checkins/${c.id}/supervisor-checkout`, {});
    expect(res.statusCode, res.body).toBe(200);
    expect(emit).toHaveBeenCalledWith(`membership.${r.ids.anna}`, 'CheckoutBySupervisor', {
      checkin: c.id,
      item,
    });
    expect(emit).toHaveBeenCalledWith(`account.${r.ids.bistro}`, 'CheckinUpdated', expect.anything());
    emit.mockRestore();
    const [closed] = await r.t.database.db.select().from(checkins).where(eq(checkins.id, c.id));
    expect(closed).toMatchObject({ checkoutKind: 'supervisor', checkedOutBy: r.ids.supervisor });
    const [line] = await r.t.database.db.select().from(hours).where(eq(hours.itemId, item));
    expect(line).toMatchObject({ id: closed.hoursId, status: 'pending', breakMinutes: 30, membershipId: r.ids.anna });
    expect(line.minutes).toBeGreaterThanOrEqual(29);
    expect(line.minutes).toBeLessThanOrEqual(31);
    const again = await supervisor.post(`/api/checkins/${c.id}/supervisor-checkout`, {});
    expect(again.json().code).toBe('ERR_CHECKIN_DONE');
    const todayAfter = (await owner.get('/api/today')).json();
    expect(todayAfter.entries.find((e: { item: string }) => e.item === item)).toMatchObject({ checkedIn: false });
  });

  it('another account’s check-ins and plannings answer 404', async () => {
    const store = await r.storeOwner();
    const db = r.t.database.db;
    const [corner] = await db.select().from(accounts).where(eq(accounts.id, r.ids.store));
    await db
      .update(accounts)
      .set({ modules: [...new Set([...corner.modules, 'checkins'])] })
      .where(eq(accounts.id, r.ids.store));
    const [c] = await r.t.database.db.select().from(checkins).limit(1);
    expect((await store.post(`/api/checkins/${c.id}/supervisor-checkout`, {})).statusCode).toBe(404);
    expect(
      (await store.put(`/api/settings/check-in/locations/${r.ids.hq}/coordinates`, { coordinates: HQ })).statusCode,
    ).toBe(404);
    expect((await owner.post(`/api/settings/check-in/locations/${r.ids.storeLocation}/geocode`, {})).statusCode).toBe(
      404,
    );
  });
});

describe('the automatic check-out', () => {
  it('closes check-ins the delay after the duty’s end, with the hours up to the planned end', async () => {
    const item = await duty(r.ids.mia, -61 - 240, 240);
    const end = Math.floor(now().getTime() / 60_000) * 60_000 - 61 * 60_000;
    const [c] = await r.t.database.db
      .insert(checkins)
      .values({
        accountId: r.ids.bistro,
        membershipId: r.ids.mia,
        itemId: item,
        locationId: r.ids.hq,
        checkedInAt: new Date(end - 4 * 3_600_000 - 10 * 60_000),
      })
      .returning();
    await r.settings({ checkinAutoCheckoutMinutes: 90 });
    expect(await autoCheckout(r.t.ctx)).toBe(0);
    await r.settings({ checkinAutoCheckoutMinutes: 60 });
    expect(await autoCheckout(r.t.ctx)).toBe(1);
    const [closed] = await r.t.database.db.select().from(checkins).where(eq(checkins.id, c.id));
    expect(closed.checkoutKind).toBe('auto');
    const [line] = await r.t.database.db.select().from(hours).where(eq(hours.itemId, item));
    expect(line).toMatchObject({ minutes: 210, breakMinutes: 30 });
  });
});

describe('the module', () => {
  it('answers 403 MODULE_INACTIVE with check-ins off', async () => {
    const db = r.t.database.db;
    const [bistro] = await db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
    await db
      .update(accounts)
      .set({ modules: bistro.modules.filter((m) => m !== 'checkins') })
      .where(eq(accounts.id, r.ids.bistro));
    const res = await (await r.as('employee@example.com')).get('/api/checkins/mine');
    expect([res.statusCode, res.json().code]).toEqual([403, 'MODULE_INACTIVE']);
  });
});

import { addDays, todayIn } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { duties, locations, memberships, rosterItems, users } from '../../db/schema';
import { instantsOf } from '../roster/checks';

let t: TestApp;
const today = todayIn('Europe/Berlin');
/** The instant the night duty starts, 22:00 in Berlin. */
let nightStart: Date;
let hqId: string;
let emmaName: string;
let nightId: string;

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [hq] = await db.select().from(locations).where(eq(locations.name, 'Headquarter'));
  const [service] = await db
    .select()
    .from(duties)
    .where(and(eq(duties.accountId, hq.accountId), eq(duties.identifier, 'SV')));
  hqId = hq.id;
  const [emma] = await db
    .select({ id: memberships.id, fname: users.fname, lname: users.lname })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(users.email, 'employee@example.com'));
  await db
    .update(locations)
    .set({ releasedUntil: addDays(today, 7) })
    .where(eq(locations.id, hq.id));
  const item = (date: string, from: number | null, until: number | null, notes: string | null = null) => {
    const base = {
      accountId: hq.accountId,
      locationId: hq.id,
      date,
      dutyId: service.id,
      membershipId: emma.id,
      fromMinutes: from,
      untilMinutes: until,
      breakMinutes: 0,
      notes,
    };
    return { ...base, ...instantsOf(base, 'Europe/Berlin') };
  };
  const night = item(addDays(today, 1), 22 * 60, 6 * 60, 'Night service');
  nightStart = night.startAt!;
  emmaName = `${emma.fname} ${emma.lname}`;
  const inserted = await db
    .insert(rosterItems)
    .values([
      night,
      item(addDays(today, 2), null, null),
      // Not released yet: stays out of the feed.
      item(addDays(today, 10), 8 * 60, 16 * 60),
      // An open duty: in the planning's feed, not in Emma's.
      { ...item(addDays(today, 3), 9 * 60, 17 * 60, 'Open one'), membershipId: null },
    ])
    .returning({ id: rosterItems.id });
  nightId = inserted[0].id;
});
afterAll(async () => t.dispose());

describe('calendar subscription', () => {
  it('gives a secret feed URL with the member’s released duties, parsable as iCalendar', async () => {
    const agent = await signIn(t.app, 'employee@example.com');
    expect((await agent.get('/api/calendar-feed')).json()).toEqual({ active: false, createdAt: null });
    const { url, webcal } = (await agent.post('/api/calendar-feed')).json();
    expect(url).toMatch(/^http:\/\/localhost:3000\/api\/ical\/[A-Za-z0-9_-]+\.ics$/);
    expect(webcal).toMatch(/^webcal:\/\//);
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/calendar');

    const calendar = new ICAL.Component(ICAL.parse(res.body));
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstPropertyValue('method')).toBe('PUBLISH');
    // The zone the events name is defined in the feed (RFC 5545), so times are Berlin's, not floating.
    const zones = calendar.getAllSubcomponents('vtimezone');
    expect(zones.map((z) => z.getFirstPropertyValue('tzid'))).toEqual(['Europe/Berlin']);
    for (const zone of zones) ICAL.TimezoneService.register(zone);
    const events = calendar.getAllSubcomponents('vevent').map((e) => new ICAL.Event(e));
    expect(events).toHaveLength(2);
    const night = events.find((e) => e.description?.startsWith('Night service'))!;
    expect(night.summary).toBe('Service · Headquarter');
    expect(night.location).toContain('Invalidenstraße 12');
    expect(night.startDate.zone.tzid).toBe('Europe/Berlin');
    expect(night.startDate.toJSDate().toISOString()).toBe(nightStart.toISOString());
    expect(night.endDate.toJSDate().getTime() - night.startDate.toJSDate().getTime()).toBe(8 * 3600_000);
    const allDay = events.find((e) => e !== night)!;
    expect(allDay.startDate.isDate).toBe(true);
    expect(events.every((e) => e.uid.endsWith('@localhost'))).toBe(true);
  });

  it('a new URL replaces the old one; revoking ends the feed', async () => {
    const agent = await signIn(t.app, 'employee@example.com');
    const first = new URL((await agent.post('/api/calendar-feed')).json().url).pathname;
    const second = new URL((await agent.post('/api/calendar-feed')).json().url).pathname;
    expect((await t.app.inject({ method: 'GET', url: first })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(200);
    expect((await agent.delete('/api/calendar-feed')).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: second })).statusCode).toBe(404);
    expect((await agent.get('/api/calendar-feed')).json().active).toBe(false);
  });

  it('refuses a guessed token and needs a session to make one', async () => {
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/ical/aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa.ics' })).statusCode,
    ).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/calendar-feed' })).statusCode).toBe(401);
  });
});

/** The events of a feed's text, parsed as a calendar app would. */
function eventsOf(body: string) {
  const calendar = new ICAL.Component(ICAL.parse(body));
  return calendar.getAllSubcomponents('vevent');
}

describe('what calendar apps rely on', () => {
  it('writes DTSTAMP and LAST-MODIFIED in UTC, and raises SEQUENCE when a duty changes', async () => {
    const agent = await signIn(t.app, 'employee@example.com');
    const path = new URL((await agent.post('/api/calendar-feed')).json().url).pathname;
    const before = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(before).toMatch(/^DTSTAMP:\d{8}T\d{6}Z\r$/m);
    expect(before).toMatch(/^LAST-MODIFIED:\d{8}T\d{6}Z\r$/m);
    expect(before).not.toMatch(/^(DTSTAMP|LAST-MODIFIED):\d{8}T\d{6}\r?$/m);
    const sequenceOf = (body: string) =>
      eventsOf(body)
        .find((e) => e.getFirstPropertyValue('uid') === `${nightId}@localhost`)!
        .getFirstPropertyValue('sequence') as unknown as number;
    const [row] = await t.database.db.select().from(rosterItems).where(eq(rosterItems.id, nightId));
    await t.database.db
      .update(rosterItems)
      .set({ updatedAt: new Date(row.updatedAt.getTime() + 90_000) })
      .where(eq(rosterItems.id, nightId));
    const after = (await t.app.inject({ method: 'GET', url: path })).body;
    expect(sequenceOf(after)).toBe(sequenceOf(before) + 90);
  });
});

describe('a planning’s feed', () => {
  it('shows its planner every released duty of the planning: who works, and the open duties', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    expect((await planner.get(`/api/locations/${hqId}/calendar-feed`)).json()).toEqual({
      active: false,
      createdAt: null,
    });
    const { url } = (await planner.post(`/api/locations/${hqId}/calendar-feed`)).json();
    expect((await planner.get(`/api/locations/${hqId}/calendar-feed`)).json().active).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(res.statusCode).toBe(200);
    const summaries = eventsOf(res.body).map((e) => e.getFirstPropertyValue('summary'));
    expect(summaries).toContain(`${emmaName} · Service`);
    expect(summaries).toContain('Open · Service');
    // Days not released stay out, as in the member's own feed.
    const dates = eventsOf(res.body).map((e) => String(e.getFirstPropertyValue('dtstart')).slice(0, 10));
    expect(dates.every((d) => d <= addDays(today, 7))).toBe(true);
  });

  it('stops answering when its maker no longer plans, and when revoked', async () => {
    const planner = await signIn(t.app, 'planner@example.com');
    const path = new URL((await planner.post(`/api/locations/${hqId}/calendar-feed`)).json().url).pathname;
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    const [who] = await t.database.db
      .select({ id: memberships.id, roles: memberships.roles })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(users.email, 'planner@example.com'));
    await t.database.db
      .update(memberships)
      .set({ roles: ['employee'] })
      .where(eq(memberships.id, who.id));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    await t.database.db.update(memberships).set({ roles: who.roles }).where(eq(memberships.id, who.id));
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(200);
    expect((await planner.delete(`/api/locations/${hqId}/calendar-feed`)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
  });

  it('is refused to those who do not plan', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const res = await employee.post(`/api/locations/${hqId}/calendar-feed`);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });
});

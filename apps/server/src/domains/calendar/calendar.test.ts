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

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const [hq] = await db.select().from(locations).where(eq(locations.name, 'Headquarter'));
  const [service] = await db
    .select()
    .from(duties)
    .where(and(eq(duties.accountId, hq.accountId), eq(duties.identifier, 'SV')));
  const [emma] = await db
    .select({ id: memberships.id })
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
  await db.insert(rosterItems).values([
    night,
    item(addDays(today, 2), null, null),
    // Not released yet: stays out of the feed.
    item(addDays(today, 10), 8 * 60, 16 * 60),
  ]);
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

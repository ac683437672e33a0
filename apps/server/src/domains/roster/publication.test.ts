import { addDays } from '@app/domain';
import { and, eq, isNotNull, ne } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { expectForeignIdsNotFound } from '../../../test/app';
import { locations, membershipLocations, memberships, notifications, outbox, users } from '../../db/schema';
import { type Command, registerCommandHook } from '../../platform/command';
import { formatMailDate } from '../../platform/mail/format';
import { futureDay, type RosterTest, setUpRoster, today } from './testkit';

let r: RosterTest;
let observer: Agent;
beforeAll(async () => {
  r = await setUpRoster();
  observer = await r.as('observer@example.com');
});
afterAll(async () => r.t.dispose());

const db = () => r.t.database.db;
/** Each test starts from an unpublished Headquarter and an empty outbox. */
beforeEach(async () => {
  await db().update(locations).set({ releasedUntil: null }).where(eq(locations.accountId, r.ids.bistro));
  await db().delete(outbox);
});

const release = (date: string, agent: Agent = r.planner, location = r.ids.hq) =>
  agent.put(`/api/locations/${location}/release`, { date });
const releasedUntil = async (location = r.ids.hq) =>
  (await db().select().from(locations).where(eq(locations.id, location)))[0].releasedUntil;
const mails = (template?: string) =>
  db()
    .select()
    .from(outbox)
    .where(template ? eq(outbox.template, template) : undefined);
/** Who the location's mails go to: its active members with access and a confirmed e-mail, in their language. */
const membersOf = async (location: string) =>
  (
    await db()
      .select({ email: users.email, locale: users.locale })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
      .where(
        and(
          eq(membershipLocations.locationId, location),
          eq(memberships.status, 'active'),
          ne(memberships.access, 'no'),
          isNotNull(users.emailConfirmedAt),
        ),
      )
  ).sort((a, b) => a.email.localeCompare(b.email));
const byEmail = <T extends { to: string }>(rows: T[]) => [...rows].sort((a, b) => a.to.localeCompare(b.to));

describe('PUT /api/locations/{location}/release', () => {
  it('releasing a future date publishes up to it and mails every active member in their language', async () => {
    const date = addDays(today(), 3);
    const res = await release(date);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ releasedUntil: date });
    expect(await releasedUntil()).toBe(date);

    const expected = await membersOf(r.ids.hq);
    const sent = byEmail(await mails());
    expect(sent.map((m) => ({ to: m.to, locale: m.locale, template: m.template }))).toEqual(
      expected.map((m) => ({ to: m.email, locale: m.locale, template: 'rosterReleased' })),
    );
    const emails = sent.map((m) => m.to);
    expect(emails).toContain('employee@example.com');
    expect(emails).not.toContain('laura.krause@example.com'); // inactive
    expect(emails).not.toContain('sophie.koch@example.com'); // another location
    const jan = sent.find((m) => m.to === 'jan.devries@example.com')!;
    expect(jan).toMatchObject({ locale: 'nl', subject: 'Nieuw rooster voor Headquarter' });
    // The date as each recipient reads it, in their language.
    const [y, mo, d] = date.split('-').map(Number);
    const day = new Date(Date.UTC(y, mo - 1, d));
    const written = (tag: string) => new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeZone: 'UTC' }).format(day);
    expect(jan.text).toContain(written('nl-NL'));
    // Only the link carries the ISO date; the words never do.
    expect(jan.text.replace(/https?:\/\/\S+/g, '')).not.toContain(date);
    const anna = sent.find((m) => m.to === 'anna.schmidt@example.com')!;
    expect(anna).toMatchObject({ locale: 'de', subject: 'Neuer Dienstplan für Headquarter' });
    expect(anna.text).toContain(written('de-DE'));
    expect(sent.find((m) => m.to === 'employee@example.com')!.text).toContain(written('en-GB'));
    // Other locations are untouched.
    expect(await releasedUntil(r.ids.cafe)).toBeNull();
  });

  it('the release date itself and past days cannot be picked (ERR_RELEASED)', async () => {
    const date = addDays(today(), 3);
    await release(date);
    await db().delete(outbox);
    for (const day of [date, addDays(today(), -1)]) {
      const res = await release(day);
      expect([day, res.statusCode, res.json().code]).toEqual([day, 409, 'ERR_RELEASED']);
      expect(res.json().data).toEqual({ releasedUntil: date });
    }
    expect(await releasedUntil()).toBe(date);
    expect(await mails()).toEqual([]);
    // Nothing released yet: the past is still not selectable.
    await db().update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    expect((await release(addDays(today(), -1))).json().code).toBe('ERR_RELEASED');
    expect(await releasedUntil()).toBeNull();
  });

  it('today may be picked; a later day releases further', async () => {
    expect((await release(today())).json()).toEqual({ releasedUntil: today() });
    const later = addDays(today(), 10);
    expect((await release(later)).json()).toEqual({ releasedUntil: later });
    expect((await mails('rosterReleased')).length).toBe(2 * (await membersOf(r.ids.hq)).length);
  });

  it('picking a day up to the release date revokes from that day on and mails the members', async () => {
    const until = addDays(today(), 7);
    await release(until);
    await db().delete(outbox);
    const from = addDays(today(), 2);
    const res = await release(from);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ releasedUntil: addDays(from, -1) });
    expect(await releasedUntil()).toBe(addDays(from, -1));
    const sent = byEmail(await mails());
    expect(sent.map((m) => [m.to, m.template])).toEqual(
      (await membersOf(r.ids.hq)).map((m) => [m.email, 'rosterRevoked']),
    );
    expect(sent.find((m) => m.to === 'employee@example.com')).toMatchObject({
      locale: 'en',
      subject: `Roster of Headquarter withdrawn from ${formatMailDate(from, 'en')}`,
    });
    // Revoking from today leaves nothing published ahead.
    expect((await release(today())).json()).toEqual({ releasedUntil: addDays(today(), -1) });
  });

  it('is for planners: employees and observers answer 403', async () => {
    for (const agent of [r.employee, observer]) {
      const res = await release(addDays(today(), 3), agent);
      expect([res.statusCode, res.json().code]).toEqual([403, 'FORBIDDEN']);
    }
    expect(await releasedUntil()).toBeNull();
    expect(await mails()).toEqual([]);
  });

  it('managers and owners may release', async () => {
    const manager = await r.as('manager@example.com');
    expect((await release(addDays(today(), 1), manager)).statusCode).toBe(200);
    const owner = await r.as('owner@example.com');
    await owner.put(`/api/switch/account/${r.ids.bistro}`, {});
    expect((await release(addDays(today(), 2), owner)).statusCode).toBe(200);
  });
});

describe('a release is one command', () => {
  /** What the release's own transaction holds just before it commits; a refusal there rolls it all back. */
  let beforeCommit: ((command: Command) => Promise<void>) | null = null;
  beforeAll(() => registerCommandHook({ beforeCommit: (command) => beforeCommit?.(command) ?? Promise.resolve() }));
  afterEach(() => {
    beforeCommit = null;
  });
  const released = () => and(eq(notifications.accountId, r.ids.bistro), eq(notifications.event, 'rosterReleased'));

  it('writes its notifications and mails in its transaction, before the commit', async () => {
    await db().delete(notifications).where(released());
    const seen: { notifications: number; mails: number }[] = [];
    beforeCommit = async (command) => {
      seen.push({
        notifications: (await command.tx.select().from(notifications).where(released())).length,
        mails: (await command.tx.select().from(outbox)).length,
      });
    };
    expect((await release(addDays(today(), 3))).statusCode).toBe(200);
    expect(seen).toHaveLength(1);
    expect(seen[0].notifications).toBeGreaterThan(0);
    expect(seen[0].mails).toBe((await membersOf(r.ids.hq)).length);
  });

  it('a release that fails before its commit leaves no notifications, no mails and no release', async () => {
    await db().delete(notifications).where(released());
    beforeCommit = async () => {
      throw new Error('crash before the commit');
    };
    expect((await release(addDays(today(), 3))).statusCode).toBe(500);
    expect(await releasedUntil()).toBeNull();
    expect(await mails()).toEqual([]);
    expect(await db().select().from(notifications).where(released())).toEqual([]);
  });
});

describe('what the roster shows of a partly released week', () => {
  const week = futureDay(0, 0);
  const load = async (agent: Agent, location = r.ids.hq) =>
    agent.get(`/api/items?scope=planning&location=${location}&date=${week}&period=week`);

  it('employees and observers see items of released days only; planners every day', async () => {
    const ids: Record<string, string> = {};
    for (const weekday of [0, 2, 3, 5]) {
      ids[weekday] = await r.item({
        date: addDays(week, weekday),
        duty: r.ids.service,
        shift: r.ids.early,
        user: weekday % 2 === 0 ? r.ids.emma : null,
      });
    }
    await release(addDays(week, 2));

    const mine = (await load(r.employee)).json();
    expect(mine.days.map((d: { released: boolean }) => d.released)).toEqual([
      true,
      true,
      true,
      false,
      false,
      false,
      false,
    ]);
    expect(mine.items.map((i: { id: string }) => i.id).sort()).toEqual([ids[0], ids[2]].sort());
    expect(mine.locations[r.ids.hq].releasedUntil).toBe(addDays(week, 2));
    const observed = (await load(observer)).json();
    expect(observed.items.map((i: { id: string }) => i.id).sort()).toEqual([ids[0], ids[2]].sort());

    const planned = (await load(r.planner)).json();
    expect(planned.items.map((i: { id: string }) => i.id).sort()).toEqual(Object.values(ids).sort());
    expect(planned.days.filter((d: { released: boolean }) => d.released)).toHaveLength(3);
  });

  it('a location of another account answers 409 (gone for this account); another location of one’s own 403', async () => {
    const foreign = await load(r.planner, r.ids.storeLocation);
    expect([foreign.statusCode, foreign.json().code]).toEqual([409, 'CONFLICT']);
    expect((await load(r.employee, r.ids.storeLocation)).statusCode).toBe(409);
    const cafe = await load(r.employee, r.ids.cafe);
    expect([cafe.statusCode, cafe.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await load(r.planner, r.ids.cafe)).statusCode).toBe(200);
  });
});

describe('changes to released days', () => {
  it('a planner’s change to an item on a released day mails the members it concerns', async () => {
    const released = futureDay(1, 1);
    const id = await r.item({ date: released, duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await release(released);
    await db().delete(outbox);

    await r.planner.put(`/api/items/${id}/times`, { start: '08:00', end: '14:00', break: 0 });
    const first = await mails('rosterChanged');
    expect(first.map((m) => [m.to, m.locale])).toEqual([['employee@example.com', 'en']]);
    expect(first[0].subject).toBe(`Your roster changed on ${formatMailDate(released, 'en')}`);

    await db().delete(outbox);
    await r.planner.put(`/api/items/${id}/user`, { user: r.ids.mia });
    // The one taken off is told so, the one planned is told so, each in their language.
    expect((await mails('itemRemoved')).map((m) => m.to)).toEqual(['employee@example.com']);
    const [mia] = await mails('itemAssigned');
    expect([mia.to, mia.locale]).toEqual(['mia.schneider@example.com', 'de']);

    await db().delete(outbox);
    await r.planner.put(`/api/items/${id}/internal`, { internal: 'planners only' });
    expect(await mails()).toEqual([]);
  });

  it('a new item for a member on a released day mails them; a change on an unreleased day mails nobody', async () => {
    const released = futureDay(2, 0);
    await release(released);
    await db().delete(outbox);
    await r.item({ date: released, duty: r.ids.kitchen, shift: r.ids.early, user: r.ids.anna });
    expect((await mails('itemAssigned')).map((m) => m.to)).toEqual(['anna.schmidt@example.com']);

    await db().delete(outbox);
    const later = await r.item({ date: futureDay(2, 2), duty: r.ids.kitchen, shift: r.ids.early, user: r.ids.anna });
    await r.planner.put(`/api/items/${later}/notes`, { notes: 'changed' });
    await r.planner.delete(`/api/items/${later}?force=true`);
    expect(await mails()).toEqual([]);
  });

  it('deleting an assigned item on a released day mails its member', async () => {
    const released = futureDay(3, 0);
    const id = await r.item({ date: released, duty: r.ids.kitchen, shift: r.ids.early, user: r.ids.anna });
    await release(released);
    await db().delete(outbox);
    expect((await r.planner.delete(`/api/items/${id}`)).statusCode).toBe(200);
    expect((await mails('itemRemoved')).map((m) => m.to)).toEqual(['anna.schmidt@example.com']);
  });
});

describe('tenant isolation', () => {
  it('another account’s location answers 404 on release and is left alone', async () => {
    await expectForeignIdsNotFound(r.planner, [
      { method: 'PUT', url: `/api/locations/${r.ids.storeLocation}/release`, body: { date: addDays(today(), 3) } },
    ]);
    const [store] = await db().select().from(locations).where(eq(locations.id, r.ids.storeLocation));
    expect(store.releasedUntil).not.toBe(addDays(today(), 3));
    expect(await mails()).toEqual([]);
  });
});

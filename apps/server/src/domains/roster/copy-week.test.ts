import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { accountHolidays, availability, locations, rosterItems } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster } from './testkit';

/**
 * Copy last week (docs/product/roster.md, "Copy last week"): the preview says what lands and what is left out with
 * its reason; the copy makes exactly that in one transaction; running it again doubles nothing.
 */
let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());

const itemsOf = async (date: string) =>
  r.t.database.db
    .select()
    .from(rosterItems)
    .where(and(eq(rosterItems.locationId, r.ids.hq), eq(rosterItems.date, date)));

describe('copy last week (GET/POST /api/locations/{location}/copy-week)', () => {
  it('previews, copies what may land with person, duty and times, and leaves out leave and what is there', async () => {
    // Last week: Emma early on Monday, Mia on Tuesday (on vacation this week), an open duty on Wednesday.
    const emma = await r.item({ date: futureDay(0, 0), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await r.item({ date: futureDay(0, 1), duty: r.ids.service, shift: r.ids.early, user: r.ids.mia });
    const open = await r.item({ date: futureDay(0, 2), duty: r.ids.kitchen, shift: r.ids.middle });
    await r.t.database.db.insert(availability).values({
      accountId: r.ids.bistro,
      membershipId: r.ids.mia,
      date: futureDay(1, 1),
      type: 'vacation',
      status: 'approved',
      startMinutes: null,
      endMinutes: null,
    });
    // This week already has the open duty of Wednesday.
    await r.item({ date: futureDay(1, 2), duty: r.ids.kitchen, shift: r.ids.middle });

    // Any day of the week names the week.
    const preview = await r.planner.get(`/api/locations/${r.ids.hq}/copy-week?date=${futureDay(1, 3)}`);
    expect(preview.statusCode, preview.body).toBe(200);
    const body = preview.json();
    expect(body).toMatchObject({ from: futureDay(0, 0), into: futureDay(1, 0) });
    expect(body.create).toEqual([
      expect.objectContaining({ source: emma, date: futureDay(1, 0), user: r.ids.emma, duty: r.ids.service }),
    ]);
    expect(body.create[0].times).toMatchObject({ from: '07:00' });
    expect(body.skip).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ user: r.ids.mia, date: futureDay(1, 1), reason: 'vacation' }),
        expect.objectContaining({ source: open, date: futureDay(1, 2), reason: 'exists' }),
      ]),
    );

    const copied = await r.planner.post(`/api/locations/${r.ids.hq}/copy-week`, { date: futureDay(1, 0) });
    expect(copied.statusCode, copied.body).toBe(200);
    expect(copied.json()).toMatchObject({ created: [expect.any(String)], skipped: 2 });
    expect(await itemsOf(futureDay(1, 0))).toEqual([
      expect.objectContaining({
        membershipId: r.ids.emma,
        dutyId: r.ids.service,
        shiftId: r.ids.early,
        fromMinutes: 420,
      }),
    ]);
    expect(await itemsOf(futureDay(1, 1))).toHaveLength(0);
    expect(await itemsOf(futureDay(1, 2))).toHaveLength(1);

    // Once more: everything is there already.
    const again = await r.planner.post(`/api/locations/${r.ids.hq}/copy-week`, { date: futureDay(1, 0) });
    expect(again.json()).toMatchObject({ created: [], skipped: 3 });
  });

  it('leaves out released and past days', async () => {
    await r.item({ date: futureDay(2, 0), duty: r.ids.service });
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: futureDay(3, 0) })
      .where(eq(locations.id, r.ids.hq));
    const body = (await r.planner.get(`/api/locations/${r.ids.hq}/copy-week?date=${futureDay(3, 0)}`)).json();
    expect(body.create).toEqual([]);
    expect(body.skip).toEqual([expect.objectContaining({ date: futureDay(3, 0), reason: 'released' })]);
    await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
  });

  it('leaves out public holidays and the account’s days off, saying so', async () => {
    const emma = await r.item({ date: futureDay(5, 1), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await r.t.database.db
      .insert(accountHolidays)
      .values({ accountId: r.ids.bistro, date: futureDay(6, 1), name: 'Feast' });
    const body = (await r.planner.get(`/api/locations/${r.ids.hq}/copy-week?date=${futureDay(6, 0)}`)).json();
    expect(body.create).toEqual([]);
    expect(body.skip).toEqual([expect.objectContaining({ source: emma, date: futureDay(6, 1), reason: 'holiday' })]);
    const copied = await r.planner.post(`/api/locations/${r.ids.hq}/copy-week`, { date: futureDay(6, 0) });
    expect(copied.json()).toMatchObject({ created: [], skipped: 1 });
    expect(await itemsOf(futureDay(6, 1))).toHaveLength(0);
  });

  it('is the planners’: an employee is refused, another account’s planning answers 404', async () => {
    const url = `/api/locations/${r.ids.hq}/copy-week`;
    expect((await r.employee.get(`${url}?date=${futureDay(4, 0)}`)).statusCode).toBe(403);
    expect((await r.employee.post(url, { date: futureDay(4, 0) })).statusCode).toBe(403);
    const store = await r.storeOwner();
    await expectForeignIdsNotFound(store, [
      { method: 'GET', url: `${url}?date=${futureDay(4, 0)}` },
      { method: 'POST', url, body: { date: futureDay(4, 0) } },
    ]);
  });

  it('answers 422 for a date that is none', async () => {
    const res = await r.planner.post(`/api/locations/${r.ids.hq}/copy-week`, { date: '2027-02-30' });
    expect(res.statusCode).toBe(422);
  });
});

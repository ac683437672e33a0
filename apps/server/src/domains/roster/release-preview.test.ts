import { addDays } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectForeignIdsNotFound } from '../../../test/app';
import { locations } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from './testkit';

let r: RosterTest;
beforeAll(async () => {
  r = await setUpRoster();
});
afterAll(async () => r.t.dispose());
beforeEach(async () => {
  await r.t.database.db.update(locations).set({ releasedUntil: null }).where(eq(locations.accountId, r.ids.bistro));
});

const preview = (date: string, agent = r.planner, location = r.ids.hq) =>
  agent.get(`/api/locations/${location}/release-preview?date=${date}`);

describe('GET /api/locations/{location}/release-preview', () => {
  it('says what a release sends out: duties, open duties, changes since the last release, who is told', async () => {
    const date = futureDay(6, 2);
    const open = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    await r.item({ date, duty: r.ids.service, shift: r.ids.late, user: r.ids.emma });
    const first = await preview(date);
    expect(first.statusCode, first.body).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({ releasing: true, from: today(), until: date });
    expect(body.duties).toBeGreaterThanOrEqual(2);
    expect(body.open).toBeGreaterThanOrEqual(1);
    expect(body.open).toBeLessThan(body.duties);
    expect(body.notified.count).toBeGreaterThan(0);
    expect(body.notified.names).toHaveLength(body.notified.count);

    // After a release, only what changed since counts as a change; the next days start after the release date.
    expect((await r.planner.put(`/api/locations/${r.ids.hq}/release`, { date })).statusCode).toBe(200);
    await r.planner.put(`/api/items/${open}/times`, { start: '06:00', end: '12:00', break: 0 });
    const later = addDays(date, 3);
    const revoke = (await preview(addDays(date, -1))).json();
    expect(revoke).toMatchObject({ releasing: false, from: addDays(date, -1), until: date });
    expect(revoke.changes).toBe(1);
    const next = (await preview(later)).json();
    expect(next).toMatchObject({ releasing: true, from: addDays(date, 1), until: later, changes: next.duties });
  });

  it('refuses a past day and the release date itself (ERR_RELEASED), and a day that does not exist (422)', async () => {
    expect((await preview(addDays(today(), -1))).json().code).toBe('ERR_RELEASED');
    const date = futureDay(6, 4);
    await r.planner.put(`/api/locations/${r.ids.hq}/release`, { date });
    const same = await preview(date);
    expect(same.statusCode).toBe(409);
    expect(same.json().code).toBe('ERR_RELEASED');
    expect((await preview('2027-02-30')).statusCode).toBe(422);
  });

  it('is for planners only', async () => {
    expect((await preview(futureDay(6, 3), r.employee)).statusCode).toBe(403);
    const observer = await r.as('observer@example.com');
    expect((await preview(futureDay(6, 3), observer)).statusCode).toBe(403);
  });

  it('another account’s planning answers 404', async () => {
    await expectForeignIdsNotFound(r.planner, [
      { method: 'GET', url: `/api/locations/${r.ids.storeLocation}/release-preview?date=${futureDay(6, 3)}` },
    ]);
  });
});

import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { locations, rosterItems } from '../../db/schema';
import { extraMembers, futureDay, type RosterTest, setUpRoster } from '../roster/testkit';

/**
 * The first valid acceptance wins (docs/product/swaps.md), on native PostgreSQL only (PGlite runs one statement at a
 * time): many colleagues accept one offer at once, through the same server, the way their phones would.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('colleagues accepting one offer at once', () => {
  let r: RosterTest;
  beforeAll(async () => {
    r = await setUpRoster();
    await r.settings({ swapsApproveAutomatically: true });
    await r.t.database.db
      .update(locations)
      .set({ releasedUntil: futureDay(4, 0) })
      .where(eq(locations.id, r.ids.hq));
  });
  afterAll(async () => {
    // As in the roster's race tests: the pool's shutdown noise is not an unhandled error.
    if (!r) return;
    const pool = (r.t.database.db as unknown as { $client?: { on(event: 'error', listener: () => void): void } })
      .$client;
    pool?.on('error', () => {});
    await r.t.dispose();
  });

  it('exactly one of twelve acceptances takes the duty; the others are told it is taken', async () => {
    const colleagues = await extraMembers(r, {
      count: 12,
      locationId: r.ids.hq,
      dutyIds: [r.ids.service],
      prefix: 'racer',
    });
    const item = await r.item({
      date: futureDay(1, 2),
      duty: r.ids.service,
      times: { start: '08:00', end: '12:00', break: 0 },
      user: r.ids.emma,
    });
    const made = await r.employee.post('/api/swaps', { item });
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().offer.id;
    const results = await Promise.all(colleagues.map((c) => c.agent.post(`/api/swaps/${id}/accept`)));
    const won = results.filter((res) => res.statusCode === 200);
    expect(won.length).toBe(1);
    for (const res of results.filter((x) => x.statusCode !== 200)) {
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe('ERR_SWAP_TAKEN');
    }
    const [row] = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, item));
    const winner = colleagues[results.indexOf(won[0])];
    expect(row.membershipId).toBe(winner.id);
  });
});

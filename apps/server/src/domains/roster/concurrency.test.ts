import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { rosterItems } from '../../db/schema';
import { extraMembers, futureDay, type RosterTest, setUpRoster } from './testkit';

/**
 * Races on native PostgreSQL only (PGlite runs one statement at a time): many requests at once, through the same
 * server, the way many browsers would send them. The pool holds 10 connections; the rest wait their turn.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('concurrent roster edits', () => {
  let r: RosterTest;
  let planners: Agent[];
  beforeAll(async () => {
    r = await setUpRoster();
    const extra = await extraMembers(r, {
      count: 3,
      locationId: r.ids.hq,
      dutyIds: [],
      roles: ['planner'],
      prefix: 'planner',
    });
    planners = [r.planner, await r.as('manager@example.com'), ...extra.map((e) => e.agent)];
  });
  afterAll(async () => {
    // test/db.ts drops the database WITH (FORCE) as soon as pool.end() resolves, which is before the pool's sockets
    // have closed; with all ten connections open the server's "terminating connection" reaches an idle client and
    // the pool re-emits it. Listening here keeps that shutdown noise from being an unhandled error.
    if (!r) return;
    const pool = (r.t.database.db as unknown as { $client?: { on(event: 'error', listener: () => void): void } })
      .$client;
    pool?.on('error', () => {});
    await r.t.dispose();
  });

  const outcome = (results: { statusCode: number; json(): { code?: string } }[]) => {
    const count: Record<string, number> = {};
    for (const res of results) {
      const key = res.statusCode === 200 ? '200' : `${res.statusCode} ${res.json().code}`;
      count[key] = (count[key] ?? 0) + 1;
    }
    return count;
  };

  it('50 planners assigning one person to 50 overlapping items at once: exactly one succeeds', async () => {
    const date = futureDay(0, 1);
    const items: string[] = [];
    for (let i = 0; i < 50; i++) {
      // 08:00-16:00 up to 08:49-16:49: every pair overlaps.
      const start = `08:${String(i).padStart(2, '0')}`;
      const end = `16:${String(i).padStart(2, '0')}`;
      items.push(await r.item({ date, duty: r.ids.dishes, times: { start, end, break: 0 } }));
    }
    const results = await Promise.all(
      items.map((id, i) => planners[i % planners.length].put(`/api/items/${id}/user`, { user: r.ids.lukas })),
    );
    const count = outcome(results);
    expect(count['200'], JSON.stringify(count)).toBe(1);
    expect(
      results.filter((res) => res.statusCode !== 200).every((res) => res.statusCode === 409),
      JSON.stringify(count),
    ).toBe(true);
    expect(
      results
        .filter((res) => res.statusCode !== 200)
        .every((res) => ['ERR_OVERLAP', 'ERR_EXISTING_FULL', 'ERR_EXISTING_SHIFT'].includes(res.json().code)),
      JSON.stringify(count),
    ).toBe(true);
    const held = await r.t.database.db
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.membershipId, r.ids.lukas), eq(rosterItems.date, date)));
    expect(held).toHaveLength(1);
    const winner = results.findIndex((res) => res.statusCode === 200);
    expect(held[0].id).toBe(items[winner]);
  });

  it('50 employees signing into the same open item at once: exactly one gets it', async () => {
    const staff = await extraMembers(r, {
      count: 50,
      locationId: r.ids.hq,
      dutyIds: [r.ids.service],
      prefix: 'racer',
    });
    const id = await r.item({ date: futureDay(0, 2), duty: r.ids.service, shift: r.ids.early });
    const results = await Promise.all(staff.map((s) => s.agent.put(`/api/items/${id}/sign-in`)));
    const count = outcome(results);
    expect(count, JSON.stringify(count)).toEqual({ '200': 1, '409 ERR_ITEM_TAKEN': 49 });
    const winner = staff[results.findIndex((res) => res.statusCode === 200)];
    const [row] = await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id));
    expect(row.membershipId).toBe(winner.id);
    expect(results.find((res) => res.statusCode === 200)!.json().item.user).toBe(winner.id);
  });

  it('one employee signing into 10 overlapping open items at once gets exactly one', async () => {
    const date = futureDay(0, 3);
    const items: string[] = [];
    for (let i = 0; i < 10; i++) {
      items.push(await r.item({ date, duty: r.ids.service, times: { start: `09:0${i}`, end: `13:0${i}`, break: 0 } }));
    }
    const results = await Promise.all(items.map((id) => r.employee.put(`/api/items/${id}/sign-in`)));
    const count = outcome(results);
    expect(count['200'], JSON.stringify(count)).toBe(1);
    expect(results.filter((res) => res.statusCode === 409)).toHaveLength(9);
    const held = await r.t.database.db
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.membershipId, r.ids.emma), eq(rosterItems.date, date)));
    expect(held).toHaveLength(1);
  });
});

import type { MemberListItem } from '@app/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { sampleIds } from '../../../test/sample';
import { activityLog, memberships } from '../../db/schema';

let t: TestApp;
let manager: Agent;
let planner: Agent;
let employee: Agent;
let emma: string;

beforeAll(async () => {
  t = await createTestApp();
  manager = await signIn(t.app, 'manager@example.com');
  planner = await signIn(t.app, 'planner@example.com');
  employee = await signIn(t.app, 'employee@example.com');
  emma = (await sampleIds(t.database.db, 'Bistro Central')).memberships['employee@example.com'];
});
afterAll(async () => t.dispose());

const listed = async () =>
  new Map(
    ((await manager.get('/api/members')).json().members as MemberListItem[]).map((m) => [m.id, m.profileMissing]),
  );

describe('profile completeness on the team list and the employee page', () => {
  it('counts the fields the employer must see filled (the default template: birthday and IBAN)', async () => {
    await t.database.db.update(memberships).set({ birthday: null, iban: null }).where(eq(memberships.id, emma));
    expect((await listed()).get(emma)).toBe(2);
    expect((await manager.get(`/api/members/${emma}`)).json().profileMissing).toBe(2);
    await t.database.db
      .update(memberships)
      .set({ birthday: '1990-04-01', iban: 'DE89370400440532013000' })
      .where(eq(memberships.id, emma));
    expect((await listed()).get(emma)).toBe(0);
    expect((await manager.get(`/api/members/${emma}`)).json().profileMissing).toBe(0);
  });

  it('counts every member of the list', async () => {
    const counts = await listed();
    expect(counts.size).toBeGreaterThan(5);
    for (const n of counts.values()) expect(n).toBeGreaterThanOrEqual(0);
  });
});

describe("the member's settings (PUT /api/members/:id/settings)", () => {
  it('sets whether the member enters availability and keeps a balance, logged, and the member sees it', async () => {
    const res = await manager.put(`/api/members/${emma}/settings`, { availability: false, balance: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().settings).toEqual({ availability: false, balance: true });
    const [row] = await t.database.db.select().from(memberships).where(eq(memberships.id, emma));
    expect([row.availabilityFlag, row.balanceFlag]).toEqual([false, true]);
    const init = (await employee.get('/api/app/init')).json();
    expect(init.membership).toMatchObject({ availability: false, balance: true });
    const logged = await t.database.db.select().from(activityLog).where(eq(activityLog.entityId, emma));
    expect(logged.map((l) => l.after)).toContainEqual({ availability: false, balance: true });
    await manager.put(`/api/members/${emma}/settings`, { availability: true, balance: true });
  });

  it('refuses a body without both flags (422) and members without the team right (403)', async () => {
    expect((await manager.put(`/api/members/${emma}/settings`, { availability: true })).statusCode).toBe(422);
    for (const who of [planner, employee])
      expect((await who.put(`/api/members/${emma}/settings`, { availability: true, balance: true })).statusCode).toBe(
        403,
      );
  });
});

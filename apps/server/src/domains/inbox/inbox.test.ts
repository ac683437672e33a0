import type { InboxEntry, InboxResponse } from '@app/contracts';
import { addDays, now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import { accounts, hours, itemApplications, rosterItems, vacationRequests } from '../../db/schema';
import { futureDay, type RosterTest, setUpRoster, today } from '../roster/testkit';

let r: RosterTest;
let manager: Agent;
/** An open duty at Headquarter Emma applied for, Leon's duty he asks to be signed out of, Mia's pending hours. */
let applied: string;
let signOut: string;
let past: string;
let line: string;
let vacation: string;

beforeAll(async () => {
  r = await setUpRoster();
  const db = r.t.database.db;
  const [bistro] = await db.select().from(accounts).where(eq(accounts.id, r.ids.bistro));
  await db
    .update(accounts)
    .set({ modules: [...new Set([...bistro.modules, 'hours', 'vacation', 'availability'])] })
    .where(eq(accounts.id, r.ids.bistro));
  manager = await r.as('manager@example.com');
  const times = { start: '10:00', end: '18:00', break: 30 };
  applied = await r.item({ date: futureDay(1), duty: r.ids.service, times });
  await db.insert(itemApplications).values({ itemId: applied, membershipId: r.ids.emma });
  signOut = await r.item({ date: futureDay(1, 1), duty: r.ids.service, times, user: r.ids.leon });
  await db.update(rosterItems).set({ flag: 'signout' }).where(eq(rosterItems.id, signOut));
  // Hours registered against a planned duty of the past: 10:00–18:00 planned, 10:15–19:00 registered.
  const [item] = await db
    .insert(rosterItems)
    .values({
      accountId: r.ids.bistro,
      locationId: r.ids.hq,
      date: addDays(today(), -3),
      membershipId: r.ids.mia,
      dutyId: r.ids.service,
      fromMinutes: 600,
      untilMinutes: 1080,
      breakMinutes: 30,
    })
    .returning();
  past = item.id;
  const [row] = await db
    .insert(hours)
    .values({
      accountId: r.ids.bistro,
      membershipId: r.ids.mia,
      itemId: past,
      locationId: r.ids.hq,
      dutyId: r.ids.service,
      date: addDays(today(), -3),
      fromMinutes: 615,
      untilMinutes: 1140,
      breakMinutes: 30,
      minutes: 495,
      createdAt: now(),
      updatedAt: now(),
    })
    .returning();
  line = row.id;
  const [request] = await db
    .insert(vacationRequests)
    .values({
      accountId: r.ids.bistro,
      membershipId: r.ids.sophie,
      startDate: futureDay(2),
      endDate: futureDay(2, 1),
      duration: 'full',
      compensation: 'paid',
      halfDays: 4,
      minutes: 960,
      dates: [],
      createdAt: now(),
    })
    .returning();
  vacation = request.id;
});
afterAll(async () => r.t.dispose());

const inbox = async (agent: Agent, query = ''): Promise<InboxResponse> => {
  const res = await agent.get(`/api/inbox${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const find = (body: InboxResponse, kind: InboxEntry['kind'], id: string) =>
  body.entries.find((e) => e.kind === kind && (e.item === id || e.target === id || e.id === id));

describe('GET /api/inbox', () => {
  it('lists a planner the applications and sign-outs of their plannings, nothing they do not answer', async () => {
    const body = await inbox(r.planner);
    expect(body.kinds).toEqual(['application', 'signOut', 'swap']);
    expect(find(body, 'application', applied)).toMatchObject({
      person: { id: r.ids.emma, name: 'Emma Employee' },
      target: r.ids.emma,
      location: { id: r.ids.hq },
      planned: { from: '10:00', until: '18:00' },
      can: { accept: true, deny: true },
    });
    expect(find(body, 'signOut', signOut)).toMatchObject({ person: { id: r.ids.leon } });
    expect(body.entries.some((e) => e.kind === 'vacation' || e.kind === 'hours')).toBe(false);
    expect(body.counts.total).toBe(body.counts.application + body.counts.signOut);
    expect(body.counts.application).toBeGreaterThanOrEqual(1);
  });

  it('lists a manager vacation requests and hours too, the hours planned against registered', async () => {
    const body = await inbox(manager);
    expect(body.kinds).toEqual(['application', 'signOut', 'swap', 'vacation', 'hours']);
    expect(find(body, 'vacation', vacation)).toMatchObject({
      person: { id: r.ids.sophie },
      date: futureDay(2),
      until: futureDay(2, 1),
      days: 2,
      can: { accept: true, deny: true },
    });
    expect(find(body, 'hours', line)).toMatchObject({
      item: past,
      planned: { from: '10:00', until: '18:00' },
      registered: { from: '10:15', until: '19:00', minutes: 495 },
      can: { accept: true, deny: true },
    });
  });

  it('filters by planning: the entries of another planning and the vacation of its strangers go', async () => {
    const body = await inbox(manager, `?location=${r.ids.cafe}`);
    expect(find(body, 'application', applied)).toBeUndefined();
    expect(find(body, 'hours', line)).toBeUndefined();
    // Sophie works at Café am Markt; her request stays.
    expect(find(body, 'vacation', vacation)).toBeDefined();
    const hq = await inbox(manager, `?location=${r.ids.hq}`);
    expect(find(hq, 'application', applied)).toBeDefined();
    expect(find(hq, 'vacation', vacation)).toBeUndefined();
  });

  it('an answer given through the kind’s own call takes the entry out', async () => {
    const res = await r.planner.put(`/api/items/${applied}/applications/${r.ids.emma}`, { accepted: false });
    expect(res.statusCode, res.body).toBe(200);
    const approved = await manager.post(`/api/hours/${line}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    const body = await inbox(manager);
    expect(find(body, 'application', applied)).toBeUndefined();
    expect(find(body, 'hours', line)).toBeUndefined();
  });

  it('is refused to employees; another account’s planning answers 404', async () => {
    expect((await r.employee.get('/api/inbox')).statusCode).toBe(403);
    const res = await manager.get(`/api/inbox?location=${r.ids.storeLocation}`);
    expect(res.statusCode).toBe(404);
  });
});

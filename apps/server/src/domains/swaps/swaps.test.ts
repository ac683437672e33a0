import { now } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Agent } from '../../../test/app';
import {
  activityLog,
  locations,
  memberContracts,
  notifications,
  outbox,
  rosterItems,
  swapOffers,
  webhookDeliveries,
  webhookEndpoints,
} from '../../db/schema';
import { extraMembers, futureDay, type RosterTest, setUpRoster } from '../roster/testkit';

let r: RosterTest;
let colleague: { id: string; agent: Agent };
let other: { id: string; agent: Agent };
let kitchenOnly: { id: string; agent: Agent };

beforeAll(async () => {
  r = await setUpRoster();
  await r.settings({ swapsApproveAutomatically: true, unavailablePolicy: 'warn' });
  await r.t.database.db
    .update(locations)
    .set({ releasedUntil: futureDay(8, 0) })
    .where(eq(locations.id, r.ids.hq));
  [colleague, other] = await extraMembers(r, {
    count: 2,
    locationId: r.ids.hq,
    dutyIds: [r.ids.service],
    prefix: 'swap',
  });
  [kitchenOnly] = await extraMembers(r, { count: 1, locationId: r.ids.hq, dutyIds: [r.ids.kitchen], prefix: 'cook' });
});
afterAll(async () => r.t.dispose());

const duty = (date: string, start: string, end: string, user: string | null) =>
  r.item({ date, duty: r.ids.service, times: { start, end, break: 0 }, ...(user ? { user } : {}) });
const offer = async (agent: Agent, item: string, wanted?: string) => {
  const res = await agent.post('/api/swaps', { item, ...(wanted ? { wanted } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().offer as { id: string; status: string; can: Record<string, boolean> };
};
/** How many "your offer was answered" notifications a member has had (withdrawals among them). */
const answeredTold = async (membershipId: string) =>
  (
    await r.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.membershipId, membershipId), eq(notifications.event, 'swapAnswered')))
  ).filter((n) => (n.data as { outcome?: string }).outcome === 'withdrawn').length;
const holderOf = async (id: string) =>
  (await r.t.database.db.select().from(rosterItems).where(eq(rosterItems.id, id)))[0]?.membershipId;

describe('offering a duty', () => {
  it('a colleague who may work it sees it, accepts, and it is approved at once when nothing breaks', async () => {
    const item = await duty(futureDay(1, 0), '08:00', '12:00', r.ids.emma);
    const made = await offer(r.employee, item);
    expect(made).toMatchObject({ status: 'open', can: { withdraw: true, accept: false } });

    const list = (await colleague.agent.get('/api/swaps')).json();
    const seen = list.forMe.find((o: { id: string }) => o.id === made.id);
    expect(seen).toMatchObject({ status: 'open', can: { accept: true, decline: true }, wouldBreak: [] });
    // Someone without the duty's function is not offered it.
    const cook = (await kitchenOnly.agent.get('/api/swaps')).json();
    expect(cook.forMe.some((o: { id: string }) => o.id === made.id)).toBe(false);
    // The colleagues who may take it were told.
    const told = await r.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.membershipId, colleague.id), eq(notifications.event, 'swapOffered')));
    expect(told.length).toBe(1);

    const res = await colleague.agent.post(`/api/swaps/${made.id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer.status).toBe('approved');
    expect(await holderOf(item)).toBe(colleague.id);
    const log = await r.t.database.db
      .select()
      .from(activityLog)
      .where(
        and(eq(activityLog.entity, 'swap'), eq(activityLog.entityId, made.id), eq(activityLog.action, 'swap.approve')),
      );
    expect(log[0]?.after).toMatchObject({ item, from: r.ids.emma, to: colleague.id });
    const mails = await r.t.database.db.select().from(outbox).where(eq(outbox.template, 'swapApproved'));
    expect(mails.length).toBeGreaterThan(0);

    // Accepting again, by anyone, is too late.
    const again = await other.agent.post(`/api/swaps/${made.id}/accept`);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ERR_SWAP_TAKEN');
  });

  it('refuses what cannot be offered: not yours, not released, offered already', async () => {
    const colleagues = await duty(futureDay(1, 1), '08:00', '12:00', colleague.id);
    const res = await r.employee.post('/api/swaps', { item: colleagues });
    expect(res.json().code).toBe('ERR_SWAP_NOT_OFFERABLE');
    const late = await duty(futureDay(9, 0), '08:00', '12:00', r.ids.emma);
    expect((await r.employee.post('/api/swaps', { item: late })).json().code).toBe('ERR_SWAP_NOT_OFFERABLE');
    const mine = await duty(futureDay(1, 2), '08:00', '12:00', r.ids.emma);
    await offer(r.employee, mine);
    const twice = await r.employee.post('/api/swaps', { item: mine });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('ERR_SWAP_OPEN');
  });

  it('an acceptance that breaks the rest period waits for a planner, who denies it with a message', async () => {
    const date = futureDay(2, 1);
    // The colleague works until 23:00 the evening before; the offered duty starts at 06:00: less than 11 hours rest.
    await r.item({
      date: futureDay(2, 0),
      duty: r.ids.service,
      times: { start: '15:00', end: '23:00', break: 0 },
      user: other.id,
    });
    const item = await duty(date, '06:00', '10:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    const seen = (await other.agent.get('/api/swaps')).json().forMe.find((o: { id: string }) => o.id === id);
    expect(seen?.wouldBreak).toEqual(['ERR_OVERLAP_REST']);
    const res = await other.agent.post(`/api/swaps/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer).toMatchObject({ status: 'pending', breaks: ['ERR_OVERLAP_REST'] });
    expect(await holderOf(item)).toBe(r.ids.emma);

    const inbox = (await r.planner.get('/api/inbox')).json();
    const entry = inbox.entries.find((e: { id: string }) => e.id === id);
    expect(entry).toMatchObject({ kind: 'swap', person: { id: other.id }, swap: { breaks: ['ERR_OVERLAP_REST'] } });
    expect(inbox.counts.swap).toBeGreaterThan(0);

    // Employees do not decide.
    expect((await other.agent.post(`/api/swaps/${id}/decision`, { approve: true })).statusCode).toBe(403);
    const denied = await r.planner.post(`/api/swaps/${id}/decision`, { approve: false, message: 'Rest first, please' });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(denied.json().offer).toMatchObject({ status: 'denied', message: 'Rest first, please' });
    expect(await holderOf(item)).toBe(r.ids.emma);
    const told = await r.t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.membershipId, other.id), eq(notifications.event, 'swapAnswered')));
    expect(told.some((n) => (n.data as { outcome?: string }).outcome === 'denied')).toBe(true);
    // Decided once.
    const twice = await r.planner.post(`/api/swaps/${id}/decision`, { approve: true });
    expect(twice.json().code).toBe('ERR_SWAP_TAKEN');
  });

  it('a planner approves a waiting one and the duty changes hands', async () => {
    await r.settings({ swapsApproveAutomatically: false });
    const item = await duty(futureDay(3, 2), '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    expect((await colleague.agent.post(`/api/swaps/${id}/accept`)).json().offer.status).toBe('pending');
    const res = await r.planner.post(`/api/swaps/${id}/decision`, { approve: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(await holderOf(item)).toBe(colleague.id);
    await r.settings({ swapsApproveAutomatically: true });
  });

  it('the contract\u2019s weekly hours: going over them waits for a planner', async () => {
    await r.t.database.db.insert(memberContracts).values({
      accountId: r.ids.bistro,
      membershipId: colleague.id,
      startDate: futureDay(0, 0),
      type: 'flex',
      weeklyMinutes: 120,
    });
    const item = await duty(futureDay(4, 3), '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    const res = await colleague.agent.post(`/api/swaps/${id}/accept`);
    expect(res.json().offer).toMatchObject({ status: 'pending', breaks: ['ERR_CONTRACT_HOURS'] });
    await r.t.database.db.delete(memberContracts).where(eq(memberContracts.membershipId, colleague.id));
  });

  it('a colleague with an overlapping duty is refused (ERR_OVERLAP) and is not offered it', async () => {
    const date = futureDay(5, 0);
    await duty(date, '09:00', '13:00', other.id);
    const item = await duty(date, '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    expect((await other.agent.get('/api/swaps')).json().forMe.some((o: { id: string }) => o.id === id)).toBe(false);
    const res = await other.agent.post(`/api/swaps/${id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ERR_OVERLAP');
    // Someone without the function: not eligible.
    expect((await kitchenOnly.agent.post(`/api/swaps/${id}/accept`)).json().code).toBe('ERR_NOT_ELIGIBLE');
    // The offerer cannot take their own.
    expect((await r.employee.post(`/api/swaps/${id}/accept`)).statusCode).toBe(403);
  });

  it('declining hides a gift from that colleague; withdrawing ends it', async () => {
    const item = await duty(futureDay(5, 2), '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    expect((await colleague.agent.post(`/api/swaps/${id}/decline`)).statusCode).toBe(200);
    expect((await colleague.agent.get('/api/swaps')).json().forMe.some((o: { id: string }) => o.id === id)).toBe(false);
    // Only the offerer withdraws.
    expect((await colleague.agent.delete(`/api/swaps/${id}`)).statusCode).toBe(403);
    const res = await r.employee.delete(`/api/swaps/${id}`);
    expect(res.json().offer.status).toBe('withdrawn');
    expect((await other.agent.post(`/api/swaps/${id}/accept`)).json().code).toBe('ERR_SWAP_TAKEN');
  });

  it('a planner changing the duty withdraws its offer; deleting it takes it away and tells who offered it', async () => {
    const item = await duty(futureDay(5, 3), '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    const res = await r.planner.put(`/api/items/${item}/times`, { start: '09:00', end: '12:00', break: 0 });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await r.t.database.db.select().from(swapOffers).where(eq(swapOffers.id, id));
    expect(row.status).toBe('withdrawn');
    const gone = await duty(futureDay(5, 4), '08:00', '12:00', r.ids.emma);
    const second = await offer(r.employee, gone);
    const toldBefore = await answeredTold(r.ids.emma);
    expect((await r.planner.delete(`/api/items/${gone}`)).statusCode).toBe(200);
    expect((await colleague.agent.post(`/api/swaps/${second.id}/accept`)).statusCode).toBe(404);
    expect(await answeredTold(r.ids.emma)).toBe(toldBefore + 1);
  });

  it('marking the duty sick withdraws its offer; a duty flagged sick otherwise is not handed on', async () => {
    const item = await duty(futureDay(3, 4), '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    const res = await r.planner.put(`/api/items/${item}/sick`, {});
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await r.t.database.db.select().from(swapOffers).where(eq(swapOffers.id, id));
    expect(row.status).toBe('withdrawn');
    // A sickness record flags duties without a planner's edit: the offer still waits, but nobody can take it.
    const flagged = await duty(futureDay(3, 5), '08:00', '12:00', r.ids.emma);
    const second = await offer(r.employee, flagged);
    await r.t.database.db.update(rosterItems).set({ flag: 'sick' }).where(eq(rosterItems.id, flagged));
    const accepted = await colleague.agent.post(`/api/swaps/${second.id}/accept`);
    expect(accepted.json().code).toBe('ERR_SWAP_TAKEN');
    expect(await holderOf(flagged)).toBe(r.ids.emma);
  });

  it('an offer expires when its duty starts', async () => {
    // Someone with no other duty, so the duty's start can move into the past as time passing would move it.
    const [lone] = await extraMembers(r, { count: 1, locationId: r.ids.hq, dutyIds: [r.ids.service], prefix: 'lone' });
    const item = await duty(futureDay(6, 0), '08:00', '12:00', lone.id);
    const { id } = await offer(lone.agent, item);
    await r.t.database.db
      .update(rosterItems)
      .set({ startAt: new Date(now().getTime() - 60_000) })
      .where(eq(rosterItems.id, item));
    const mine = (await lone.agent.get('/api/swaps')).json().mine.find((o: { id: string }) => o.id === id);
    expect(mine.status).toBe('expired');
    const res = await colleague.agent.post(`/api/swaps/${id}/accept`);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('ERR_SWAP_EXPIRED');
  });
});

describe('swapping duties', () => {
  it('the colleague asked accepts and both duties change hands; nobody else may', async () => {
    const mine = await duty(futureDay(7, 0), '08:00', '12:00', r.ids.emma);
    const theirs = await duty(futureDay(7, 1), '08:00', '12:00', colleague.id);
    const { id } = await offer(r.employee, mine, theirs);
    expect((await other.agent.post(`/api/swaps/${id}/accept`)).statusCode).toBe(404);
    const res = await colleague.agent.post(`/api/swaps/${id}/accept`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().offer.status).toBe('approved');
    expect(await holderOf(mine)).toBe(colleague.id);
    expect(await holderOf(theirs)).toBe(r.ids.emma);
  });

  it('the colleague asked may decline', async () => {
    const mine = await duty(futureDay(7, 2), '08:00', '12:00', r.ids.emma);
    const theirs = await duty(futureDay(7, 3), '08:00', '12:00', colleague.id);
    const { id } = await offer(r.employee, mine, theirs);
    const res = await colleague.agent.post(`/api/swaps/${id}/decline`);
    expect(res.json().offer.status).toBe('declined');
  });
});

describe('webhooks', () => {
  it('a decided swap reaches integrations, and the duties that changed hands as changed', async () => {
    const [endpoint] = await r.t.database.db
      .insert(webhookEndpoints)
      .values({
        accountId: r.ids.bistro,
        url: 'https://hooks.example.com/roster',
        events: ['swap.decided', 'item.changed'],
        secret: 'whsec_dGVzdA==',
        createdAt: now(),
      })
      .returning();
    try {
      const mine = await duty(futureDay(4, 0), '08:00', '12:00', r.ids.emma);
      const theirs = await duty(futureDay(4, 1), '08:00', '12:00', colleague.id);
      const { id } = await offer(r.employee, mine, theirs);
      expect((await colleague.agent.post(`/api/swaps/${id}/accept`)).json().offer.status).toBe('approved');
      const sent = await r.t.database.db
        .select()
        .from(webhookDeliveries)
        .where(eq(webhookDeliveries.endpointId, endpoint.id));
      expect(sent.find((d) => d.event === 'swap.decided')?.payload).toEqual({
        id,
        status: 'approved',
        item: mine,
        wanted: theirs,
        from: r.ids.emma,
        to: colleague.id,
      });
      expect(
        sent
          .filter((d) => d.event === 'item.changed')
          .map((d) => d.payload.id)
          .sort(),
      ).toEqual([mine, theirs].sort());
    } finally {
      await r.t.database.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    }
  });
});

describe('across accounts', () => {
  it("another account's offers and duties answer 404", async () => {
    const item = await duty(futureDay(7, 4), '08:00', '12:00', r.ids.emma);
    const { id } = await offer(r.employee, item);
    const store = await r.storeOwner();
    expect((await store.post(`/api/swaps/${id}/accept`)).statusCode).toBe(404);
    expect((await store.post(`/api/swaps/${id}/decline`)).statusCode).toBe(404);
    expect((await store.post(`/api/swaps/${id}/decision`, { approve: true })).statusCode).toBe(404);
    expect((await store.delete(`/api/swaps/${id}`)).statusCode).toBe(404);
    expect((await store.post('/api/swaps', { item })).statusCode).toBe(404);
  });
});

describe('multi-item writes withdraw offers as single edits do', () => {
  const releaseUntil = (date: string) =>
    r.t.database.db.update(locations).set({ releasedUntil: date }).where(eq(locations.id, r.ids.hq));
  const statusOf = async (id: string) =>
    (await r.t.database.db.select().from(swapOffers).where(eq(swapOffers.id, id)))[0]?.status;
  const withdrawnTold = async (membershipId: string) =>
    (
      await r.t.database.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.membershipId, membershipId), eq(notifications.event, 'swapAnswered')))
    ).length;
  afterAll(() => releaseUntil(futureDay(8, 0)));

  it('emptying or deleting duties in bulk withdraws their offers (offered or wanted) and tells who is involved', async () => {
    const emptied = await duty(futureDay(6, 1), '08:00', '12:00', r.ids.emma);
    const asked = await duty(futureDay(6, 2), '08:00', '12:00', r.ids.emma);
    const theirs = await duty(futureDay(6, 3), '08:00', '12:00', colleague.id);
    const deleted = await duty(futureDay(6, 4), '08:00', '12:00', r.ids.emma);
    const gift = await offer(r.employee, emptied);
    const swap = await offer(r.employee, asked, theirs);
    const gone = await offer(r.employee, deleted);
    const toldBefore = await withdrawnTold(r.ids.emma);
    // The bulk bar refuses released days; days taken back from release by other means still carry the offers.
    await releaseUntil(futureDay(6, 0));
    const res = await r.planner.post('/api/items/bulk/empty', { items: [emptied, theirs] });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(gift.id)).toBe('withdrawn');
    expect(await statusOf(swap.id)).toBe('withdrawn');
    expect(await withdrawnTold(r.ids.emma)).toBe(toldBefore + 2);
    expect((await colleague.agent.post(`/api/swaps/${gift.id}/accept`)).json().code).toBe('ERR_SWAP_TAKEN');

    const toldBeforeDelete = await answeredTold(r.ids.emma);
    const del = await r.planner.post('/api/items/bulk/delete', { items: [deleted] });
    expect(del.statusCode, del.body).toBe(200);
    expect(await statusOf(gone.id)).toBeUndefined();
    expect(await answeredTold(r.ids.emma)).toBe(toldBeforeDelete + 1);
    expect((await colleague.agent.post(`/api/swaps/${gone.id}/accept`)).statusCode).toBe(404);
  });

  it('taking days back from release withdraws the offers on them, and only those', async () => {
    await releaseUntil(futureDay(8, 0));
    const kept = await duty(futureDay(5, 5), '08:00', '12:00', r.ids.emma);
    const revoked = await duty(futureDay(6, 5), '08:00', '12:00', r.ids.emma);
    const stays = await offer(r.employee, kept);
    const goes = await offer(r.employee, revoked);
    const res = await r.planner.put(`/api/locations/${r.ids.hq}/release`, { date: futureDay(6, 5) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await statusOf(goes.id)).toBe('withdrawn');
    expect(await statusOf(stays.id)).toBe('open');
  });
});

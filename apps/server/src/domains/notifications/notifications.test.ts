import { addDays } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Agent } from '../../../test/app';
import { accounts, locations, notificationSettings, notifications, outbox, pushSubscriptions } from '../../db/schema';
import { runCommand } from '../../platform/command';
import { futureDay, type RosterTest, setUpRoster, today } from '../roster/testkit';
import { notify, pushesSettled } from './service';

let r: RosterTest;
let leon: Agent;
const send = vi.fn(async (_target: { endpoint: string }, _payload: string) => ({ gone: false }));
beforeAll(async () => {
  r = await setUpRoster();
  leon = await r.as('leon.fischer@example.com');
  // Nothing reaches a push service: the sender is replaced.
  r.t.ctx.push.send = send;
});
afterAll(async () => r.t.dispose());

const db = () => r.t.database.db;
beforeEach(async () => {
  await db().update(locations).set({ releasedUntil: null }).where(eq(locations.accountId, r.ids.bistro));
  await db().delete(outbox);
  await db().delete(notifications);
  await db().delete(pushSubscriptions);
  send.mockClear();
  await db().delete(notificationSettings);
});

const listOf = async (agent: Agent, query = '') => {
  const res = await agent.get(`/api/notifications${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as {
    notifications: { id: string; event: string; data: Record<string, unknown>; readAt: string | null }[];
    unread: number;
    more: boolean;
  };
};
const mailsTo = (to: string) => db().select().from(outbox).where(eq(outbox.to, to));
const release = (date: string) => r.planner.put(`/api/locations/${r.ids.hq}/release`, { date });
const settingsOf = async (agent: Agent) => (await agent.get('/api/notifications/settings')).json();
const setChannel = async (agent: Agent, event: string, channel: 'app' | 'mail' | 'push', on: boolean) => {
  const { settings } = await settingsOf(agent);
  settings[event][channel] = on;
  const res = await agent.put('/api/notifications/settings', settings);
  expect(res.statusCode, res.body).toBe(200);
};
const subscription = (n = 1) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/test-${n}`,
  keys: {
    p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM',
    auth: 'tBHItJI5svbpez7KI4CCXg',
  },
});

let n = 0;
const nextDay = () => futureDay(Math.floor(n / 6), n++ % 6);

describe('a released roster', () => {
  it('writes an in-app notification and a mail in the recipient’s language to each member of the location', async () => {
    const date = addDays(today(), 3);
    expect((await release(date)).statusCode).toBe(200);
    const list = await listOf(r.employee);
    expect(list.unread).toBe(1);
    expect(list.notifications[0]).toMatchObject({
      event: 'rosterReleased',
      readAt: null,
      data: { location: r.ids.hq, locationName: 'Headquarter', date, by: expect.any(String) },
    });
    expect(await mailsTo('employee@example.com')).toMatchObject([{ template: 'rosterReleased', locale: 'en' }]);
    // Someone of another location hears nothing.
    const sophie = await r.as('sophie.koch@example.com');
    expect((await listOf(sophie)).notifications).toEqual([]);
  });

  it('follows each recipient’s settings per channel', async () => {
    await setChannel(r.employee, 'rosterReleased', 'mail', false);
    await release(addDays(today(), 4));
    expect(await mailsTo('employee@example.com')).toEqual([]);
    expect((await listOf(r.employee)).unread).toBe(1);

    await db().update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    await setChannel(r.employee, 'rosterReleased', 'app', false);
    await release(addDays(today(), 5));
    expect((await listOf(r.employee)).unread).toBe(1);
    // Others kept the defaults.
    expect((await listOf(leon)).unread).toBe(2);
  });

  it('a revoke is a roster change told with the revoke mail', async () => {
    await release(addDays(today(), 6));
    await db().delete(outbox);
    await release(addDays(today(), 3));
    const list = await listOf(r.employee);
    expect(list.notifications[0].event).toBe('rosterChanged');
    expect(await mailsTo('employee@example.com')).toMatchObject([{ template: 'rosterRevoked' }]);
  });
});

describe('item events', () => {
  it('planning someone on a released day tells them; on an unreleased day nobody', async () => {
    const date = nextDay();
    const hidden = await r.item({ date, duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    expect((await listOf(r.employee)).notifications).toEqual([]);
    await db()
      .update(locations)
      .set({ releasedUntil: addDays(date, 30) })
      .where(eq(locations.id, r.ids.hq));
    const item = await r.item({ date: nextDay(), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    const list = await listOf(r.employee);
    expect(list.notifications.map((x) => [x.event, x.data.item])).toEqual([['itemAssigned', item]]);
    expect(await mailsTo('employee@example.com')).toMatchObject([{ template: 'itemAssigned' }]);

    // Taken off: removed; the planner who did it is not told.
    await db().delete(notifications);
    const off = await r.planner.delete(`/api/items/${hidden}/user`);
    expect(off.statusCode, off.body).toBe(200);
    expect((await listOf(r.employee)).notifications.map((x) => x.event)).toEqual(['itemRemoved']);
    expect((await listOf(r.planner)).notifications).toEqual([]);
  });

  it('the answer to a sign-out tells the employee, accepted or not', async () => {
    const id = await r.item({ date: nextDay(), duty: r.ids.service, shift: r.ids.early, user: r.ids.emma });
    await r.employee.request('PUT', `/api/items/${id}/sign-out`);
    await r.planner.put(`/api/items/${id}/sign-out`, { confirm: false });
    await r.employee.request('PUT', `/api/items/${id}/sign-out`);
    await r.planner.put(`/api/items/${id}/sign-out`, { confirm: true });
    const list = await listOf(r.employee);
    expect(list.notifications.map((x) => [x.event, x.data.accepted])).toEqual([
      ['signOutAnswered', true],
      ['signOutAnswered', false],
    ]);
    expect((await mailsTo('employee@example.com')).map((m) => m.template).sort()).toEqual([
      'signOutAccepted',
      'signOutDenied',
    ]);
  });

  it('the answer to an application tells the applicant; accepting one tells the waiting co-applicants too', async () => {
    await r.settings({ employeesMustApply: true });
    const date = nextDay();
    await db()
      .update(locations)
      .set({ releasedUntil: addDays(date, 30) })
      .where(eq(locations.id, r.ids.hq));
    const applyTo = async (agent: Agent, id: string) => {
      const res = await agent.put(`/api/items/${id}/sign-in`);
      expect(res.statusCode, res.body).toBe(200);
    };
    const answers = async (agent: Agent) =>
      (await listOf(agent)).notifications.map((x) => [x.event, x.data.item, x.data.accepted]);

    // Denied: the applicant hears it.
    const first = await r.item({ date, duty: r.ids.service, shift: r.ids.early });
    await applyTo(r.employee, first);
    expect((await r.planner.get(`/api/items/${first}/applications`)).json()).toHaveLength(1);
    const denied = await r.planner.put(`/api/items/${first}/applications/${r.ids.emma}`, { accepted: false });
    expect(denied.statusCode, denied.body).toBe(200);
    expect(await answers(r.employee)).toEqual([['applicationAnswered', first, false]]);

    // Two apply, one is taken: both hear the answer, each their own.
    await db().delete(notifications);
    await db().delete(outbox);
    const second = await r.item({ date: nextDay(), duty: r.ids.service, shift: r.ids.late });
    await applyTo(r.employee, second);
    await applyTo(leon, second);
    const applicants = (await r.planner.get(`/api/items/${second}/applications`)).json();
    expect(applicants.map((a: { membership: string }) => a.membership).sort()).toEqual([r.ids.emma, r.ids.leon].sort());
    const accepted = await r.planner.put(`/api/items/${second}/applications/${r.ids.leon}`, { accepted: true });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await answers(leon)).toEqual([['applicationAnswered', second, true]]);
    expect(await answers(r.employee)).toEqual([['applicationAnswered', second, false]]);
    expect((await mailsTo('employee@example.com')).map((m) => m.template)).toEqual(['applicationDenied']);
  });
});

describe('GET and PUT /api/notifications', () => {
  it('marks some or all read, deletes one, and another member’s ids answer 404', async () => {
    await release(addDays(today(), 3));
    await db().update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    await release(addDays(today(), 4));
    const [first, second] = (await listOf(r.employee)).notifications;
    const marked = await r.employee.put('/api/notifications/read', { ids: [first.id] });
    expect(marked.json()).toEqual({ unread: 1 });
    expect((await listOf(r.employee, '?unread=true')).notifications.map((x) => x.id)).toEqual([second.id]);

    const leons = (await listOf(leon)).notifications[0].id;
    expect((await r.employee.put('/api/notifications/read', { ids: [leons] })).statusCode).toBe(404);
    expect((await r.employee.delete(`/api/notifications/${leons}`)).statusCode).toBe(404);
    expect((await r.employee.get(`/api/notifications?before=${leons}`)).statusCode).toBe(404);
    const store = await r.storeOwner();
    expect((await store.delete(`/api/notifications/${first.id}`)).statusCode).toBe(404);

    expect((await r.employee.put('/api/notifications/read', { all: true })).json()).toEqual({ unread: 0 });
    expect((await r.employee.delete(`/api/notifications/${first.id}`)).statusCode).toBe(200);
    expect((await listOf(r.employee)).notifications.map((x) => x.id)).toEqual([second.id]);
    expect((await r.employee.put('/api/notifications/read', { ids: [] })).statusCode).toBe(422);
  });

  it('pages backwards by the oldest id held', async () => {
    const at = new Date('2026-01-01T00:00:00Z');
    await db()
      .insert(notifications)
      .values(
        Array.from({ length: 35 }, (_, i) => ({
          accountId: r.ids.bistro,
          membershipId: r.ids.emma,
          event: 'rosterChanged',
          data: {},
          createdAt: new Date(at.getTime() + i * 1000),
        })),
      );
    const page = await listOf(r.employee);
    expect(page.notifications).toHaveLength(30);
    expect(page.more).toBe(true);
    const next = await listOf(r.employee, `?before=${page.notifications[29].id}`);
    expect(next.notifications).toHaveLength(5);
    expect(next.more).toBe(false);
    expect(new Set([...page.notifications, ...next.notifications].map((x) => x.id)).size).toBe(35);
  });
});

describe('settings', () => {
  it('answer the defaults, the push key and which events are active; refuse a partial body', async () => {
    const s = await settingsOf(r.employee);
    expect(s.settings.rosterReleased).toEqual({ app: true, mail: true, push: true });
    expect(s.settings.chatMessage).toEqual({ app: false, mail: false, push: true });
    expect(s.pushKey).toMatch(/^[A-Za-z0-9_-]{80,}$/);
    expect(s.events.find((e: { event: string }) => e.event === 'rosterReleased').active).toBe(true);
    const bad = await r.employee.put('/api/notifications/settings', { rosterReleased: { app: true } });
    expect(bad.statusCode).toBe(422);
  });
});

describe('web push', () => {
  it('sends to each subscribed browser, in the recipient’s language, and forgets a gone one', async () => {
    expect((await r.employee.post('/api/notifications/push', subscription(1))).statusCode).toBe(200);
    expect((await r.employee.post('/api/notifications/push', subscription(2))).statusCode).toBe(200);
    expect(
      (await r.employee.post('/api/notifications/push', { ...subscription(3), endpoint: 'http://x.test/' })).statusCode,
    ).toBe(422);
    expect((await settingsOf(r.employee)).pushDevices).toBe(2);
    send.mockImplementation(async (target: { endpoint: string }) => ({ gone: target.endpoint.endsWith('/test-2') }));
    await release(addDays(today(), 3));
    await pushesSettled();
    const mine = send.mock.calls.filter((c) =>
      (c as unknown as [{ endpoint: string }])[0].endpoint.includes('/fcm/send/test-'),
    );
    expect(mine).toHaveLength(2);
    const payload = JSON.parse((mine[0] as unknown as [unknown, string])[1]);
    expect(payload).toMatchObject({ title: 'New roster for Headquarter', url: expect.stringContaining('/en/roster/') });
    expect((await settingsOf(r.employee)).pushDevices).toBe(1);

    send.mockClear();
    await setChannel(r.employee, 'rosterReleased', 'push', false);
    await db().update(locations).set({ releasedUntil: null }).where(eq(locations.id, r.ids.hq));
    await release(addDays(today(), 4));
    await pushesSettled();
    expect(send).not.toHaveBeenCalled();
    expect(
      (await r.employee.request('DELETE', '/api/notifications/push', { endpoint: subscription(1).endpoint }))
        .statusCode,
    ).toBe(200);
    expect((await settingsOf(r.employee)).pushDevices).toBe(0);
  });

  it('refuses endpoints that are not a browser push service: the loopback, private and metadata addresses', async () => {
    const before = (await settingsOf(r.employee)).pushDevices;
    for (const endpoint of [
      'https://127.0.0.1:8443/push',
      'https://[::1]/push',
      'https://[::ffff:127.0.0.1]/push',
      'https://169.254.169.254/latest/meta-data/',
      'https://10.0.0.1/push',
      'https://localhost/push',
      'https://fcm.googleapis.com.attacker.test/push',
      'https://fcm.googleapis.com:8443/fcm/send/x',
    ]) {
      const res = await r.employee.post('/api/notifications/push', { ...subscription(9), endpoint });
      expect([res.statusCode, res.json().fields], endpoint).toEqual([422, { endpoint: ['validation.pushService'] }]);
    }
    expect((await settingsOf(r.employee)).pushDevices).toBe(before);
  });

  it('a chat message goes out as a push only, by default', async () => {
    await r.employee.post('/api/notifications/push', subscription(7));
    const ch = await leon.post('/api/channels', { type: 'single', participants: [r.ids.emma] });
    expect(ch.statusCode, ch.body).toBe(200);
    await leon.post(`/api/channels/${ch.json().id}/chats`, { message: 'Can you swap Friday?' });
    await pushesSettled();
    expect(send).toHaveBeenCalledTimes(1);
    expect(JSON.parse((send.mock.calls[0] as unknown as [unknown, string])[1])).toMatchObject({
      body: 'Can you swap Friday?',
      url: `/en/chats/${ch.json().id}`,
    });
    expect((await listOf(r.employee)).notifications).toEqual([]);
    expect(await mailsTo('employee@example.com')).toEqual([]);
  });
});

describe('notify', () => {
  it('sends nothing for an event whose module is off, and skips other accounts’ members', async () => {
    await runCommand(r.t.ctx, null, (command) =>
      notify(r.t.ctx, command, {
        accountId: r.ids.bistro,
        event: 'vacationAnswered',
        recipients: [r.ids.emma],
        data: { date: today(), accepted: true },
      }),
    );
    const [bistro] = await db().select().from(accounts).where(eq(accounts.id, r.ids.bistro));
    if (!bistro.modules.includes('vacation')) expect((await listOf(r.employee)).notifications).toEqual([]);
    await runCommand(r.t.ctx, null, (command) =>
      notify(r.t.ctx, command, {
        accountId: r.ids.store,
        event: 'rosterChanged',
        recipients: [r.ids.emma],
        data: {},
      }),
    );
    expect(
      await db()
        .select()
        .from(notifications)
        .where(and(eq(notifications.accountId, r.ids.store))),
    ).toEqual([]);
  });
});

import { chatDelivery } from '@app/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, expectForeignIdsNotFound, signIn, type TestApp } from '../../../test/app';
import { accounts } from '../../db/schema';

let t: TestApp;
let emma: Agent;
let leon: Agent;
let mia: Agent;
let paula: Agent;
let max: Agent;
let ella: Agent;
let nina: Agent;
const ids: Record<string, string> = {};
let storeChannel: string;

const idOf = async (agent: Agent) => (await agent.get('/api/app/init')).json().membership.id as string;
const ok = <T = any>(res: { statusCode: number; body: string; json: () => unknown }, status = 200): T => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json() as T;
};

beforeAll(async () => {
  t = await createTestApp();
  [emma, leon, mia, paula, max, ella, nina] = await Promise.all(
    [
      'employee@example.com',
      'leon.fischer@example.com',
      'mia.schneider@example.com',
      'planner@example.com',
      'manager@example.com',
      'ella.braun@example.com',
      'nina.berg@example.com',
    ].map((e) => signIn(t.app, e)),
  );
  for (const [k, a] of Object.entries({ emma, leon, mia, paula, max, ella, nina })) ids[k] = await idOf(a);
  const omar = (await nina.get('/api/chat-contacts')).json().contacts[0].id as string;
  storeChannel = ok(await nina.post('/api/channels', { type: 'single', participants: [omar] })).id;
});
afterAll(async () => t?.dispose());

describe('GET /api/channels', () => {
  it('lists the member’s channels (sample) with people, last line and unread count, newest first', async () => {
    const { channels } = ok(await emma.get('/api/channels'));
    const team = channels.find((c: any) => c.title === 'Headquarter team');
    expect(team).toMatchObject({ type: 'group', active: true, unread: 1 });
    expect(team.participants.map((p: any) => p.id)).toContain(ids.emma);
    expect(team.lastChat).toMatchObject({ kind: 'message', mine: false });
    const single = channels.find((c: any) => c.type === 'single');
    expect(single.title).toBeNull();
    const times = channels.map((c: any) => c.lastUpdated);
    expect([...times].sort().reverse()).toEqual(times);
    // Channels Emma is not part of are not listed.
    expect(channels.some((c: any) => c.title === 'Café am Markt')).toBe(false);
  });
});

describe('GET /api/chat-contacts and who may chat with whom', () => {
  it('an employee reaches colleagues of their plannings and planners, not people of other plannings', async () => {
    const { contacts } = ok(await emma.get('/api/chat-contacts'));
    const reached = contacts.map((c: any) => c.id);
    expect(reached).toContain(ids.leon);
    expect(reached).toContain(ids.paula);
    expect(reached).not.toContain(ids.ella);
    expect(reached).not.toContain(ids.emma);
    const res = await emma.post('/api/channels', { type: 'single', participants: [ids.ella] });
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json().code).toBe('FORBIDDEN');
  });

  it('planners reach everyone; a public contacts visibility opens everyone to everyone', async () => {
    expect(ok(await paula.get('/api/chat-contacts')).contacts.map((c: any) => c.id)).toContain(ids.ella);
    await t.database.db
      .update(accounts)
      .set({ settings: sql`${accounts.settings} || '{"contactsVisibility":"public"}'::jsonb` })
      .where(sql`${accounts.id} = (select account_id from memberships where id = ${ids.emma})`);
    expect(ok(await emma.get('/api/chat-contacts')).contacts.map((c: any) => c.id)).toContain(ids.ella);
    await t.database.db
      .update(accounts)
      .set({ settings: sql`${accounts.settings} || '{"contactsVisibility":"private"}'::jsonb` })
      .where(sql`${accounts.id} = (select account_id from memberships where id = ${ids.emma})`);
  });

  it('another account’s member answers 404; nobody but oneself answers 422', async () => {
    const res = await emma.post('/api/channels', { type: 'single', participants: [ids.nina] });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
    const self = await emma.post('/api/channels', { type: 'single', participants: [ids.emma] });
    expect([self.statusCode, self.json().code]).toEqual([422, 'VALIDATION']);
  });
});

describe('creating channels', () => {
  it('a single chat is created once: asking again answers the same channel', async () => {
    const first = ok(await paula.post('/api/channels', { type: 'single', participants: [ids.mia] }));
    expect(first).toMatchObject({ type: 'single', title: null, active: true });
    expect(first.participants.map((p: any) => p.id).sort()).toEqual([ids.paula, ids.mia].sort());
    expect(first.lastChat).toMatchObject({ kind: 'created', user: { id: ids.paula } });
    const again = ok(await mia.post('/api/channels', { type: 'single', participants: [ids.paula] }));
    expect(again.id).toBe(first.id);
  });

  it('a group needs a title; creating writes the created line and a joined line per person', async () => {
    const untitled = await paula.post('/api/channels', { type: 'group', title: '   ', participants: [ids.emma] });
    expect([untitled.statusCode, untitled.json().code]).toEqual([422, 'VALIDATION']);
    const group = ok(
      await paula.post('/api/channels', { type: 'group', title: ' Bar crew ', participants: [ids.emma, ids.leon] }),
    );
    expect(group.title).toBe('Bar crew');
    const { chats, participants } = ok(await emma.get(`/api/channels/${group.id}`));
    expect(chats.map((c: any) => [c.kind, c.user.id])).toEqual([
      ['created', ids.paula],
      ['joined', ids.emma],
      ['joined', ids.leon],
    ]);
    expect(participants.find((p: any) => p.user.id === ids.paula).role).toBe('creator');
  });
});

describe('POST /api/channels/{channel}/chats and message status', () => {
  let channel: string;
  beforeAll(async () => {
    channel = ok(
      await emma.post('/api/channels', { type: 'group', title: 'Status', participants: [ids.leon, ids.mia] }),
    ).id;
  });

  it('sends a trimmed message; empty and blank messages are not sent', async () => {
    const sent = ok(await emma.post(`/api/channels/${channel}/chats`, { message: '  Hello team \n ' }));
    expect(sent.chat).toMatchObject({ message: 'Hello team', mine: true, kind: 'message', user: { id: ids.emma } });
    expect(sent.chat.statuses.map((s: any) => s.membershipId).sort()).toEqual([ids.leon, ids.mia].sort());
    for (const message of ['', '   \n\t ']) {
      const res = await emma.post(`/api/channels/${channel}/chats`, { message });
      expect([res.statusCode, res.json().code]).toEqual([422, 'VALIDATION']);
    }
    const { chats } = ok(await emma.get(`/api/channels/${channel}`));
    expect(chats.filter((c: any) => c.kind === 'message')).toHaveLength(1);
  });

  it('one check when sent, two when one received it, highlighted when all read it', async () => {
    const { chat } = ok(await emma.post(`/api/channels/${channel}/chats`, { message: 'Status check' }));
    const status = async () => {
      const { chats } = ok(await emma.get(`/api/channels/${channel}`));
      return chatDelivery(chats.find((c: any) => c.id === chat.id).statuses);
    };
    expect(await status()).toBe('sent');

    const leonUnread = ok(await leon.get('/api/memberships/unread-chats')).unread.filter(
      (u: any) => u.channel.id === channel,
    );
    expect(leonUnread.length).toBe(2);
    expect(leonUnread.every((u: any) => u.receivedAt === null)).toBe(true);
    const after = ok(
      await leon.put('/api/memberships/unread-chats', {
        status: 'received',
        ids: leonUnread.map((u: any) => u.statusId),
      }),
    );
    expect(after.unread.filter((u: any) => u.channel.id === channel).every((u: any) => u.receivedAt !== null)).toBe(
      true,
    );
    expect(await status()).toBe('received');

    ok(await leon.put('/api/memberships/unread-chats', { status: 'read', channel }));
    expect(await status()).toBe('received');
    const miaLeft = ok(await mia.put('/api/memberships/unread-chats', { status: 'read', channel }));
    expect(miaLeft.unread.some((u: any) => u.channel.id === channel)).toBe(false);
    expect(await status()).toBe('read');
    const list = ok(await mia.get('/api/channels')).channels.find((c: any) => c.id === channel);
    expect(list.unread).toBe(0);
  });

  it('someone else’s status ids are not marked; a channel one is not in answers 404', async () => {
    const { chat } = ok(await emma.post(`/api/channels/${channel}/chats`, { message: 'Only for Leon and Mia' }));
    const leonStatus = ok(await leon.get('/api/memberships/unread-chats')).unread.find(
      (u: any) => u.channel.id === channel,
    ).statusId;
    ok(await mia.put('/api/memberships/unread-chats', { status: 'received', ids: [leonStatus] }));
    const { chats } = ok(await emma.get(`/api/channels/${channel}`));
    const statuses = chats.find((c: any) => c.id === chat.id).statuses;
    expect(statuses.find((s: any) => s.membershipId === ids.leon).receivedAt).toBeNull();
    const res = await paula.put('/api/memberships/unread-chats', { status: 'read', channel });
    expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });

  it('a non-participant cannot read or write the channel (404)', async () => {
    for (const res of [
      await paula.get(`/api/channels/${channel}`),
      await paula.post(`/api/channels/${channel}/chats`, { message: 'Hi' }),
      await paula.get(`/api/channels/${channel}/chats?before=999999`),
      await paula.put(`/api/channels/${channel}`, { title: 'Mine now' }),
    ])
      expect([res.statusCode, res.json().code]).toEqual([404, 'NOT_FOUND']);
  });
});

describe('renaming, adding, removing and leaving', () => {
  let group: string;
  let single: string;
  beforeAll(async () => {
    group = ok(await paula.post('/api/channels', { type: 'group', title: 'Weekend', participants: [ids.emma] })).id;
    single = ok(await emma.post('/api/channels', { type: 'single', participants: [ids.mia] })).id;
  });

  it('any participant renames a group; a single chat cannot be renamed, extended or left (409 CHAT_SINGLE)', async () => {
    expect(ok(await emma.put(`/api/channels/${group}`, { title: 'Weekend crew' })).channel.title).toBe('Weekend crew');
    for (const res of [
      await emma.put(`/api/channels/${single}`, { title: 'Us' }),
      await emma.post(`/api/channels/${single}/participants`, { participants: [ids.leon] }),
      await emma.delete(`/api/channels/${single}/participants/${ids.emma}`),
    ])
      expect([res.statusCode, res.json().code]).toEqual([409, 'CHAT_SINGLE']);
  });

  it('adds reachable people with a joined line; unreachable ones are refused (403)', async () => {
    const res = ok(await emma.post(`/api/channels/${group}/participants`, { participants: [ids.leon] }));
    expect(res.channel.participants.map((p: any) => p.id)).toContain(ids.leon);
    expect(res.chats.at(-1)).toMatchObject({ kind: 'joined', user: { id: ids.leon } });
    const refused = await emma.post(`/api/channels/${group}/participants`, { participants: [ids.ella] });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
  });

  it('only the creator (or an owner or manager) removes others; the removed person loses the channel', async () => {
    const denied = await emma.delete(`/api/channels/${group}/participants/${ids.leon}`);
    expect([denied.statusCode, denied.json().code]).toEqual([403, 'FORBIDDEN']);
    ok(await paula.delete(`/api/channels/${group}/participants/${ids.leon}`));
    const { chats, participants } = ok(await paula.get(`/api/channels/${group}`));
    expect(chats.at(-1)).toMatchObject({ kind: 'left', user: { id: ids.leon } });
    expect(participants.find((p: any) => p.user.id === ids.leon).deletedAt).not.toBeNull();
    expect((await leon.get(`/api/channels/${group}`)).statusCode).toBe(404);
    expect(ok(await leon.get('/api/channels')).channels.some((c: any) => c.id === group)).toBe(false);
    const again = await paula.delete(`/api/channels/${group}/participants/${ids.leon}`);
    expect(again.statusCode).toBe(404);
  });

  it('anyone leaves a group; their unread messages there stop counting', async () => {
    ok(await paula.post(`/api/channels/${group}/chats`, { message: 'Who works Sunday?' }));
    expect(ok(await emma.get('/api/memberships/unread-chats')).unread.some((u: any) => u.channel.id === group)).toBe(
      true,
    );
    ok(await emma.delete(`/api/channels/${group}/participants/${ids.emma}`));
    expect(ok(await emma.get('/api/memberships/unread-chats')).unread.some((u: any) => u.channel.id === group)).toBe(
      false,
    );
    const { chats } = ok(await paula.get(`/api/channels/${group}`));
    expect(chats.at(-1)).toMatchObject({ kind: 'left', user: { id: ids.emma } });
    expect((await emma.post(`/api/channels/${group}/chats`, { message: 'still here?' })).statusCode).toBe(404);
  });

  it('a manager taking part removes someone from a group they did not create', async () => {
    const g = ok(
      await paula.post('/api/channels', { type: 'group', title: 'Managers', participants: [ids.max, ids.mia] }),
    );
    ok(await max.delete(`/api/channels/${g.id}/participants/${ids.mia}`));
  });
});

describe('history pages backwards', () => {
  it('loads a channel of 10,000 messages page by page, read from an index without sorting', async () => {
    const channel = ok(await paula.post('/api/channels', { type: 'single', participants: [ids.leon] })).id;
    await t.database.db.execute(sql`
      insert into chat_messages (account_id, channel_id, membership_id, kind, message, created_at)
      select c.account_id, c.id, ${ids.leon}, 'message', 'Message ' || n, now()
      from chat_channels c, generate_series(1, 10000) n where c.id = ${channel}`);
    await t.database.db.execute(sql`analyze chat_messages`);
    const first = ok(await paula.get(`/api/channels/${channel}`));
    expect(first.chats).toHaveLength(50);
    expect(first.more).toBe(true);
    expect(first.chats.at(-1).message).toBe('Message 10000');
    const ids1 = first.chats.map((c: any) => c.id);
    expect([...ids1].sort((a: number, b: number) => a - b)).toEqual(ids1);
    const second = ok(await paula.get(`/api/channels/${channel}/chats?before=${ids1[0]}`));
    expect(second.chats.at(-1).message).toBe('Message 9950');
    expect(second.chats).toHaveLength(50);
    let before = second.chats[0].id;
    let pages = 2;
    let more = second.more;
    while (more) {
      const page = ok(await paula.get(`/api/channels/${channel}/chats?before=${before}`));
      more = page.more;
      before = page.chats[0].id;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil(10_001 / 50));
    const plan = await t.database.db.execute(sql`
      explain select * from chat_messages where channel_id = ${channel} and account_id = (select account_id from chat_channels where id = ${channel})
      and id < ${before + 5000} order by id desc limit 51`);
    const text = (plan as unknown as { rows: Record<string, string>[] }).rows
      .map((r) => Object.values(r)[0])
      .join('\n');
    // Keyset paging: the page is read in order from an index and stops at the limit; nothing is scanned or sorted.
    expect(text).toMatch(/Index Scan Backward using chat_messages_(channel_id_idx|pkey)/);
    expect(text).not.toMatch(/Seq Scan on chat_messages|Sort/);
  });
});

describe('tenancy', () => {
  it('another account’s channel answers 404 on every route', async () => {
    await expectForeignIdsNotFound(emma, [
      { method: 'GET', url: `/api/channels/${storeChannel}` },
      { method: 'PUT', url: `/api/channels/${storeChannel}`, body: { title: 'x' } },
      { method: 'GET', url: `/api/channels/${storeChannel}/chats?before=100` },
      { method: 'POST', url: `/api/channels/${storeChannel}/chats`, body: { message: 'x' } },
      { method: 'POST', url: `/api/channels/${storeChannel}/participants`, body: { participants: [ids.leon] } },
      { method: 'DELETE', url: `/api/channels/${storeChannel}/participants/${ids.nina}` },
      { method: 'PUT', url: '/api/memberships/unread-chats', body: { status: 'read', channel: storeChannel } },
    ]);
    expect(ok(await emma.get('/api/channels')).channels.some((c: any) => c.id === storeChannel)).toBe(false);
  });

  it('with the chats module off, the calls answer 403 MODULE_INACTIVE', async () => {
    await t.database.db.execute(
      sql`update accounts set modules = array_remove(modules, 'chats') where id = (select account_id from memberships where id = ${ids.nina})`,
    );
    // The session cache hears of the change through the database's change feed: asked until it has.
    await expect
      .poll(async () => {
        const res = await nina.get('/api/channels');
        return [res.statusCode, res.json().code];
      })
      .toEqual([403, 'MODULE_INACTIVE']);
  });
});

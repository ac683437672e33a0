import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestApp, signIn, type TestApp } from '../../../test/app';
import { startSmtp } from '../../../test/smtp';
import { outbox } from '../../db/schema';
import { rosterIds } from '../roster/testkit';

let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;
let owner: Agent;
let ids: Awaited<ReturnType<typeof rosterIds>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await createTestApp({ config: { smtpUrl: smtp.url } });
  owner = await signIn(t.app, 'owner@example.com');
  ids = await rosterIds(t.database.db);
});
afterAll(async () => {
  await t?.dispose();
  await smtp?.close();
});

async function mail(accountId: string, over: Partial<typeof outbox.$inferInsert>) {
  const [row] = await t.database.db
    .insert(outbox)
    .values({
      accountId,
      to: 'someone@example.com',
      locale: 'en',
      template: 'rosterChanged',
      subject: 'Roster changed',
      text: 'Secret link http://localhost/code',
      status: 'failed',
      createdAt: now(),
      ...over,
    })
    .returning();
  return row;
}
const statusOf = async (id: string) => (await t.database.db.select().from(outbox).where(eq(outbox.id, id)))[0];

describe('mail that could not be delivered', () => {
  it("lists the account's failed and retrying mails, newest first, without their text", async () => {
    const failed = await mail(ids.bistro, { to: 'failed@example.com', attempts: 29, error: 'connect ECONNREFUSED' });
    const retrying = await mail(ids.bistro, {
      to: 'retrying@example.com',
      status: 'queued',
      attempts: 3,
      error: '421 Try again later',
      dueAt: new Date(now().getTime() + 4 * 60_000),
      lastAttemptAt: now(),
      createdAt: new Date(now().getTime() + 1),
    });
    await mail(ids.bistro, { to: 'sent@example.com', status: 'sent', attempts: 2, error: null });
    await mail(ids.bistro, { to: 'waiting@example.com', status: 'queued' });
    await mail(ids.store, { to: 'other.account@example.com', error: 'refused' });

    const res = await owner.get('/api/settings/mail');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.delivers).toBe(true);
    expect(body.paging).toEqual({ page: 1, size: 50, total: 2 });
    expect(body.mails).toEqual([
      {
        id: retrying.id,
        to: 'retrying@example.com',
        template: 'rosterChanged',
        subject: 'Roster changed',
        status: 'retrying',
        attempts: 3,
        lastError: '421 Try again later',
        createdAt: retrying.createdAt.toISOString(),
        lastAttemptAt: retrying.lastAttemptAt?.toISOString(),
        nextAttemptAt: retrying.dueAt.toISOString(),
      },
      expect.objectContaining({ id: failed.id, status: 'failed', attempts: 29, nextAttemptAt: null }),
    ]);
    expect(res.body).not.toContain('Secret link');
  });

  it('resends one: queued again and delivered, with its Message-ID; gone from the list', async () => {
    const row = await mail(ids.bistro, { to: 'back@example.com', attempts: 29, error: 'connect ECONNREFUSED' });
    const res = await owner.post(`/api/settings/mail/${row.id}/resend`);
    expect([res.statusCode, res.json()]).toEqual([200, { count: 1 }]);
    // No worker runs in tests: the mail is delivered once the resend committed.
    expect(await statusOf(row.id)).toMatchObject({ status: 'sent', attempts: 1, error: null });
    await smtp.settled();
    const got = smtp.received.filter((m) => !Array.isArray(m.to) && m.to?.text === 'back@example.com');
    expect(got.map((m) => m.messageId)).toEqual([`<${row.id}@localhost>`]);
    const list = (await owner.get('/api/settings/mail')).json();
    expect(list.mails.map((m: { id: string }) => m.id)).not.toContain(row.id);
  });

  it('never sends a sent mail again; another account’s mail does not exist', async () => {
    const sent = await mail(ids.bistro, { status: 'sent', attempts: 1, error: null });
    const res = await owner.post(`/api/settings/mail/${sent.id}/resend`);
    expect([res.statusCode, res.json().code]).toEqual([409, 'CONFLICT']);
    const foreign = await mail(ids.store, { error: 'refused' });
    expect((await owner.post(`/api/settings/mail/${foreign.id}/resend`)).statusCode).toBe(404);
    expect(await statusOf(foreign.id)).toMatchObject({ status: 'failed' });
  });

  it('resends them all, of this account only', async () => {
    smtp.refuse('still.gone@example.com');
    const a = await mail(ids.bistro, { to: 'still.gone@example.com', error: '550 No such mailbox' });
    const b = await mail(ids.bistro, { to: 'b@example.com', status: 'queued', attempts: 2, error: 'timeout' });
    const foreign = await mail(ids.store, { error: 'refused' });
    const before = (await owner.get('/api/settings/mail')).json().paging.total;
    const res = await owner.post('/api/settings/mail/resend');
    expect(res.json().count).toBe(before);
    // Refused again for good: back on the list with one try; the other one left.
    expect(await statusOf(a.id)).toMatchObject({ status: 'failed', attempts: 1 });
    expect(await statusOf(b.id)).toMatchObject({ status: 'sent' });
    expect(await statusOf(foreign.id)).toMatchObject({ status: 'failed', attempts: 0 });
    const list = (await owner.get('/api/settings/mail')).json();
    expect(list.mails.map((m: { to: string }) => m.to)).toEqual(['still.gone@example.com']);
  });
});

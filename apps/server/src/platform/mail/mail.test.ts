import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { startSmtp } from '../../../test/smtp';
import { outbox, users } from '../../db/schema';

const forgot = (t: TestApp, email: string, ip = '10.9.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: ip });

const outboxTo = (t: TestApp, to: string) => t.database.db.select().from(outbox).where(eq(outbox.to, to));

describe('mail through SMTP', () => {
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  let t: TestApp;

  beforeAll(async () => {
    smtp = await startSmtp();
    t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${smtp.port}` } });
  });
  afterAll(async () => {
    await t?.dispose();
    await smtp?.close();
  });

  it('reports mail as a service in /api/app/init', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    expect((await owner.get('/api/app/init')).json().app.services.mail).toBe(true);
  });

  it('delivers a reset link in the recipient language that resets the password once', async () => {
    await t.database.db.update(users).set({ locale: 'de' }).where(eq(users.email, 'employee@example.com'));
    const res = await forgot(t, 'employee@example.com');
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);

    await smtp.settled();
    expect(smtp.received).toHaveLength(1);
    const mail = smtp.received[0];
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.value.map((a) => a.address) : null).toEqual([
      'employee@example.com',
    ]);
    expect(mail.from?.value[0]?.address).toBe('no-reply@rosterly.test');
    expect(mail.subject).toBe('Passwort zurücksetzen');
    expect(mail.text).toContain('Hallo Emma Employee,');
    const link = mail.text?.match(/http:\/\/localhost:3000\/de\/anmelden\/passwort-zuruecksetzen\/(\S+)/);
    expect(link, mail.text).not.toBeNull();
    const code = link?.[1] as string;

    const [row] = await outboxTo(t, 'employee@example.com');
    expect(row).toMatchObject({ status: 'sent', template: 'resetPassword', locale: 'de', attempts: 1, error: null });
    expect(row.sentAt).toBeInstanceOf(Date);

    const info = await t.app.inject({ method: 'GET', url: `/api/auth/codes/${code}` });
    expect([info.statusCode, info.json()]).toEqual([
      200,
      { kind: 'reset', email: 'employee@example.com', accountName: null },
    ]);

    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/password/reset/${code}`,
      payload: { password: 'NewPassw0rd' },
    });
    expect([reset.statusCode, reset.json()]).toEqual([200, { ok: true }]);

    const login = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'employee@example.com', password },
        remoteAddress: '10.9.0.2',
      });
    expect((await login('NewPassw0rd')).statusCode).toBe(200);
    expect((await login('Welcome123')).json().code).toBe('INVALID_CREDENTIALS');

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/auth/password/reset/${code}`,
      payload: { password: 'OtherPassw0rd' },
    });
    expect([again.statusCode, again.json().code]).toEqual([410, 'CODE_USED']);
    expect((await login('NewPassw0rd')).statusCode).toBe(200);
  });

  it('answers the same for an unknown e-mail and sends nothing', async () => {
    const before = smtp.received.length;
    const res = await forgot(t, 'nobody@example.com');
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    await smtp.settled();
    expect(smtp.received).toHaveLength(before);
    expect(await outboxTo(t, 'nobody@example.com')).toEqual([]);
  });
});

describe('mail without SMTP', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t?.dispose());

  it('keeps the mail in the outbox', async () => {
    const owner = await signIn(t.app, 'owner@example.com');
    expect((await owner.get('/api/app/init')).json().app.services.mail).toBe(false);
    const res = await forgot(t, 'employee@example.com');
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    const rows = await outboxTo(t, 'employee@example.com');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'kept', template: 'resetPassword', locale: 'en', sentAt: null });
    expect(rows[0].subject).toBe('Reset your password');
    expect(rows[0].text).toMatch(/http:\/\/localhost:3000\/en\/login\/reset-password\/\S+/);
  });
});

describe('mail when SMTP is down', () => {
  let t: TestApp;
  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there any more.
    const gone = await startSmtp();
    await gone.close();
    t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${gone.port}` } });
  });
  afterAll(async () => t?.dispose());

  it('still answers ok and keeps the mail queued for its next try a minute later', async () => {
    const res = await forgot(t, 'employee@example.com');
    expect([res.statusCode, res.json()]).toEqual([200, { ok: true }]);
    const [row] = await t.database.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.to, 'employee@example.com'), eq(outbox.template, 'resetPassword')));
    expect(row).toMatchObject({ status: 'queued', attempts: 1, sentAt: null, leaseId: null });
    expect(row.error).toEqual(expect.any(String));
    // The first wait of the schedule, counted from when the try failed (a little after it began).
    const wait = row.dueAt.getTime() - (row.lastAttemptAt as Date).getTime();
    expect(wait).toBeGreaterThanOrEqual(60_000);
    expect(wait).toBeLessThan(70_000);
  });
});

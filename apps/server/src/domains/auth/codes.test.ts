import { now } from '@app/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../../test/app';
import { accounts, authCodes, memberships, outbox, users } from '../../db/schema';
import { runCommand } from '../../platform/command';
import { invitationMail } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

const post = (url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, payload });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

/** The code in the newest mail to an address (the outbox keeps every mail when there is no SMTP). */
/** The codes of every mail of the template to an address. */
async function codesInMails(to: string, template: string): Promise<string[]> {
  const mails = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)));
  return mails.map((m) => m.text.match(/\/([A-Za-z0-9_-]{20,})(?:\s|$)/m)?.[1] ?? '');
}

/** The code of the one mail of the template to an address that `send` adds. */
async function newCodeFromMail(to: string, template: string, send: () => Promise<unknown>): Promise<string> {
  const before = await codesInMails(to, template);
  await send();
  const added = (await codesInMails(to, template)).filter((c) => !before.includes(c));
  expect(added, `one new mail ${template} to ${to}`).toHaveLength(1);
  return added[0];
}

async function codeFromMail(to: string, template: string): Promise<string> {
  const [mail] = await t.database.db
    .select()
    .from(outbox)
    .where(and(eq(outbox.to, to), eq(outbox.template, template)))
    .orderBy(desc(outbox.createdAt))
    .limit(1);
  expect(mail, `mail ${template} to ${to}`).toBeDefined();
  const match = mail.text.match(/\/([A-Za-z0-9_-]{20,})(?:\s|$)/m);
  expect(match).not.toBeNull();
  return match![1];
}

describe('forgot and reset password', () => {
  it('mails a single-use link in the user’s language and sets the new password', async () => {
    await t.database.db.update(users).set({ locale: 'nl' }).where(eq(users.email, 'anna.schmidt@example.com'));
    expect((await post('/api/auth/password/forgot', { email: 'anna.schmidt@example.com' })).json()).toEqual({
      ok: true,
    });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'anna.schmidt@example.com'));
    expect(mail).toMatchObject({ subject: 'Wachtwoord herstellen', status: 'kept', locale: 'nl' });
    expect(mail.text).toContain('/nl/inloggen/wachtwoord-herstellen/');
    const code = await codeFromMail('anna.schmidt@example.com', 'resetPassword');

    const info = await t.app.inject({ method: 'GET', url: `/api/auth/codes/${code}` });
    expect(info.json()).toEqual({ kind: 'reset', email: 'anna.schmidt@example.com', accountName: null });

    const weak = await post(`/api/auth/password/reset/${code}`, { password: 'short' });
    expect(weak.statusCode).toBe(422);
    expect(weak.json().fields.password).toEqual(['password.tooShort', 'password.noNumber', 'password.noUpper']);

    expect((await post(`/api/auth/password/reset/${code}`, { password: 'Fresh2024x' })).statusCode).toBe(200);
    expect((await login('anna.schmidt@example.com', 'Fresh2024x')).statusCode).toBe(200);
    expect((await login('anna.schmidt@example.com', 'Welcome123')).json().code).toBe('INVALID_CREDENTIALS');

    const reused = await post(`/api/auth/password/reset/${code}`, { password: 'Another2024x' });
    expect([reused.statusCode, reused.json().code]).toEqual([410, 'CODE_USED']);
  });

  it('answers the same for an unknown address and sends nothing', async () => {
    expect((await post('/api/auth/password/forgot', { email: 'ghost@example.com' })).json()).toEqual({ ok: true });
    const mails = await t.database.db.select().from(outbox).where(eq(outbox.to, 'ghost@example.com'));
    expect(mails).toHaveLength(0);
  });

  it('refuses an invalid code and an expired one', async () => {
    const invalid = await post('/api/auth/password/reset/notarealcodeatall1234', { password: 'Fresh2024x' });
    expect([invalid.statusCode, invalid.json().code]).toEqual([404, 'CODE_INVALID']);
    await post('/api/auth/password/forgot', { email: 'lukas.mueller@example.com' });
    const code = await codeFromMail('lukas.mueller@example.com', 'resetPassword');
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'lukas.mueller@example.com'));
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(now().getTime() - 1000) })
      .where(eq(authCodes.userId, u.id));
    const expired = await post(`/api/auth/password/reset/${code}`, { password: 'Fresh2024x' });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'CODE_EXPIRED']);
    const info = await t.app.inject({ method: 'GET', url: `/api/auth/codes/${code}` });
    expect(info.json().code).toBe('CODE_EXPIRED');
  });

  it('a newer reset code replaces the older one', async () => {
    // Told apart by their codes, not by the mails' times: both may fall in the same millisecond.
    const forgot = () => post('/api/auth/password/forgot', { email: 'mia.schneider@example.com' });
    const first = await newCodeFromMail('mia.schneider@example.com', 'resetPassword', forgot);
    const second = await newCodeFromMail('mia.schneider@example.com', 'resetPassword', forgot);
    expect(second).not.toBe(first);
    expect((await post(`/api/auth/password/reset/${first}`, { password: 'Fresh2024x' })).json().code).toBe('CODE_USED');
    expect((await post(`/api/auth/password/reset/${second}`, { password: 'Fresh2024x' })).statusCode).toBe(200);
  });

  it('a reset ends the user’s sessions', async () => {
    const agent = await signIn(t.app, 'leon.fischer@example.com');
    await post('/api/auth/password/forgot', { email: 'leon.fischer@example.com' });
    const code = await codeFromMail('leon.fischer@example.com', 'resetPassword');
    await post(`/api/auth/password/reset/${code}`, { password: 'Fresh2024x' });
    expect((await agent.get('/api/app/init')).statusCode).toBe(401);
  });
});

describe('confirm e-mail', () => {
  it('resends a confirmation link to an unconfirmed address; confirming lets the user sign in', async () => {
    await t.database.db
      .update(users)
      .set({ emailConfirmedAt: null })
      .where(eq(users.email, 'hannah.weber@example.com'));
    expect((await login('hannah.weber@example.com', 'Welcome123')).json().code).toBe('EMAIL_NOT_CONFIRMED');
    expect(
      (await post('/api/auth/confirmation/request', { email: 'hannah.weber@example.com', locale: 'de' })).json(),
    ).toEqual({
      ok: true,
    });
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'hannah.weber@example.com'));
    expect(mail.subject).toBe('Bestätigen Sie Ihre E-Mail-Adresse');
    const code = await codeFromMail('hannah.weber@example.com', 'confirmEmail');
    expect((await post(`/api/auth/confirm-email/${code}`)).statusCode).toBe(200);
    expect((await login('hannah.weber@example.com', 'Welcome123')).statusCode).toBe(200);
    expect((await post(`/api/auth/confirm-email/${code}`)).json().code).toBe('CODE_USED');
  });

  it('sends nothing to a confirmed address', async () => {
    await post('/api/auth/confirmation/request', { email: 'noah.meyer@example.com' });
    expect(await t.database.db.select().from(outbox).where(eq(outbox.to, 'noah.meyer@example.com'))).toHaveLength(0);
  });

  it('a reset code is not a confirmation code', async () => {
    await post('/api/auth/password/forgot', { email: 'lea.wagner@example.com' });
    const code = await codeFromMail('lea.wagner@example.com', 'resetPassword');
    expect((await post(`/api/auth/confirm-email/${code}`)).json().code).toBe('CODE_INVALID');
  });
});

describe('accept invitation', () => {
  it('sets the password and name, confirms the address, and the member signs in', async () => {
    const [invited] = await t.database.db
      .insert(users)
      .values({ email: 'newbie@example.com', fname: 'New', lname: 'Bie', locale: 'pl' })
      .returning();
    const [owner] = await t.database.db.select().from(users).where(eq(users.email, 'owner@example.com'));
    // The owner belongs to more than one sample company: invite into Bistro Central by name, not by row order.
    const [bistro] = await t.database.db.select().from(accounts).where(eq(accounts.name, 'Bistro Central'));
    const [ownerMembership] = await t.database.db
      .select()
      .from(memberships)
      .where(and(eq(memberships.userId, owner.id), eq(memberships.accountId, bistro.id)));
    const [membership] = await t.database.db
      .insert(memberships)
      .values({ accountId: ownerMembership.accountId, userId: invited.id, roles: ['user'] })
      .returning();
    expect((await login('newbie@example.com', 'Whatever1x')).json().code).toBe('NO_PASSWORD');

    await runCommand(t.ctx, null, async (command) =>
      t.ctx.mailer.send(
        command,
        await invitationMail(t.ctx, command.tx, { membershipId: membership.id, inviterName: 'Olivia Owner' }),
      ),
    );
    const [mail] = await t.database.db.select().from(outbox).where(eq(outbox.to, 'newbie@example.com'));
    expect(mail.subject).toBe('Zaproszenie do Bistro Central');
    const code = await codeFromMail('newbie@example.com', 'invitation');
    const info = await t.app.inject({ method: 'GET', url: `/api/auth/codes/${code}` });
    expect(info.json()).toEqual({ kind: 'invitation', email: 'newbie@example.com', accountName: 'Bistro Central' });

    const bad = await post(`/api/auth/invitations/${code}/accept`, { password: 'no spaces 1A' });
    expect(bad.json().fields.password).toContain('password.noSpaces');
    const ok = await post(`/api/auth/invitations/${code}/accept`, { password: 'Joined2024x', fname: 'Nowy' });
    expect(ok.statusCode).toBe(200);
    const agent = await signIn(t.app, 'newbie@example.com', 'Joined2024x');
    const init = (await agent.get('/api/app/init')).json();
    expect(init.user).toMatchObject({ fname: 'Nowy', lname: 'Bie' });
    expect(init.account.name).toBe('Bistro Central');
    expect((await post(`/api/auth/invitations/${code}/accept`, { password: 'Joined2024y' })).json().code).toBe(
      'CODE_USED',
    );
  });
});

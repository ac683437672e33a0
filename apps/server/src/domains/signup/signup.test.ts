import { DPA_VERSION, SESSION_COOKIE, TERMS_VERSION, TRIAL_DAYS } from '@app/contracts';
import { now } from '@app/domain';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, createTestApp, sessionCookie, type TestApp } from '../../../test/app';
import { accounts, authCodes, memberships, outbox, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

/** Each test registers from an address of its own: the registration limit is per address. */
let addressCount = 0;
const nextAddress = () => `10.1.0.${++addressCount}`;

const register = (body: object, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: body, remoteAddress });

const valid = (email: string) => ({
  fname: 'Rita',
  lname: 'Retail',
  companyName: 'Rita’s Corner Shop',
  email,
  password: 'Shop2024go',
  acceptTerms: true,
  acceptDpa: true,
  locale: 'de',
});

async function mailsTo(to: string, template?: string) {
  return t.database.db
    .select()
    .from(outbox)
    .where(template ? and(eq(outbox.to, to), eq(outbox.template, template)) : eq(outbox.to, to))
    .orderBy(desc(outbox.createdAt));
}

/** The code at the end of the link in the newest mail of that template. */
async function codeFromMail(to: string, template: string): Promise<string> {
  const [mail] = await mailsTo(to, template);
  expect(mail, `mail ${template} to ${to}`).toBeDefined();
  const match = mail.text.match(/\/([A-Za-z0-9_-]{20,})(?:\s|$)/m);
  expect(match).not.toBeNull();
  return match![1];
}

const login = (email: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('registration', () => {
  it('creates user, trial account, owner membership and the mail in one go; nobody signs in before confirming', async () => {
    const res = await register(valid('rita@shop.test'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true, mailLogged: expect.any(Boolean) });

    const [user] = await t.database.db.select().from(users).where(eq(users.email, 'rita@shop.test'));
    expect(user).toMatchObject({ fname: 'Rita', lname: 'Retail', locale: 'de', emailConfirmedAt: null });
    expect(user.passwordHash).toMatch(/^\$argon2/);
    const [membership] = await t.database.db.select().from(memberships).where(eq(memberships.userId, user.id));
    expect(membership).toMatchObject({ roles: ['owner'], status: 'active', access: 'yes' });
    const [account] = await t.database.db.select().from(accounts).where(eq(accounts.id, membership.accountId));
    expect(account).toMatchObject({
      name: 'Rita’s Corner Shop',
      companyName: 'Rita’s Corner Shop',
      status: 'trial',
      setupComplete: false,
      demo: false,
      dataControllerId: membership.id,
      periodEndsAt: null,
    });
    expect(account.trialEndsAt?.getTime()).toBe(account.statusChangedAt.getTime() + TRIAL_DAYS * 86_400_000);
    expect(account.modules).toContain('roster');
    expect(account.settings).toMatchObject({ locale: 'de', country: 'DE', timeZone: 'Europe/Berlin' });
    const acceptedAt = account.statusChangedAt.toISOString();
    expect(account.agreements).toEqual({
      terms: { version: TERMS_VERSION, acceptedAt, userId: user.id },
      dataProcessing: { version: DPA_VERSION, acceptedAt, userId: user.id },
    });
    const [mail] = await mailsTo('rita@shop.test', 'signup');
    expect(mail).toMatchObject({
      locale: 'de',
      accountId: account.id,
      subject: 'Bestätigen Sie Ihre Registrierung bei Rosterly',
    });
    expect(mail.text).toContain('/de/login/signup/');

    const early = await login('rita@shop.test', 'Shop2024go');
    expect([early.statusCode, early.json().code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
  });

  it('names every broken rule per field: names, company, address, the password rules, both agreements', async () => {
    const res = await register({
      fname: '',
      lname: ' ',
      companyName: '',
      email: 'not-an-address',
      password: 'short',
      acceptTerms: false,
      acceptDpa: false,
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().fields).toEqual({
      fname: ['validation.required'],
      lname: ['validation.required'],
      companyName: ['validation.required'],
      email: ['validation.email'],
    });
    const rules = await register({ ...valid('rules@shop.test'), password: 'has space1A', acceptTerms: false });
    expect(rules.json().fields).toEqual({
      password: ['password.noSpaces'],
      acceptTerms: ['signup.acceptTermsRequired'],
    });
    const weak = await register({ ...valid('weak@shop.test'), password: 'abcdefgh', acceptDpa: false });
    expect(weak.json().fields).toEqual({
      password: ['password.noNumber', 'password.noUpper'],
      acceptDpa: ['signup.acceptDpaRequired'],
    });
    const empty = await register({ ...valid('empty@shop.test'), password: '' });
    expect(empty.json().fields).toEqual({ password: ['password.required'] });
    const users0 = await t.database.db.select().from(users).where(eq(users.email, 'weak@shop.test'));
    expect(users0).toHaveLength(0);
  });

  it('a taken address gets the same answer, nothing is created, and its owner is told by mail', async () => {
    const before = await t.database.db.select().from(accounts);
    const res = await register({ ...valid('Owner@Example.com'), locale: 'en' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, mailLogged: expect.any(Boolean) });
    expect(await t.database.db.select().from(accounts)).toHaveLength(before.length);
    const [mail] = await mailsTo('owner@example.com', 'alreadyRegistered');
    expect(mail.subject).toBe('You are already registered');
    expect(mail.text).toContain('/en/login?email=owner%40example.com');
  });

  it('registering again before confirming sends the link again; the older link stops working', async () => {
    await register(valid('again@shop.test'));
    const first = await codeFromMail('again@shop.test', 'signup');
    await register(valid('again@shop.test'));
    const second = await codeFromMail('again@shop.test', 'signup');
    expect(second).not.toBe(first);
    expect(await t.database.db.select().from(users).where(eq(users.email, 'again@shop.test'))).toHaveLength(1);
    const old = await t.app.inject({ method: 'POST', url: `/api/auth/signup/${first}`, payload: {} });
    expect([old.statusCode, old.json().code]).toEqual([410, 'CODE_USED']);
    // The login's "resend confirmation" also sends the registration's link.
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/confirmation/request',
      payload: { email: 'again@shop.test' },
    });
    const third = await codeFromMail('again@shop.test', 'signup');
    expect(third).not.toBe(second);
    expect(await mailsTo('again@shop.test', 'confirmEmail')).toHaveLength(0);
  });

  it('throttles registrations per address', async () => {
    const address = '10.9.9.9';
    for (let i = 0; i < 10; i++) {
      const res = await register({ ...valid(`t${i}@throttle.test`), acceptTerms: false }, address);
      expect(res.statusCode).toBe(422);
    }
    const refused = await register(valid('t-last@throttle.test'), address);
    expect([refused.statusCode, refused.json().code]).toEqual([429, 'THROTTLED']);
    expect((await register(valid('t-other@throttle.test'), '10.9.9.10')).statusCode).toBe(200);
  });

  it('tells the sign-up pages whether mails go to the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/register' });
    expect(res.json()).toEqual({
      mailLogged: true,
      termsVersion: TERMS_VERSION,
      dpaVersion: DPA_VERSION,
      demoDays: 3,
    });
  });
});

describe('finishing a registration', () => {
  it('the link confirms the address, signs the owner in to the new account and sends the welcome mail', async () => {
    await register(valid('finish@shop.test'));
    const code = await codeFromMail('finish@shop.test', 'signup');
    const info = await t.app.inject({ method: 'GET', url: `/api/auth/codes/${code}` });
    expect(info.json()).toMatchObject({ kind: 'signup', email: 'finish@shop.test', accountName: 'Rita’s Corner Shop' });

    const res = await t.app.inject({ method: 'POST', url: `/api/auth/signup/${code}`, payload: { locale: 'de' } });
    expect(res.statusCode, res.body).toBe(200);
    const agent = agentFor(t.app, sessionCookie(res), res.json().csrfToken);
    const init = (await agent.get('/api/app/init')).json();
    expect(init).toMatchObject({
      locale: 'de',
      account: { name: 'Rita’s Corner Shop', status: 'trial', setupComplete: false, demo: false },
      membership: { roles: ['owner'] },
      user: { email: 'finish@shop.test', fname: 'Rita' },
    });
    // The session works for writes too (CSRF), as a login's does.
    expect((await agent.put('/api/switch/locale/en')).statusCode).toBe(200);

    const [welcome] = await mailsTo('finish@shop.test', 'welcome');
    expect(welcome.subject).toBe('Willkommen bei Rosterly');
    expect(welcome.text).toContain('/de/wizard');
    const again = await t.app.inject({ method: 'POST', url: `/api/auth/signup/${code}`, payload: {} });
    expect([again.statusCode, again.json().code]).toEqual([410, 'CODE_USED']);
    expect((await login('finish@shop.test', 'Shop2024go')).statusCode).toBe(200);
  });

  it('refuses an unknown, an expired and another kind of code', async () => {
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/signup/nobodyholdsthiscode1', payload: {} });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, 'CODE_INVALID']);

    await register(valid('late@shop.test'));
    const code = await codeFromMail('late@shop.test', 'signup');
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'late@shop.test'));
    await t.database.db
      .update(authCodes)
      .set({ expiresAt: new Date(now().getTime() - 1000) })
      .where(eq(authCodes.userId, u.id));
    const expired = await t.app.inject({ method: 'POST', url: `/api/auth/signup/${code}`, payload: {} });
    expect([expired.statusCode, expired.json().code]).toEqual([410, 'CODE_EXPIRED']);
    expect(expired.cookies.find((c) => c.name === SESSION_COOKIE)).toBeUndefined();

    await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/forgot',
      payload: { email: 'employee@example.com' },
    });
    const reset = await codeFromMail('employee@example.com', 'resetPassword');
    const wrongKind = await t.app.inject({ method: 'POST', url: `/api/auth/signup/${reset}`, payload: {} });
    expect([wrongKind.statusCode, wrongKind.json().code]).toEqual([404, 'CODE_INVALID']);
  });
});

import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, createTestApp, sessionCookie, type TestApp } from '../../../test/app';
import { accounts, loginAttempts, users } from '../../db/schema';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

const login = (email: string, extra: object = {}) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Welcome123', ...extra } });

/** A code of the step after `lastStep`, so tests need not wait 30 seconds for a fresh one. */
function codeAt(secret: string, offsetSteps: number) {
  return authenticator.clone({ epoch: now().getTime() + offsetSteps * 30_000 }).generate(secret);
}

describe('two-factor authentication', () => {
  let secret = '';

  it('set-up: a secret with a QR code, proven by a first code', async () => {
    const res = await login('planner@example.com');
    expect(res.json().twoFactor).toBe('none');
    const agent = agentFor(t.app, sessionCookie(res), res.json().csrfToken);
    const setup = await agent.get('/api/auth/2fa/setup');
    expect(setup.json()).toMatchObject({
      secret: expect.any(String),
      otpauthUrl: expect.stringContaining('otpauth://totp/'),
      qrDataUrl: expect.stringMatching(/^data:image\/png;base64,/),
    });
    secret = setup.json().secret;
    const wrong = await agent.post('/api/auth/2fa/setup', { code: '000000' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_2FA']);
    expect((await agent.post('/api/auth/2fa/setup', { code: codeAt(secret, -1) })).statusCode).toBe(200);
    expect((await agent.get('/api/app/init')).json().user.twoFactor).toBe(true);
  });

  it('login then asks to verify; the session is refused until a code is given', async () => {
    const res = await login('planner@example.com');
    expect(res.json().twoFactor).toBe('verify');
    const agent = agentFor(t.app, sessionCookie(res), res.json().csrfToken);
    const init = await agent.get('/api/app/init');
    expect([init.statusCode, init.json().code]).toEqual([401, 'TWO_FACTOR_REQUIRED']);
    expect((await agent.post('/api/auth/2fa/verify', { code: '123456' })).json().code).toBe('INVALID_2FA');
    expect((await agent.post('/api/auth/2fa/verify', { code: codeAt(secret, 0) })).statusCode).toBe(200);
    expect((await agent.get('/api/app/init')).statusCode).toBe(200);
  });

  it('each code works once', async () => {
    const res = await login('planner@example.com');
    const agent = agentFor(t.app, sessionCookie(res), res.json().csrfToken);
    // The step of the previous test's code is used up.
    expect((await agent.post('/api/auth/2fa/verify', { code: codeAt(secret, 0) })).json().code).toBe('INVALID_2FA');
    expect((await agent.post('/api/auth/2fa/verify', { code: codeAt(secret, 1) })).statusCode).toBe(200);
  });

  it('a code can come with the login itself; a wrong one is refused', async () => {
    await t.database.db.update(users).set({ totpLastStep: null }).where(eq(users.email, 'planner@example.com'));
    const wrong = await login('planner@example.com', { token: '111111' });
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_2FA']);
    const ok = await login('planner@example.com', { token: codeAt(secret, 0) });
    expect(ok.json().twoFactor).toBe('none');
  });

  it('turning it off needs the password', async () => {
    const res = await login('planner@example.com', { token: codeAt(secret, 1) });
    const agent = agentFor(t.app, sessionCookie(res), res.json().csrfToken);
    const wrong = await agent.delete('/api/auth/2fa', { password: 'nope' });
    expect([wrong.statusCode, wrong.json().fields]).toEqual([422, { password: ['password.wrong'] }]);
    expect((await agent.delete('/api/auth/2fa', { password: 'Welcome123' })).statusCode).toBe(200);
    expect((await login('planner@example.com')).json().twoFactor).toBe('none');
  });

  it('when the account requires it, owner, manager and planner must set it up; employees need not', async () => {
    await t.database.db
      .update(accounts)
      .set({ settings: { timeZone: 'Europe/Berlin', twoFactorRequired: true } })
      .where(eq(accounts.name, 'Bistro Central'));
    const manager = await login('manager@example.com');
    expect(manager.json().twoFactor).toBe('setup');
    const agent = agentFor(t.app, sessionCookie(manager), manager.json().csrfToken);
    expect((await agent.get('/api/app/init')).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    expect((await agent.get('/api/overview')).json().code).toBe('TWO_FACTOR_SETUP_REQUIRED');
    const setup = (await agent.get('/api/auth/2fa/setup')).json();
    expect((await agent.post('/api/auth/2fa/setup', { code: codeAt(setup.secret, 0) })).statusCode).toBe(200);
    expect((await agent.get('/api/app/init')).statusCode).toBe(200);
    const refused = await agent.delete('/api/auth/2fa', { password: 'Welcome123' });
    expect([refused.statusCode, refused.json().code]).toEqual([403, 'FORBIDDEN']);
    expect((await login('employee@example.com')).json().twoFactor).toBe('none');
  });
});

describe('two-factor codes are throttled per pending sign-in and per user, not only per address', () => {
  const email = 'observer@example.com';
  const secret = authenticator.generateSecret();
  const from = (ip: string) => ({ remoteAddress: ip });

  /** A password login of the observer waiting for its code, from `ip`. */
  async function pending(ip: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Welcome123' },
      ...from(ip),
    });
    expect([res.statusCode, res.json().twoFactor], res.body).toEqual([200, 'verify']);
    return { cookie: sessionCookie(res), csrfToken: res.json().csrfToken as string };
  }
  const verify = (s: { cookie: string; csrfToken: string }, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { code },
      cookies: { sid: s.cookie },
      headers: { 'x-csrf-token': s.csrfToken },
      ...from(ip),
    });

  beforeAll(async () => {
    await t.database.db
      .update(users)
      .set({ totpSecret: secret, totpEnabled: true, totpLastStep: null })
      .where(eq(users.email, email));
  });

  it('five wrong codes from five addresses void the sign-in; the sixth is refused even when right', async () => {
    const s = await pending('10.20.0.1');
    const wrongCode = codeAt(secret, 0) === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const res = await verify(s, wrongCode, `10.20.1.${i}`);
      expect([res.statusCode, res.json().code, res.json().logout], `guess ${i}`).toEqual([
        401,
        'INVALID_2FA',
        undefined,
      ]);
    }
    const fifth = await verify(s, wrongCode, '10.20.1.5');
    expect([fifth.statusCode, fifth.json().code, fifth.json().logout]).toEqual([401, 'INVALID_2FA', true]);
    const sixth = await verify(s, codeAt(secret, 0), '10.20.1.6');
    expect([sixth.statusCode, sixth.json().code]).toEqual([401, 'UNAUTHENTICATED']);
    const init = await t.app.inject({ method: 'GET', url: '/api/app/init', cookies: { sid: s.cookie } });
    expect(init.statusCode).toBe(401);
  });

  it('the user then waits: a fresh login with the right password is throttled, from any address', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Welcome123' },
      ...from('10.20.2.1'),
    });
    expect([res.statusCode, res.json().code]).toEqual([429, 'THROTTLED']);
  });

  it('a right password does not reset the count; after the window a right code signs in', async () => {
    await t.database.db
      .update(loginAttempts)
      .set({ at: new Date(now().getTime() - 11 * 60 * 1000) })
      .where(eq(loginAttempts.email, email));
    const s = await pending('10.20.3.1');
    for (let i = 1; i <= 4; i++) expect((await verify(s, '999999', `10.20.3.${i + 1}`)).statusCode).toBe(401);
    // Another pending sign-in of the same user (a right password) gets no fresh guesses: the user's count holds.
    const other = await pending('10.20.4.1');
    const guess = await verify(other, '999999', '10.20.4.2');
    expect([guess.statusCode, guess.json().logout]).toEqual([401, true]);
    expect((await verify(s, codeAt(secret, 0), '10.20.3.9')).json()).toMatchObject({ logout: true });

    await t.database.db
      .update(loginAttempts)
      .set({ at: new Date(now().getTime() - 11 * 60 * 1000) })
      .where(eq(loginAttempts.email, email));
    const fresh = await pending('10.20.5.1');
    expect((await verify(fresh, codeAt(secret, 0), '10.20.5.1')).statusCode).toBe(200);
  });
});

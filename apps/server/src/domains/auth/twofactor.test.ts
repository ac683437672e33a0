import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { authenticator } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, createTestApp, sessionCookie, type TestApp } from '../../../test/app';
import { accounts, users } from '../../db/schema';

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

import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentFor, createTestApp, sessionCookie, signIn, type TestApp } from '../../../test/app';
import { accounts, loginAttempts, memberships, sessions, users } from '../../db/schema';
import { sha256 } from '../../platform/tokens';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.dispose());

const login = (body: Record<string, unknown>, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: body, remoteAddress: ip });

describe('POST /api/auth/login', () => {
  it('answers csrfToken and beta and sets an httpOnly session cookie', async () => {
    const res = await login({ email: 'owner@example.com', password: 'Welcome123', locale: 'de', mobile: false });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ csrfToken: expect.any(String), beta: false, twoFactor: 'none' });
    const cookie = res.cookies.find((c) => c.name === 'sid');
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  });

  it('gives a new session id on every login', async () => {
    const a = sessionCookie(await login({ email: 'owner@example.com', password: 'Welcome123' }));
    const b = sessionCookie(await login({ email: 'owner@example.com', password: 'Welcome123' }));
    expect(a).not.toBe(b);
  });

  it('replaces the session the browser had', async () => {
    const first = await login({ email: 'planner@example.com', password: 'Welcome123' });
    const old = sessionCookie(first);
    await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'planner@example.com', password: 'Welcome123' },
      cookies: { sid: old },
    });
    const res = await t.app.inject({ method: 'GET', url: '/api/app/init', cookies: { sid: old } });
    expect(res.statusCode).toBe(401);
  });

  it('treats the e-mail case-insensitively', async () => {
    expect((await login({ email: 'Manager@Example.com', password: 'Welcome123' })).statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown e-mail alike: INVALID_CREDENTIALS', async () => {
    const wrong = await login({ email: 'manager@example.com', password: 'Wrong1234' }, '10.0.0.2');
    const unknown = await login({ email: 'nobody@example.com', password: 'Welcome123' }, '10.0.0.2');
    expect([wrong.statusCode, wrong.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
    expect([unknown.statusCode, unknown.json().code]).toEqual([401, 'INVALID_CREDENTIALS']);
  });

  it('answers 422 with field errors for malformed input', async () => {
    const res = await login({ email: 'not-an-email', password: '' });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION',
      fields: { email: expect.any(Array), password: expect.any(Array) },
    });
  });

  it('throttles after five failures for an e-mail, even with the right password then', async () => {
    for (let i = 0; i < 5; i++) {
      const res = await login({ email: 'biller@example.com', password: `Wrong${i}abc` }, '10.0.1.1');
      expect(res.json().code).toBe('INVALID_CREDENTIALS');
    }
    const res = await login({ email: 'biller@example.com', password: 'Welcome123' }, '10.0.1.2');
    expect(res.statusCode).toBe(429);
    expect(res.json()).toMatchObject({ code: 'THROTTLED', data: { retryAfterSeconds: 600 } });
  });

  it('lets the e-mail in again once the window has passed', async () => {
    await t.database.db
      .update(loginAttempts)
      .set({ at: new Date(now().getTime() - 11 * 60 * 1000) })
      .where(eq(loginAttempts.email, 'biller@example.com'));
    expect((await login({ email: 'biller@example.com', password: 'Welcome123' }, '10.0.1.3')).statusCode).toBe(200);
  });

  it('refuses an unconfirmed e-mail: EMAIL_NOT_CONFIRMED', async () => {
    await t.database.db.update(users).set({ emailConfirmedAt: null }).where(eq(users.email, 'accountant@example.com'));
    const res = await login({ email: 'accountant@example.com', password: 'Welcome123' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'EMAIL_NOT_CONFIRMED']);
  });

  it('refuses a user without a password yet: NO_PASSWORD', async () => {
    await t.database.db.update(users).set({ passwordHash: null }).where(eq(users.email, 'observer@example.com'));
    const res = await login({ email: 'observer@example.com', password: 'Welcome123' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'NO_PASSWORD']);
  });

  it('refuses an inactive member: USER_INACTIVE', async () => {
    const res = await login({ email: 'laura.krause@example.com', password: 'Welcome123' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'USER_INACTIVE']);
  });

  it('refuses a user with no membership at all: NO_ACTIVE_ACCOUNT', async () => {
    const [u] = await t.database.db.select().from(users).where(eq(users.email, 'employee@example.com'));
    await t.database.db.insert(users).values({
      email: 'loner@example.com',
      passwordHash: u.passwordHash,
      emailConfirmedAt: now(),
    });
    const res = await login({ email: 'loner@example.com', password: 'Welcome123' });
    expect([res.statusCode, res.json().code]).toEqual([403, 'NO_ACTIVE_ACCOUNT']);
  });

  it('lands in the last account used', async () => {
    const agent = await signIn(t.app, 'owner@example.com');
    const init = (await agent.get('/api/app/init')).json();
    const store = init.accounts.find((a: { name: string }) => a.name === 'Corner Store');
    expect((await agent.put(`/api/switch/account/${store.id}`, {})).statusCode).toBe(200);
    const again = await signIn(t.app, 'owner@example.com');
    expect((await again.get('/api/app/init')).json().account.name).toBe('Corner Store');
    const bistro = init.accounts.find((a: { name: string }) => a.name === 'Bistro Central');
    await again.put(`/api/switch/account/${bistro.id}`, {});
  });
});

describe('beta server', () => {
  it('refuses non-beta accounts and admits beta ones, answering beta true', async () => {
    const beta = await createTestApp({ config: { beta: true } });
    try {
      const refused = await beta.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'manager@example.com', password: 'Welcome123' },
      });
      expect([refused.statusCode, refused.json().code]).toEqual([403, 'BETA_ONLY']);
      await beta.database.db.update(accounts).set({ beta: true }).where(eq(accounts.name, 'Bistro Central'));
      const admitted = await beta.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'manager@example.com', password: 'Welcome123' },
      });
      expect(admitted.json()).toMatchObject({ beta: true });
    } finally {
      await beta.dispose();
    }
  });
});

describe('sessions', () => {
  it('GET /api/app/init answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/app/init' });
    expect([res.statusCode, res.json().code]).toEqual([401, 'UNAUTHENTICATED']);
  });

  it('refuses a state-changing call without the CSRF token, with the logout flag', async () => {
    const agent = await signIn(t.app, 'manager@example.com');
    const init = (await agent.get('/api/app/init')).json();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/memberships/${init.membership.id}/preferences`,
      cookies: { sid: agent.cookie },
      payload: { key: 'view', value: 'week' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ code: 'TOKEN_MISMATCH', logout: true });
    const wrong = await agentFor(t.app, agent.cookie, 'forged').put(
      `/api/memberships/${init.membership.id}/preferences`,
      {
        key: 'view',
        value: 'week',
      },
    );
    expect(wrong.json().code).toBe('TOKEN_MISMATCH');
  });

  it('ends a session idle for more than two hours, and any session older than seven days', async () => {
    const idle = await signIn(t.app, 'planner@example.com');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now().getTime() - 2 * 60 * 60 * 1000 - 1000) })
      .where(eq(sessions.id, sha256(idle.cookie)));
    expect((await idle.get('/api/app/init')).statusCode).toBe(401);
    const old = await signIn(t.app, 'planner@example.com');
    await t.database.db
      .update(sessions)
      .set({ createdAt: new Date(now().getTime() - 7 * 24 * 60 * 60 * 1000 - 1000) })
      .where(eq(sessions.id, sha256(old.cookie)));
    expect((await old.get('/api/app/init')).statusCode).toBe(401);
    const fresh = await signIn(t.app, 'planner@example.com');
    await t.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(now().getTime() - 90 * 60 * 1000) })
      .where(eq(sessions.id, sha256(fresh.cookie)));
    expect((await fresh.get('/api/app/init')).statusCode).toBe(200);
  });

  it('logout ends the session', async () => {
    const agent = await signIn(t.app, 'planner@example.com');
    expect((await agent.post('/api/auth/logout')).statusCode).toBe(200);
    expect((await agent.get('/api/app/init')).statusCode).toBe(401);
  });

  it('setting a member inactive ends their sessions; they cannot sign in again', async () => {
    const employee = await signIn(t.app, 'employee@example.com');
    const employeeInit = (await employee.get('/api/app/init')).json();
    const manager = await signIn(t.app, 'manager@example.com');
    const res = await manager.put(`/api/memberships/${employeeInit.membership.id}/status`, { status: 'inactive' });
    expect(res.statusCode).toBe(200);
    expect((await employee.get('/api/app/init')).statusCode).toBe(401);
    const again = await login({ email: 'employee@example.com', password: 'Welcome123' });
    expect(again.json().code).toBe('USER_INACTIVE');
    await manager.put(`/api/memberships/${employeeInit.membership.id}/status`, { status: 'active' });
    expect((await login({ email: 'employee@example.com', password: 'Welcome123' })).statusCode).toBe(200);
  });

  it('a session of a membership set inactive behind the API is refused with the logout flag', async () => {
    const agent = await signIn(t.app, 'freelancer@example.com');
    const init = (await agent.get('/api/app/init')).json();
    await t.database.db.update(memberships).set({ status: 'inactive' }).where(eq(memberships.id, init.membership.id));
    const res = await agent.get('/api/app/init');
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED', logout: true });
    await t.database.db.update(memberships).set({ status: 'active' }).where(eq(memberships.id, init.membership.id));
  });
});

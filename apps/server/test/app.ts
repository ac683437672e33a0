import { CSRF_HEADER, SESSION_COOKIE } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { type BuiltApp, buildApp } from '../src/app';
import { type Config, testConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { SAMPLE_PASSWORD, seedSampleData } from '../src/sample/seed';
import { createTestDatabase } from './db';

export interface TestApp extends BuiltApp {
  database: Database;
  /** Closes the app and drops the database. */
  dispose(): Promise<void>;
}

/** The whole server on a fresh database, with the sample companies unless `sample` is false. */
export async function createTestApp(
  opts: { sample?: boolean; roster?: boolean; config?: Partial<Config> } = {},
): Promise<TestApp> {
  const wantsSample = opts.sample !== false;
  const database = await createTestDatabase(wantsSample && !opts.roster ? 'sample' : 'empty');
  if (wantsSample && !database.seeded) await seedSampleData(database.db, { roster: opts.roster ?? false });
  const built = await buildApp(testConfig({ webDist: '/nonexistent', ...opts.config }), { database });
  await built.app.ready();
  return {
    ...built,
    database,
    async dispose() {
      await built.close();
      await database.close();
    },
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** A signed-in browser: keeps the session cookie and sends the CSRF token on every call. */
export interface Agent {
  csrfToken: string;
  cookie: string;
  request(
    method: Method,
    url: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse>;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === SESSION_COOKIE);
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return cookie.value;
}

export function agentFor(app: BuiltApp['app'], cookie: string, csrfToken: string): Agent {
  const request = (method: Method, url: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.inject({
      method,
      url,
      cookies: { [SESSION_COOKIE]: cookie },
      headers: { [CSRF_HEADER]: csrfToken, ...headers },
      ...(body === undefined ? {} : { payload: body as object }),
    });
  return {
    csrfToken,
    cookie,
    request,
    get: (url) => request('GET', url),
    post: (url, body) => request('POST', url, body ?? {}),
    put: (url, body) => request('PUT', url, body ?? {}),
    delete: (url, body) => request('DELETE', url, body),
  };
}

/** Signs in through the API and answers the signed-in agent. */
export async function signIn(app: BuiltApp['app'], email: string, password = SAMPLE_PASSWORD): Promise<Agent> {
  const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  expect(res.statusCode, res.body).toBe(200);
  return agentFor(app, sessionCookie(res), res.json().csrfToken);
}

export interface ForeignRequest {
  method: Method;
  url: string;
  body?: unknown;
}

/**
 * Proves tenant isolation: every request, made by a member of one account with ids of another account, answers
 * 404 NOT_FOUND, exactly as an id that does not exist. Later domains list their routes here.
 */
export async function expectForeignIdsNotFound(agent: Agent, requests: ForeignRequest[]): Promise<void> {
  for (const r of requests) {
    const res = await agent.request(r.method, r.url, r.body);
    expect({ route: `${r.method} ${r.url}`, status: res.statusCode, code: res.json().code }).toEqual({
      route: `${r.method} ${r.url}`,
      status: 404,
      code: 'NOT_FOUND',
    });
  }
}

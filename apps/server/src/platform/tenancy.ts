import { AsyncLocalStorage } from 'node:async_hooks';
import type { FastifyInstance, RouteOptions } from 'fastify';
import type { Database, Db } from '../db/client';
import { AppError } from './errors';

/**
 * The wall under the filter. Inside a member's request `ctx.db` is the account's handle (`Database.forAccount`):
 * every statement runs as the tenant role with the account set, so a query that forgets `account_id` sees only this
 * account's rows, never another company's. Outside a request (jobs, start-up, tools, tests) and on public and
 * pending routes (sign-in by e-mail, codes, the calendar feed by token: they find their account from what they are
 * given) it is the owner's handle. Work inside a member's request that spans accounts by design names `ctx.owner`.
 */
const requestScope = new AsyncLocalStorage<Db>();

/** `ctx.db`: the handle of the request's account while one runs, else the owner's. */
export function routedDb(owner: Db): Db {
  return new Proxy(owner, {
    get(target, property) {
      const db = requestScope.getStore() ?? target;
      return Reflect.get(db, property, db);
    },
  });
}

/** Runs `fn` with `ctx.db` bound to the account (row-level security on). */
export function runForAccount<T>(database: Database, accountId: string, fn: () => T): T {
  return requestScope.run(database.forAccount(accountId), fn);
}

/** Whether `ctx.db` is an account's handle right now (tests). */
export function inAccountScope(): boolean {
  return requestScope.getStore() !== undefined;
}

/** Member routes under /api (all but the API docs): the ones that run as the account. */
function runsAsAccount(route: RouteOptions): boolean {
  const url = route.url ?? '';
  const auth = (route.config as { auth?: string } | undefined)?.auth ?? 'member';
  return url.startsWith('/api/') && !url.startsWith('/api/docs') && auth === 'member';
}

/**
 * Wraps the handler of every member route registered from now on, so its work runs as the request's account. The
 * session hook (platform/http.ts) has found the actor by then; the answer is serialised after the handler, outside.
 */
export function registerTenancy(app: FastifyInstance, database: Database) {
  app.addHook('onRoute', (route) => {
    if (!runsAsAccount(route)) return;
    const handler = route.handler;
    route.handler = function scopedHandler(request, reply) {
      const actor = request.actorOrNull;
      if (!actor) throw new AppError('UNAUTHENTICATED');
      return runForAccount(database, actor.accountId, () => handler.call(this, request, reply));
    };
  });
}

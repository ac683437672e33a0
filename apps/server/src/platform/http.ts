import { type AccountStatus, type ApiScope, CSRF_HEADER, SESSION_COOKIE, SOCKET_HEADER } from '@app/contracts';
import { accountUse, accountUseRefusal, isLocale } from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { databaseFailure } from '../db/failures';
import type { Actor } from './actor';
import { bearerOf, resolveToken, type TokenLimiter } from './api-tokens';
import type { AppContext } from './context';
import { AppError } from './errors';
import { frameworkCode } from './framework-errors';
import { loggableError } from './log-safe';
import { moduleOfRoute } from './modules-guard';
import { revokeSessions } from './revoke';
import { actorOfMember, type SessionMember, type SessionRecord } from './session';
import { safeEqual, sha256 } from './tokens';
import { fieldErrorsOf } from './validation-errors';

/**
 * Who may call a route: `public` anyone; `pending` a session still completing two-factor; `member` (the default)
 * a complete session with an active membership.
 */
export type RouteAuth = 'public' | 'pending' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
    /**
     * The scope an access token needs for this route (docs/product/api.md); a route without one refuses tokens. The
     * same route under `/api/v1` is the versioned alias integrations call.
     */
    scope?: ApiScope;
  }
  interface FastifyRequest {
    session: SessionRecord | null;
    /** The access token the request came with (docs/product/api.md), or null for a cookie session. */
    apiTokenId: string | null;
    actorOrNull: Actor | null;
    /** The rows behind the actor, as the session's query read them (membership, account, user). */
    member: SessionMember | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Writes a read-only super user still makes: leaving (the account switch), confirming write access, realtime. */
const SHADOW_OPEN = /^\/api\/(switch\/|superuser\/|auth\/broadcast$)/;

/** The actor of a `member` route; the hook guarantees it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actorOrNull) throw new AppError('UNAUTHENTICATED');
  return request.actorOrNull;
}

/**
 * The actor reading in the page's language: the web sends the language of its /{lang}/ path as Accept-Language, and
 * names read for a page (holidays, help lessons, the days a request counts) follow it; the session's own language
 * otherwise. For reads only: mail and stored texts keep the member's language.
 */
export function readerOf(request: FastifyRequest): Actor {
  const actor = actorOf(request);
  const asked = String(request.headers['accept-language'] ?? '')
    .split(',')[0]
    ?.split(';')[0]
    ?.trim()
    .slice(0, 2)
    .toLowerCase();
  return isLocale(asked) && asked !== actor.locale ? { ...actor, locale: asked } : actor;
}

export function memberOf(request: FastifyRequest): SessionMember {
  if (!request.member) throw new AppError('UNAUTHENTICATED');
  return request.member;
}

export function sessionOf(request: FastifyRequest): SessionRecord {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send(error.toBody());
}

/** The versioned alias of the token-callable routes: `/api/v1/items` is `/api/items` (docs/product/api.md). */
const VERSIONED = /^\/api\/v1(\/|$)/;
const viaVersion = new WeakSet<object>();

/** Fastify's `rewriteUrl`: `/api/v1/...` is served by `/api/...`, remembered so only token routes answer there. */
export function rewriteVersionedUrl(raw: { url?: string }): string {
  const url = raw.url ?? '/';
  if (!VERSIONED.test(url)) return url;
  viaVersion.add(raw);
  return url.replace(/^\/api\/v1/, '/api');
}

/**
 * A request with `Authorization: Bearer`: no cookie, no CSRF (a token is not sent by the browser on its own), its own
 * rate limit, the route's declared scope, then the same account, module and policy checks as the token's member.
 */
async function authenticateToken(ctx: AppContext, limiter: TokenLimiter, request: FastifyRequest, reply: FastifyReply) {
  const secret = bearerOf(request) ?? '';
  // Counted before anything is looked up, by the hash of what was sent: a flood of made-up tokens is limited too.
  const wait = await limiter.hit(sha256(secret).slice(0, 32));
  if (wait !== null) {
    reply.header('retry-after', String(wait));
    throw new AppError('THROTTLED', { data: { retryAfter: wait } });
  }
  const scope = request.routeOptions.config?.scope;
  const resolved = secret ? await resolveToken(ctx.owner, secret) : null;
  if (!resolved) throw new AppError('TOKEN_INVALID');
  if (!scope) throw new AppError('TOKEN_NOT_ALLOWED');
  if (!resolved.scopes.includes(scope)) throw new AppError('TOKEN_SCOPE', { data: { scope } });
  const { actor, member } = resolved;
  const route = request.routeOptions.url ?? request.url;
  const refusal = accountUseRefusal(accountUse(member.account.status as AccountStatus, actor.roles), route);
  if (refusal) throw new AppError(refusal);
  const module = moduleOfRoute(request.routeOptions.url);
  if (module && !actor.modules.includes(module)) throw new AppError('MODULE_INACTIVE', { data: { module } });
  request.apiTokenId = resolved.id;
  request.member = member;
  request.actorOrNull = actor;
}

/** Session, CSRF and maintenance checks for every /api route, and the one error mapping. */
export function registerHttpPlatform(app: FastifyInstance, ctx: AppContext, opts: { tokenLimiter: TokenLimiter }) {
  app.decorateRequest('session', null);
  app.decorateRequest('apiTokenId', null);
  app.decorateRequest('actorOrNull', null);
  app.decorateRequest('member', null);

  // The generated API documentation is public; everything else under /api is checked.
  const checked = (request: FastifyRequest) =>
    request.url.startsWith('/api/') && !request.url.startsWith('/api/docs') && !request.is404;
  const withToken = (request: FastifyRequest) =>
    (request.routeOptions.config?.auth ?? 'member') !== 'public' && bearerOf(request) !== null;

  // A token is checked before the body is: a call it may not make is refused as such, whatever it sends.
  app.addHook('preValidation', async (request, reply) => {
    if (!checked(request)) return;
    // The versioned prefix aliases only the calls tokens may make.
    if (viaVersion.has(request.raw) && !request.routeOptions.config?.scope) throw new AppError('NOT_FOUND');
    if (ctx.config.maintenance && request.url !== '/api/health') throw new AppError('MAINTENANCE');
    if (withToken(request)) await authenticateToken(ctx, opts.tokenLimiter, request, reply);
  });

  app.addHook('preHandler', async (request) => {
    if (!checked(request) || withToken(request)) return;
    const auth: RouteAuth = request.routeOptions.config?.auth ?? 'member';
    const token = request.cookies[SESSION_COOKIE];
    // The session and the member it acts as: from memory, else one round trip. Every API call starts here.
    const resolved = await ctx.sessions.resolve(token);
    request.session = resolved?.session ?? null;
    if (auth === 'public') return;
    const session = request.session;
    if (!session) throw new AppError('UNAUTHENTICATED');
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !safeEqual(header, session.csrfToken)) {
        throw new AppError('TOKEN_MISMATCH', { logout: true });
      }
    }
    if (auth === 'pending') return;
    // The two-factor pages need the token to post their code after a reload.
    if (session.twoFactor === 'verify')
      throw new AppError('TWO_FACTOR_REQUIRED', { data: { csrfToken: session.csrfToken } });
    if (session.twoFactor === 'setup')
      throw new AppError('TWO_FACTOR_SETUP_REQUIRED', { data: { csrfToken: session.csrfToken } });
    const actor = actorOfMember(session, resolved?.member ?? null);
    if (!actor) {
      await revokeSessions(ctx, { id: session.id }, { reason: 'ended' });
      throw new AppError('UNAUTHENTICATED', { logout: true });
    }
    request.member = resolved?.member ?? null;
    const route = request.routeOptions.url ?? request.url;
    // What the account's status leaves this member (docs/product/account-access.md): one policy, checked here.
    const refusal = accountUseRefusal(
      accountUse((request.member?.account.status ?? 'deleted') as AccountStatus, actor.roles),
      route,
    );
    if (refusal) throw new AppError(refusal);
    // A super user's visit reads until they confirm write access for it; the switch itself stays open.
    if (actor.shadow && !session.shadowWrite && !SAFE_METHODS.has(request.method) && !SHADOW_OPEN.test(route))
      throw new AppError('SHADOW_READ_ONLY');
    const module = moduleOfRoute(request.routeOptions.url);
    if (module && !actor.modules.includes(module)) throw new AppError('MODULE_INACTIVE', { data: { module } });
    const socketId = request.headers[SOCKET_HEADER];
    request.actorOrNull =
      typeof socketId === 'string' && /^[A-Za-z0-9_-]{1,64}$/.test(socketId) ? { ...actor, socketId } : actor;
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = (error as { validationContext?: string }).validationContext;
      const fields = fieldErrorsOf(error.validation, context, request);
      return sendError(reply, new AppError('VALIDATION', { fields }, 'invalid input'));
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (e.code === 'FST_REQ_FILE_TOO_LARGE') return sendError(reply, new AppError('PAYLOAD_TOO_LARGE'));
    // Fastify's own refusals (malformed JSON, a body that is not JSON, one too large): the product's shape.
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      const code = frameworkCode(e.statusCode);
      return sendError(reply, new AppError(code, {}, e.message || code));
    }
    // The database away or its disk full: a passing state of the server, answered with its code and retried later.
    const failure = databaseFailure(error);
    if (failure) {
      request.log.warn({ error: loggableError(error), route: request.routeOptions.url }, `database ${failure}`);
      return sendError(reply, new AppError(failure === 'disk-full' ? 'DISK_FULL' : 'DATABASE_UNAVAILABLE'));
    }
    request.log.error({ error: loggableError(error), route: request.routeOptions.url }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL', {}, 'something went wrong'));
  });
}

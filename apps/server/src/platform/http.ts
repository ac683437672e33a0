import { CSRF_HEADER, SESSION_COOKIE } from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { Actor } from './actor';
import type { AppContext } from './context';
import { AppError } from './errors';
import { moduleOfRoute } from './modules-guard';
import { findSession, loadActor, type SessionRecord } from './session';
import { safeEqual } from './tokens';

/**
 * Who may call a route: `public` anyone; `pending` a session still completing two-factor; `member` (the default)
 * a complete session with an active membership.
 */
export type RouteAuth = 'public' | 'pending' | 'member';

declare module 'fastify' {
  interface FastifyContextConfig {
    auth?: RouteAuth;
  }
  interface FastifyRequest {
    session: SessionRecord | null;
    actorOrNull: Actor | null;
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

interface ZodIssueLike {
  code?: string;
  path?: PropertyKey[];
  input?: unknown;
  format?: string;
  message?: string;
}

/** A zod issue as a catalog key the web words (validation.*), never zod's English text. */
function validationKey(issue: ZodIssueLike | undefined): string {
  switch (issue?.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? 'validation.required' : 'validation.invalid';
    case 'too_small':
      return issue.input === '' ? 'validation.required' : 'validation.tooShort';
    case 'too_big':
      return 'validation.tooLong';
    case 'invalid_format':
      return issue.format === 'email' ? 'validation.email' : 'validation.invalid';
    default:
      return 'validation.invalid';
  }
}

/** The actor of a `member` route; the hook guarantees it. */
export function actorOf(request: FastifyRequest): Actor {
  if (!request.actorOrNull) throw new AppError('UNAUTHENTICATED');
  return request.actorOrNull;
}

export function sessionOf(request: FastifyRequest): SessionRecord {
  if (!request.session) throw new AppError('UNAUTHENTICATED');
  return request.session;
}

export function sendError(reply: FastifyReply, error: AppError) {
  return reply.status(error.status).send(error.toBody());
}

/** Session, CSRF and maintenance checks for every /api route, and the one error mapping. */
export function registerHttpPlatform(app: FastifyInstance, ctx: AppContext) {
  app.decorateRequest('session', null);
  app.decorateRequest('actorOrNull', null);

  app.addHook('preHandler', async (request) => {
    // The generated API documentation is public; everything else under /api is checked.
    if (!request.url.startsWith('/api/') || request.url.startsWith('/api/docs') || request.is404) return;
    if (ctx.config.maintenance && request.url !== '/api/health') throw new AppError('MAINTENANCE');
    const auth: RouteAuth = request.routeOptions.config?.auth ?? 'member';
    const token = request.cookies[SESSION_COOKIE];
    request.session = await findSession(ctx.db, token);
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
    const actor = await loadActor(ctx.db, session);
    if (!actor) throw new AppError('UNAUTHENTICATED', { logout: true });
    const module = moduleOfRoute(request.routeOptions.url);
    if (module && !actor.modules.includes(module)) throw new AppError('MODULE_INACTIVE', { data: { module } });
    request.actorOrNull = actor;
  });

  app.setErrorHandler((error: unknown, request, reply) => {
    if (error instanceof AppError) return sendError(reply, error);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string[]> = {};
      for (const v of error.validation) {
        const issue = (v.params as { issue?: ZodIssueLike })?.issue;
        const key =
          v.instancePath.replace(/^\//, '').replaceAll('/', '.') ||
          (issue?.path?.length ? issue.path.join('.') : '') ||
          '_';
        const message = validationKey(issue);
        if (!fields[key]?.includes(message)) fields[key] = [...(fields[key] ?? []), message];
      }
      return sendError(reply, new AppError('VALIDATION', { fields }, 'invalid input'));
    }
    const e = error as { statusCode?: number; code?: string; message?: string };
    if (e.statusCode === 413 || e.code === 'FST_REQ_FILE_TOO_LARGE')
      return sendError(reply, new AppError('PAYLOAD_TOO_LARGE'));
    if (e.statusCode === 429) return sendError(reply, new AppError('THROTTLED'));
    if (e.statusCode && e.statusCode >= 400 && e.statusCode < 500) {
      return reply.status(e.statusCode).send({ code: 'VALIDATION', message: e.message ?? 'bad request' });
    }
    request.log.error({ err: error }, 'unhandled error');
    return sendError(reply, new AppError('INTERNAL', {}, 'something went wrong'));
  });
}

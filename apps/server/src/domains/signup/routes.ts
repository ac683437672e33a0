import {
  CodeParams,
  EmailRequest,
  ErrorBody,
  Locale,
  OkResponse,
  REGISTRATIONS_PER_HOUR,
  RegisterRequest,
  RegisterResponse,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SignedInResponse,
  SignupInfoResponse,
} from '@app/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { logout } from '../auth/service';
import { startDemo } from './demo';
import { finishSignup, register, requestConfirmation, signupInfo } from './service';

const errors = { 404: ErrorBody, 409: ErrorBody, 410: ErrorBody, 422: ErrorBody, 429: ErrorBody };

/** The browser that is signed in by a finished sign-up or a demo: its language and whether it is a phone. */
const SignInBody = z.object({ locale: Locale.optional(), mobile: z.boolean().optional() }).optional();

/** Sign-up and the demo (docs/product/signup.md): public routes that end with a signed-in browser. */
export function signupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** Like a login: a new session replaces whatever the browser had, in the same cookie. */
  async function signIn(request: FastifyRequest, reply: FastifyReply, session: { token: string; csrfToken: string }) {
    if (request.session) await logout(ctx, request.session);
    reply.setCookie(SESSION_COOKIE, session.token, {
      httpOnly: true,
      sameSite: 'lax',
      path: '/',
      secure: ctx.config.secureCookies,
      maxAge: SESSION_ABSOLUTE_MS / 1000,
    });
    return { csrfToken: session.csrfToken };
  }

  r.get(
    '/api/auth/register',
    { config: { auth: 'public' }, schema: { tags: ['signup'], response: { 200: SignupInfoResponse } } },
    async () => signupInfo(ctx),
  );

  r.post(
    '/api/auth/register',
    {
      config: { auth: 'public', rateLimit: { max: REGISTRATIONS_PER_HOUR, timeWindow: '1 hour' } },
      schema: { tags: ['signup'], body: RegisterRequest, response: { 200: RegisterResponse, ...errors } },
    },
    async (request) => register(ctx, request.body),
  );

  r.post(
    '/api/auth/signup/:code',
    {
      config: { auth: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['signup'],
        params: CodeParams,
        body: SignInBody,
        response: { 200: SignedInResponse, ...errors },
      },
    },
    async (request, reply) => signIn(request, reply, await finishSignup(ctx, request.params.code, request.body ?? {})),
  );

  r.post(
    '/api/demo',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['signup'], body: SignInBody, response: { 200: SignedInResponse, ...errors } },
    },
    async (request, reply) => signIn(request, reply, await startDemo(ctx, request.ip, request.body ?? {})),
  );

  // Asking again for the link that confirms an address: a registration still waiting gets its own link.
  r.post(
    '/api/auth/confirmation/request',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: {
        tags: ['auth'],
        body: EmailRequest,
        response: { 200: OkResponse, 401: ErrorBody, 403: ErrorBody, ...errors },
      },
    },
    async (request) => {
      await requestConfirmation(ctx, request.body.email, request.body.locale);
      return { ok: true as const };
    },
  );
}

import {
  ErrorBody,
  LoginResponse,
  OkResponse,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SetupCompleteResponse,
  SetupParams,
  SetupSaveRequest,
  SetupStartRequest,
  SetupState,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { logout } from '../auth/service';
import { completeSetup, saveSetupStep, sendSetupLink, setupState, startSetup } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** The setup wizard's calls (docs/product/setup.md): the owner's steps, the completion, the "continue" link. */
export function setupRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['setup'];
  r.get(
    '/api/accounts/:id/setup',
    { schema: { tags, params: SetupParams, response: { 200: SetupState, ...errors } } },
    async (request) => setupState(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/accounts/:id/setup',
    { schema: { tags, params: SetupParams, body: SetupSaveRequest, response: { 200: SetupState, ...errors } } },
    async (request) => saveSetupStep(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/accounts/:id/setup/complete',
    { schema: { tags, params: SetupParams, response: { 200: SetupCompleteResponse, ...errors } } },
    async (request) => completeSetup(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/accounts/:id/setup/link',
    { schema: { tags, params: SetupParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await sendSetupLink(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.post(
    '/api/setup/start',
    {
      config: { auth: 'public', rateLimit: { max: 20, timeWindow: '1 minute' } },
      schema: { tags, body: SetupStartRequest, response: { 200: LoginResponse, ...errors } },
    },
    async (request, reply) => {
      const result = await startSetup(ctx, request.body);
      // Like a sign-in, the link replaces whatever session the browser had.
      if (request.session) await logout(ctx, request.session);
      reply.setCookie(SESSION_COOKIE, result.token, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: ctx.config.secureCookies,
        maxAge: SESSION_ABSOLUTE_MS / 1000,
      });
      return { csrfToken: result.csrfToken, beta: ctx.config.beta, twoFactor: result.twoFactor };
    },
  );
}

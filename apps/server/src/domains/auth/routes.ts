import {
  AcceptInvitationRequest,
  BroadcastRequest,
  BroadcastResponse,
  CodeInfoResponse,
  CodeParams,
  EmailRequest,
  ErrorBody,
  Locale,
  LoginRequest,
  LoginResponse,
  OkResponse,
  ResetPasswordRequest,
  SESSION_ABSOLUTE_MS,
  SESSION_COOKIE,
  SwitchAccountRequest,
  TwoFactorCodeRequest,
  TwoFactorDisableRequest,
  TwoFactorSetupResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf, sessionOf } from '../../platform/http';
import { roomAllowed } from '../../platform/realtime';
import * as auth from './service';

const ok = { ok: true as const };
const errors = {
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  409: ErrorBody,
  410: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
};

export function authRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const cookieOptions = {
    httpOnly: true,
    sameSite: 'lax' as const,
    path: '/',
    secure: ctx.config.secureCookies,
    maxAge: SESSION_ABSOLUTE_MS / 1000,
  };

  r.post(
    '/api/auth/login',
    {
      config: { auth: 'public', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: LoginRequest, response: { 200: LoginResponse, ...errors } },
    },
    async (request, reply) => {
      const result = await auth.login(ctx, request.body, request.ip);
      // A login replaces whatever session the browser had.
      if (request.session) await auth.logout(ctx, request.session);
      reply.setCookie(SESSION_COOKIE, result.token, cookieOptions);
      return { csrfToken: result.csrfToken, beta: result.beta, twoFactor: result.twoFactor };
    },
  );

  r.post(
    '/api/auth/logout',
    { config: { auth: 'pending' }, schema: { tags: ['auth'], response: { 200: OkResponse, ...errors } } },
    async (request, reply) => {
      await auth.logout(ctx, sessionOf(request));
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return ok;
    },
  );

  r.post(
    '/api/auth/password/forgot',
    {
      config: { auth: 'public', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: EmailRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.forgotPassword(ctx, request.body.email, request.body.locale);
      return ok;
    },
  );

  r.get(
    '/api/auth/codes/:code',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], params: CodeParams, response: { 200: CodeInfoResponse, ...errors } },
    },
    async (request) => auth.codeInfo(ctx, request.params.code),
  );

  r.post(
    '/api/auth/password/reset/:code',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        params: CodeParams,
        body: ResetPasswordRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await auth.resetPassword(ctx, request.params.code, request.body.password);
      return ok;
    },
  );

  r.post(
    '/api/auth/confirm-email/:code',
    {
      config: { auth: 'public' },
      schema: { tags: ['auth'], params: CodeParams, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.confirmEmail(ctx, request.params.code);
      return ok;
    },
  );

  r.post(
    '/api/auth/invitations/:code/accept',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['auth'],
        params: CodeParams,
        body: AcceptInvitationRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await auth.acceptInvitation(ctx, request.params.code, request.body);
      return ok;
    },
  );

  r.get(
    '/api/auth/2fa/setup',
    { config: { auth: 'pending' }, schema: { tags: ['auth'], response: { 200: TwoFactorSetupResponse, ...errors } } },
    async (request) => auth.beginTwoFactorSetup(ctx, sessionOf(request)),
  );

  r.post(
    '/api/auth/2fa/setup',
    {
      config: { auth: 'pending' },
      schema: { tags: ['auth'], body: TwoFactorCodeRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.completeTwoFactorSetup(ctx, sessionOf(request), request.body.code);
      return ok;
    },
  );

  r.post(
    '/api/auth/2fa/verify',
    {
      config: { auth: 'pending', rateLimit: { max: 10, timeWindow: '1 minute' } },
      schema: { tags: ['auth'], body: TwoFactorCodeRequest, response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.verifyTwoFactor(ctx, sessionOf(request), request.body.code, request.ip);
      return ok;
    },
  );

  r.delete(
    '/api/auth/2fa',
    { schema: { tags: ['auth'], body: TwoFactorDisableRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await auth.disableTwoFactor(ctx, actorOf(request), request.body.password);
      return ok;
    },
  );

  r.post(
    '/api/auth/broadcast',
    { schema: { tags: ['auth'], body: BroadcastRequest, response: { 200: BroadcastResponse, ...errors } } },
    async (request, reply) => {
      const allowed = await roomAllowed(ctx.owner, actorOf(request), request.body.room);
      if (!allowed) return reply.status(403).send({ code: 'FORBIDDEN', message: 'room not allowed' });
      return { auth: true };
    },
  );

  r.put(
    '/api/switch/account/:id',
    {
      schema: {
        tags: ['session'],
        params: z.object({ id: z.string().uuid() }),
        body: SwitchAccountRequest.optional(),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await auth.switchAccount(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  r.put(
    '/api/switch/locale/:lang',
    {
      config: { auth: 'pending' },
      schema: { tags: ['session'], params: z.object({ lang: Locale }), response: { 200: OkResponse, ...errors } },
    },
    async (request) => {
      await auth.switchLocale(ctx, sessionOf(request), request.params.lang);
      return ok;
    },
  );
}

import {
  ErrorBody,
  OkResponse,
  OnboardingRequest,
  SuperUserAccountQuery,
  SuperUserAccountsResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { confirmShadowWrite, searchAccounts, setOnboarding } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const ok = { ok: true as const };

/** The super user's account search and write access, and the member's guided tour. */
export function accessRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/superuser/accounts',
    {
      schema: {
        tags: ['session'],
        querystring: SuperUserAccountQuery,
        response: { 200: SuperUserAccountsResponse, ...errors },
      },
    },
    async (request) => searchAccounts(ctx, actorOf(request), request.query.q),
  );
  r.put(
    '/api/superuser/write',
    { schema: { tags: ['session'], response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await confirmShadowWrite(ctx, actorOf(request));
      return ok;
    },
  );
  r.put(
    '/api/memberships/:id/onboarding',
    {
      schema: {
        tags: ['members'],
        params: z.object({ id: z.string().uuid() }),
        body: OnboardingRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await setOnboarding(ctx, actorOf(request), request.params.id, request.body.onboarding);
      return ok;
    },
  );
}

import {
  ErrorBody,
  MembershipStatusRequest,
  OkResponse,
  OwnProfile,
  OwnProfileUpdate,
  PasswordChangeRequest,
  PreferenceRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { changeOwnPassword, getOwnProfile, updateOwnProfile } from './profile';
import { setMembershipStatus, setPreference } from './service';
import { teamRoutes } from './team-routes';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const ok = { ok: true as const };

export function memberRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  teamRoutes(app, ctx);
  r.put(
    '/api/memberships/:id/preferences',
    {
      schema: {
        tags: ['members'],
        params: IdParams,
        body: PreferenceRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await setPreference(ctx, actorOf(request), request.params.id, request.body.key, request.body.value);
      return ok;
    },
  );
  r.put(
    '/api/memberships/:id/status',
    {
      schema: {
        tags: ['members'],
        params: IdParams,
        body: MembershipStatusRequest,
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => {
      await setMembershipStatus(ctx, actorOf(request), request.params.id, request.body.status);
      return ok;
    },
  );
  r.get('/api/profile', { schema: { tags: ['profile'], response: { 200: OwnProfile, ...errors } } }, async (request) =>
    getOwnProfile(ctx, actorOf(request)),
  );
  r.put(
    '/api/profile',
    { schema: { tags: ['profile'], body: OwnProfileUpdate, response: { 200: OwnProfile, ...errors } } },
    async (request) => updateOwnProfile(ctx, actorOf(request), request.body),
  );
  r.put(
    '/api/profile/password',
    { schema: { tags: ['profile'], body: PasswordChangeRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await changeOwnPassword(ctx, actorOf(request), request.body.current, request.body.password);
      return ok;
    },
  );
}

import { ErrorBody, matching, OkResponse, WallScreenCreated, WallScreenState, WallScreenView } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createWallScreen, revokeWallScreen, wallScreenState } from './links';
import { readWallScreen } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function wallScreenRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['wall screen'];
  const params = z.object({ location: z.string().uuid() });
  r.get(
    '/api/locations/:location/wall-screen',
    { schema: { tags, params, response: { 200: WallScreenState, ...errors } } },
    async (request) => wallScreenState(ctx, actorOf(request), request.params.location),
  );
  r.post(
    '/api/locations/:location/wall-screen',
    { schema: { tags, params, response: { 200: WallScreenCreated, ...errors } } },
    async (request) => createWallScreen(ctx, actorOf(request), request.params.location),
  );
  r.delete(
    '/api/locations/:location/wall-screen',
    { schema: { tags, params, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await revokeWallScreen(ctx, actorOf(request), request.params.location);
      return { ok: true as const };
    },
  );

  // The screen in the staff room has no session: the secret in its address is the credential.
  r.get(
    '/api/wall-screens/:id/:token',
    {
      config: { auth: 'public' },
      schema: {
        tags,
        params: z.object({ id: z.string().uuid(), token: matching(/^[A-Za-z0-9_-]{20,64}$/) }),
        response: { 200: WallScreenView, 404: ErrorBody },
      },
    },
    async (request) => readWallScreen(ctx, request.params.id, request.params.token),
  );
}

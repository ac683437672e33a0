import { ErrorBody, ProfileTemplate, ProfileUpdate, ProfileView } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { readProfile, readTemplate, saveProfile, saveTemplate } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

export function profileRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['profiles'];
  r.get('/api/profile-template', { schema: { tags, response: { 200: ProfileTemplate, ...errors } } }, async (request) =>
    readTemplate(ctx, actorOf(request)),
  );
  r.put(
    '/api/profile-template',
    { schema: { tags, body: ProfileTemplate, response: { 200: ProfileTemplate, ...errors } } },
    async (request) => saveTemplate(ctx, actorOf(request), request.body),
  );
  const params = z.object({ id: z.string().uuid() });
  r.get(
    '/api/memberships/:id/profile',
    { schema: { tags, params, response: { 200: ProfileView, ...errors } } },
    async (request) => readProfile(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/memberships/:id/profile',
    { schema: { tags, params, body: ProfileUpdate, response: { 200: ProfileView, ...errors } } },
    async (request) => saveProfile(ctx, actorOf(request), request.params.id, request.body),
  );
}

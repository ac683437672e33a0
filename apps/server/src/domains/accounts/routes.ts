import { ErrorBody, ModuleKey, ModulesResponse, ModuleToggleRequest } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { listModules, setModule } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

export function accountRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/modules',
    { schema: { tags: ['modules'], response: { 200: ModulesResponse, ...errors } } },
    async (request) => listModules(ctx, actorOf(request)),
  );
  r.put(
    '/api/modules/:key',
    {
      schema: {
        tags: ['modules'],
        params: z.object({ key: ModuleKey }),
        body: ModuleToggleRequest,
        response: { 200: ModulesResponse, ...errors },
      },
    },
    async (request) => setModule(ctx, actorOf(request), request.params.key, request.body.active),
  );
}

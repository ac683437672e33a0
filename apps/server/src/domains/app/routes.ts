import { ErrorBody, InitResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf, memberOf, sessionOf } from '../../platform/http';
import { initJson } from './service';

export function appRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/app/init',
    { schema: { tags: ['app'], response: { 200: InitResponse, 401: ErrorBody, 503: ErrorBody } } },
    async (request, reply) => {
      const json = await initJson(ctx, actorOf(request), sessionOf(request), memberOf(request));
      // Already JSON, checked against InitResponse when it was built: Fastify sends a JSON string as it is.
      return reply.type('application/json; charset=utf-8').send(json as never);
    },
  );
}

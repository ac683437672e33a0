import { ErrorBody, OverviewResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { overview } from './service';

export function overviewRoutes(app: FastifyInstance, ctx: AppContext) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/overview',
      { schema: { tags: ['app'], response: { 200: OverviewResponse, 401: ErrorBody } } },
      async (request) => overview(ctx, actorOf(request)),
    );
}

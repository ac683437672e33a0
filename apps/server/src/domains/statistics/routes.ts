import { ErrorBody, StatisticsQuery, StatisticsResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { readStatistics } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Statistics (docs/product/reports.md; the call is ours; module statistics, accountants and owners). */
export function statisticsRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/statistics',
    {
      schema: { tags: ['statistics'], querystring: StatisticsQuery, response: { 200: StatisticsResponse, ...errors } },
    },
    async (request) => readStatistics(ctx, actorOf(request), request.query),
  );
}

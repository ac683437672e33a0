import { ActivityLogQuery, ActivityLogResponse, ErrorBody } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { readActivityLog } from './service';

export function activityLogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/activity-log',
    {
      schema: {
        tags: ['log'],
        querystring: ActivityLogQuery,
        response: { 200: ActivityLogResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => readActivityLog(ctx, actorOf(request), request.query),
  );
}

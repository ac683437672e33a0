import { ErrorBody, InboxQuery, InboxResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { readInbox } from './service';

export function inboxRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/inbox',
    {
      schema: {
        tags: ['inbox'],
        querystring: InboxQuery,
        response: { 200: InboxResponse, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody },
      },
    },
    async (request) => readInbox(ctx, actorOf(request), request.query),
  );
}

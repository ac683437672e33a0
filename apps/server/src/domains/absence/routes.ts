import {
  AvailabilityOverviewQuery,
  AvailabilityOverviewResponse,
  ErrorBody,
  SicknessCreateRequest,
  SicknessListResponse,
  SicknessQuery,
  SicknessResponse,
  SicknessUpdateRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { availabilityOverview } from './overview';
import { deleteSickness, listSickness, reportSickness, updateSickness } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const tags = ['sickness'];

/** Sickness records, and the planner view of availability (who is free on which day, who has entered nothing). */
export function absenceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/sickness',
    { schema: { tags, querystring: SicknessQuery, response: { 200: SicknessListResponse, ...errors } } },
    async (request) => listSickness(ctx, actorOf(request), request.query),
  );
  r.post(
    '/api/sickness',
    { schema: { tags, body: SicknessCreateRequest, response: { 200: SicknessResponse, ...errors } } },
    async (request) => reportSickness(ctx, actorOf(request), request.body),
  );
  r.put(
    '/api/sickness/:id',
    {
      schema: { tags, params: IdParams, body: SicknessUpdateRequest, response: { 200: SicknessResponse, ...errors } },
    },
    async (request) => updateSickness(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/sickness/:id',
    {
      schema: { tags, params: IdParams, response: { 200: z.object({ deleted: z.string() }), ...errors } },
    },
    async (request) => deleteSickness(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/availability/overview',
    {
      schema: {
        tags: ['availability'],
        querystring: AvailabilityOverviewQuery,
        response: { 200: AvailabilityOverviewResponse, ...errors },
      },
    },
    async (request) => availabilityOverview(ctx, actorOf(request), request.query),
  );
}

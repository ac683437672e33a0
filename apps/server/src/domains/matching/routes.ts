import {
  ErrorBody,
  MatchingApplyRequest,
  MatchingApplyResponse,
  MatchingRequest,
  MatchingResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { applyMatching, proposeMatching } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const LocationParams = z.object({ location: z.string().uuid() });

/** The matching wizard: a proposal for a period's open items, then applying the accepted part. */
export function matchingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/locations/:location/matching',
    {
      schema: {
        tags: ['matching'],
        params: LocationParams,
        body: MatchingRequest,
        response: { 200: MatchingResponse, ...errors },
      },
    },
    async (request) => proposeMatching(ctx, actorOf(request), request.params.location, request.body),
  );
  r.post(
    '/api/locations/:location/matching/apply',
    {
      schema: {
        tags: ['matching'],
        params: LocationParams,
        body: MatchingApplyRequest,
        response: { 200: MatchingApplyResponse, ...errors },
      },
    },
    async (request) => applyMatching(ctx, actorOf(request), request.params.location, request.body.assignments),
  );
}

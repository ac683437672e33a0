import {
  AutoRosterApplyRequest,
  AutoRosterApplyResponse,
  AutoRosterRequest,
  AutoRosterResponse,
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
import { applyAutoRoster, proposeAutoRoster } from './autoroster';
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

  // Auto-roster (docs/product/autoroster.md): plannings in the body; a planner who cancels closes the request, which
  // ends the solve.
  r.post(
    '/api/autoroster',
    { schema: { tags: ['matching'], body: AutoRosterRequest, response: { 200: AutoRosterResponse, ...errors } } },
    async (request, reply) => {
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return proposeAutoRoster(ctx, actorOf(request), request.body as Required<AutoRosterRequest>, controller.signal);
    },
  );
  r.post(
    '/api/autoroster/apply',
    {
      schema: {
        tags: ['matching'],
        body: AutoRosterApplyRequest,
        response: { 200: AutoRosterApplyResponse, ...errors },
      },
    },
    async (request) => applyAutoRoster(ctx, actorOf(request), request.body as Required<AutoRosterApplyRequest>),
  );
}

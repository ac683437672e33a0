import { ErrorBody, StaffingNeedsInput, StaffingNeedsResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { getStaffing, saveStaffing, staffingFromPresetOf } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const Params = z.object({ id: z.string().uuid() });
const tags = ['staffing'];

/** A planning's staffing needs: read, replace, and derive from the preset. */
export function staffingRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/locations/:id/staffing',
    { schema: { tags, params: Params, response: { 200: StaffingNeedsResponse, ...errors } } },
    async (request) => getStaffing(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/locations/:id/staffing',
    { schema: { tags, params: Params, body: StaffingNeedsInput, response: { 200: StaffingNeedsResponse, ...errors } } },
    async (request) => saveStaffing(ctx, actorOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/locations/:id/staffing/preset',
    { schema: { tags, params: Params, response: { 200: StaffingNeedsResponse, ...errors } } },
    async (request) => staffingFromPresetOf(ctx, actorOf(request), request.params.id),
  );
}

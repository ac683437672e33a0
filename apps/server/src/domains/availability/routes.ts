import {
  AvailabilityDefaultsRequest,
  AvailabilityDefaultsResponse,
  AvailabilityDeleteRequest,
  AvailabilityDeleteResponse,
  AvailabilityListResponse,
  AvailabilityQuery,
  AvailabilitySaveRequest,
  AvailabilitySaveResponse,
  AvailabilitySettings,
  AvailabilitySettingsUpdate,
  ErrorBody,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import {
  deleteAvailability,
  getAvailabilityDefaults,
  getAvailabilitySettings,
  listAvailability,
  saveAvailability,
  saveAvailabilityDefaults,
  updateAvailabilitySettings,
} from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const tags = ['availability'];

export function availabilityRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/availability',
    {
      config: { scope: 'availability.read' },
      schema: { tags, querystring: AvailabilityQuery, response: { 200: AvailabilityListResponse, ...errors } },
    },
    async (request) => listAvailability(ctx, actorOf(request), request.query),
  );
  r.put(
    '/api/availability',
    { schema: { tags, body: AvailabilitySaveRequest, response: { 200: AvailabilitySaveResponse, ...errors } } },
    async (request) => saveAvailability(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/availability',
    { schema: { tags, body: AvailabilityDeleteRequest, response: { 200: AvailabilityDeleteResponse, ...errors } } },
    async (request) => deleteAvailability(ctx, actorOf(request), request.body),
  );
  r.get(
    '/api/memberships/:id/availability-defaults',
    {
      config: { scope: 'availability.read' },
      schema: { tags, params: IdParams, response: { 200: AvailabilityDefaultsResponse, ...errors } },
    },
    async (request) => getAvailabilityDefaults(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/memberships/:id/availability-defaults',
    {
      schema: {
        tags,
        params: IdParams,
        body: AvailabilityDefaultsRequest,
        response: { 200: AvailabilityDefaultsResponse, ...errors },
      },
    },
    async (request) => saveAvailabilityDefaults(ctx, actorOf(request), request.params.id, request.body),
  );
  r.get(
    '/api/settings/availability',
    { schema: { tags: ['settings'], response: { 200: AvailabilitySettings, ...errors } } },
    async (request) => getAvailabilitySettings(ctx, actorOf(request)),
  );
  r.put(
    '/api/settings/availability',
    {
      schema: {
        tags: ['settings'],
        body: AvailabilitySettingsUpdate,
        response: { 200: AvailabilitySettings, ...errors },
      },
    },
    async (request) => updateAvailabilitySettings(ctx, actorOf(request), request.body),
  );
}

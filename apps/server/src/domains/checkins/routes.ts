import {
  CheckInRequest,
  CheckinBoardResponse,
  CheckinLocationResponse,
  CheckinLocationsResponse,
  CheckinResponse,
  CheckOutRequest,
  ErrorBody,
  MyCheckinsResponse,
  SetCoordinatesRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { nominatimGeocoder, setGeocoder } from './geocoder';
import { registerCheckinGuard } from './guard';
import { geocodeLocation, listPlaces, setCoordinates } from './locations';
import * as svc from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['checkins'];
const Params = z.object({ id: z.uuid() });

/**
 * Check-in calls (docs/product/checkins.md; the calls are ours: docs/architecture.md, "Check-ins"). Module checkins for
 * /api/checkins; the plannings' coordinates belong to the check-in settings page, which may be prepared first.
 */
export function checkinRoutes(app: FastifyInstance, ctx: AppContext) {
  registerCheckinGuard();
  if (ctx.config.geocoderUrl) setGeocoder(nominatimGeocoder(ctx.config.geocoderUrl));
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/checkins', { schema: { tags, response: { 200: CheckinBoardResponse, ...errors } } }, async (request) =>
    svc.board(ctx, actorOf(request)),
  );
  r.get('/api/checkins/mine', { schema: { tags, response: { 200: MyCheckinsResponse, ...errors } } }, async (request) =>
    svc.myCheckins(ctx, actorOf(request)),
  );
  r.post(
    '/api/checkins',
    { schema: { tags, body: CheckInRequest, response: { 200: CheckinResponse, ...errors } } },
    async (request) => svc.checkIn(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/checkins/:id/checkout',
    { schema: { tags, params: Params, body: CheckOutRequest, response: { 200: CheckinResponse, ...errors } } },
    async (request) => svc.checkOut(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/checkins/:id/supervisor-checkout',
    { schema: { tags, params: Params, response: { 200: CheckinResponse, ...errors } } },
    async (request) => svc.checkOutBySupervisor(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/settings/check-in/locations',
    { schema: { tags, response: { 200: CheckinLocationsResponse, ...errors } } },
    async (request) => listPlaces(ctx, actorOf(request)),
  );
  r.put(
    '/api/settings/check-in/locations/:id/coordinates',
    {
      schema: {
        tags,
        params: Params,
        body: SetCoordinatesRequest,
        response: { 200: CheckinLocationResponse, ...errors },
      },
    },
    async (request) => setCoordinates(ctx, actorOf(request), request.params.id, request.body),
  );
  r.post(
    '/api/settings/check-in/locations/:id/geocode',
    { schema: { tags, params: Params, response: { 200: CheckinLocationResponse, ...errors } } },
    async (request) => geocodeLocation(ctx, actorOf(request), request.params.id),
  );
}

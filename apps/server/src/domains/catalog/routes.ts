import {
  CatalogIdParams,
  ConfirmQuery,
  CostCentre,
  CostCentreCreate,
  CostCentresResponse,
  CostCentreUpdate,
  DutiesResponse,
  Duty,
  DutyCreate,
  DutyUpdate,
  ErrorBody,
  Holdings,
  Location,
  LocationCreate,
  LocationsResponse,
  LocationUpdate,
  OkResponse,
  Shift,
  ShiftCreate,
  ShiftsResponse,
  ShiftUpdate,
  Tag,
  TagInput,
  TagsResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createCostCentre, deleteCostCentre, getCostCentre, listCostCentres, updateCostCentre } from './costCentres';
import { createDuty, deleteDuty, getDuty, listDuties, updateDuty } from './duties';
import { getHoldings, setHoldings } from './holdings';
import { createLocation, deleteLocation, getLocation, listLocations, updateLocation } from './locations';
import { createShift, deleteShift, getShift, listShifts, updateShift } from './shifts';
import { createTag, deleteTag, getTag, listTags, updateTag } from './tags';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const ok = { ok: true as const };

/** Settings of the catalog: locations (plannings), duties, shifts, tags, cost centres, and members' holdings. */
export function catalogRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Locations (plannings)
  const locationTags = ['catalog: locations'];
  r.get(
    '/api/locations',
    {
      config: { scope: 'roster.read' },
      schema: { tags: locationTags, response: { 200: LocationsResponse, ...errors } },
    },
    async (request) => ({ locations: await listLocations(ctx, actorOf(request)) }),
  );
  r.get(
    '/api/locations/:id',
    {
      config: { scope: 'roster.read' },
      schema: { tags: locationTags, params: CatalogIdParams, response: { 200: Location, ...errors } },
    },
    async (request) => getLocation(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/locations',
    { schema: { tags: locationTags, body: LocationCreate, response: { 201: Location, ...errors } } },
    async (request, reply) => reply.code(201).send(await createLocation(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/locations/:id',
    {
      schema: {
        tags: locationTags,
        params: CatalogIdParams,
        querystring: ConfirmQuery,
        body: LocationUpdate,
        response: { 200: Location, ...errors },
      },
    },
    async (request) =>
      updateLocation(
        ctx,
        actorOf(request),
        request.params.id,
        request.body,
        request.query.confirmed === true || request.body.confirmed === true,
      ),
  );
  r.delete(
    '/api/locations/:id',
    { schema: { tags: locationTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteLocation(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Duties
  const dutyTags = ['catalog: duties'];
  r.get(
    '/api/duties',
    { config: { scope: 'roster.read' }, schema: { tags: dutyTags, response: { 200: DutiesResponse, ...errors } } },
    async (request) => ({ duties: await listDuties(ctx, actorOf(request)) }),
  );
  r.get(
    '/api/duties/:id',
    {
      config: { scope: 'roster.read' },
      schema: { tags: dutyTags, params: CatalogIdParams, response: { 200: Duty, ...errors } },
    },
    async (request) => getDuty(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/duties',
    { schema: { tags: dutyTags, body: DutyCreate, response: { 201: Duty, ...errors } } },
    async (request, reply) => reply.code(201).send(await createDuty(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/duties/:id',
    { schema: { tags: dutyTags, params: CatalogIdParams, body: DutyUpdate, response: { 200: Duty, ...errors } } },
    async (request) => updateDuty(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/duties/:id',
    { schema: { tags: dutyTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteDuty(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Shifts
  const shiftTags = ['catalog: shifts'];
  r.get(
    '/api/shifts',
    { config: { scope: 'roster.read' }, schema: { tags: shiftTags, response: { 200: ShiftsResponse, ...errors } } },
    async (request) => ({ shifts: await listShifts(ctx, actorOf(request)) }),
  );
  r.get(
    '/api/shifts/:id',
    {
      config: { scope: 'roster.read' },
      schema: { tags: shiftTags, params: CatalogIdParams, response: { 200: Shift, ...errors } },
    },
    async (request) => getShift(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/shifts',
    { schema: { tags: shiftTags, body: ShiftCreate, response: { 201: Shift, ...errors } } },
    async (request, reply) => reply.code(201).send(await createShift(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/shifts/:id',
    { schema: { tags: shiftTags, params: CatalogIdParams, body: ShiftUpdate, response: { 200: Shift, ...errors } } },
    async (request) => updateShift(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/shifts/:id',
    { schema: { tags: shiftTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteShift(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Tags
  const tagTags = ['catalog: tags'];
  r.get('/api/tags', { schema: { tags: tagTags, response: { 200: TagsResponse, ...errors } } }, async (request) => ({
    tags: await listTags(ctx, actorOf(request)),
  }));
  r.get(
    '/api/tags/:id',
    { schema: { tags: tagTags, params: CatalogIdParams, response: { 200: Tag, ...errors } } },
    async (request) => getTag(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/tags',
    { schema: { tags: tagTags, body: TagInput, response: { 201: Tag, ...errors } } },
    async (request, reply) => reply.code(201).send(await createTag(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/tags/:id',
    { schema: { tags: tagTags, params: CatalogIdParams, body: TagInput, response: { 200: Tag, ...errors } } },
    async (request) => updateTag(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/tags/:id',
    { schema: { tags: tagTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteTag(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Cost centres
  const costTags = ['catalog: cost centres'];
  r.get(
    '/api/cost-centres',
    { schema: { tags: costTags, response: { 200: CostCentresResponse, ...errors } } },
    async (request) => ({ costCentres: await listCostCentres(ctx, actorOf(request)) }),
  );
  r.get(
    '/api/cost-centres/:id',
    { schema: { tags: costTags, params: CatalogIdParams, response: { 200: CostCentre, ...errors } } },
    async (request) => getCostCentre(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/cost-centres',
    { schema: { tags: costTags, body: CostCentreCreate, response: { 201: CostCentre, ...errors } } },
    async (request, reply) => reply.code(201).send(await createCostCentre(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/cost-centres/:id',
    {
      schema: {
        tags: costTags,
        params: CatalogIdParams,
        body: CostCentreUpdate,
        response: { 200: CostCentre, ...errors },
      },
    },
    async (request) => updateCostCentre(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/cost-centres/:id',
    { schema: { tags: costTags, params: CatalogIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteCostCentre(ctx, actorOf(request), request.params.id);
      return ok;
    },
  );

  // Holdings of a membership
  const holdingTags = ['catalog: holdings'];
  r.get(
    '/api/memberships/:id/holdings',
    { schema: { tags: holdingTags, params: CatalogIdParams, response: { 200: Holdings, ...errors } } },
    async (request) => getHoldings(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/memberships/:id/holdings',
    {
      schema: { tags: holdingTags, params: CatalogIdParams, body: Holdings, response: { 200: Holdings, ...errors } },
    },
    async (request) => setHoldings(ctx, actorOf(request), request.params.id, request.body),
  );
}

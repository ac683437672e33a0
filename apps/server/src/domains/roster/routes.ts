import {
  CreateItemRequest,
  DutyRequest,
  ErrorBody,
  InternalRequest,
  ItemChangeResponse,
  NotesRequest,
  RosterQuery,
  RosterResponse,
  ShiftRequest,
  TagsRequest,
  TimesRequest,
  UserRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import * as editing from './editing';
import { loadRoster } from './load';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const IdParams = z.object({ id: z.string().uuid() });
const flag = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0'])])
  .optional()
  .transform((v) => v === true || v === 'true' || v === '1');
const ForceQuery = z.object({ force: flag, confirmed: z.string().optional() });
const change = { 200: ItemChangeResponse, ...errors };
const tags = ['roster'];

export function rosterRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/items',
    { schema: { tags, querystring: RosterQuery, response: { 200: RosterResponse, ...errors } } },
    async (request) => loadRoster(ctx, actorOf(request), request.query),
  );
  r.post('/api/items', { schema: { tags, body: CreateItemRequest, response: change } }, async (request) =>
    editing.createItem(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/items/:id',
    { schema: { tags, params: IdParams, querystring: ForceQuery, response: change } },
    async (request) => editing.deleteItem(ctx, actorOf(request), request.params.id),
  );
  r.put(
    '/api/items/:id/times',
    { schema: { tags, params: IdParams, body: TimesRequest, response: change } },
    async (request) => editing.setTimes(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/items/:id/times',
    { schema: { tags, params: IdParams, querystring: ForceQuery, response: change } },
    async (request) => editing.removeTimes(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/shift',
    { schema: { tags, params: IdParams, body: ShiftRequest, response: change } },
    async (request) =>
      editing.setShift(ctx, actorOf(request), request.params.id, request.body.shift, request.body.confirmed),
  );
  r.delete(
    '/api/items/:id/shift',
    { schema: { tags, params: IdParams, querystring: ForceQuery, response: change } },
    async (request) => editing.removeShift(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/duty',
    { schema: { tags, params: IdParams, body: DutyRequest, response: change } },
    async (request) => editing.setDuty(ctx, actorOf(request), request.params.id, request.body.duty),
  );
  r.put(
    '/api/items/:id/user',
    { schema: { tags, params: IdParams, body: UserRequest, response: change } },
    async (request) => editing.setUser(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/items/:id/user',
    { schema: { tags, params: IdParams, querystring: ForceQuery, response: change } },
    async (request) => editing.removeUser(ctx, actorOf(request), request.params.id, request.query.force),
  );
  r.put(
    '/api/items/:id/tags',
    { schema: { tags, params: IdParams, body: TagsRequest, response: change } },
    async (request) => editing.setTags(ctx, actorOf(request), request.params.id, request.body.tags),
  );
  r.put(
    '/api/items/:id/notes',
    { schema: { tags, params: IdParams, body: NotesRequest, response: change } },
    async (request) => editing.setNotes(ctx, actorOf(request), request.params.id, request.body.notes),
  );
  r.put(
    '/api/items/:id/internal',
    { schema: { tags, params: IdParams, body: InternalRequest, response: change } },
    async (request) => editing.setInternal(ctx, actorOf(request), request.params.id, request.body.internal),
  );
}

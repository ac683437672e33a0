import {
  BulkFillRequest,
  BulkPasteRequest,
  BulkResponse,
  BulkSelection,
  CopyWeekPreview,
  CopyWeekQuery,
  CopyWeekRequest,
  CopyWeekResponse,
  ErrorBody,
  PresetApplyRequest,
  PresetApplyResponse,
  PresetSaveRequest,
  PresetSaveResponse,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import * as bulk from './bulk';
import { copyWeek, previewCopyWeek } from './copyWeek';
import { applyPreset, savePreset } from './presets';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['roster'];
const result = { 200: BulkResponse, ...errors };
const LocationParams = z.object({ location: z.string().uuid() });

/** Bulk actions on a selection of items, copying last week, and preset templates: each one transaction. */
export function rosterBulkRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post('/api/items/bulk/paste', { schema: { tags, body: BulkPasteRequest, response: result } }, async (request) =>
    bulk.paste(ctx, actorOf(request), request.body),
  );
  r.post('/api/items/bulk/duplicate', { schema: { tags, body: BulkSelection, response: result } }, async (request) =>
    bulk.duplicate(ctx, actorOf(request), request.body.items),
  );
  r.post('/api/items/bulk/fill', { schema: { tags, body: BulkFillRequest, response: result } }, async (request) =>
    bulk.fill(ctx, actorOf(request), request.body),
  );
  r.post('/api/items/bulk/empty', { schema: { tags, body: BulkSelection, response: result } }, async (request) =>
    bulk.empty(ctx, actorOf(request), request.body.items),
  );
  r.post('/api/items/bulk/delete', { schema: { tags, body: BulkSelection, response: result } }, async (request) =>
    bulk.remove(ctx, actorOf(request), request.body.items),
  );
  r.put(
    '/api/locations/:location/preset',
    {
      schema: {
        tags,
        params: LocationParams,
        body: PresetSaveRequest,
        response: { 200: PresetSaveResponse, ...errors },
      },
    },
    async (request) => savePreset(ctx, actorOf(request), request.params.location, request.body),
  );
  r.post(
    '/api/locations/:location/preset/apply',
    {
      schema: {
        tags,
        params: LocationParams,
        body: PresetApplyRequest,
        response: { 200: PresetApplyResponse, ...errors },
      },
    },
    async (request) => applyPreset(ctx, actorOf(request), request.params.location, request.body),
  );
  r.get(
    '/api/locations/:location/copy-week',
    {
      schema: {
        tags,
        params: LocationParams,
        querystring: CopyWeekQuery,
        response: { 200: CopyWeekPreview, ...errors },
      },
    },
    async (request) => previewCopyWeek(ctx, actorOf(request), request.params.location, request.query.date),
  );
  r.post(
    '/api/locations/:location/copy-week',
    {
      schema: {
        tags,
        params: LocationParams,
        body: CopyWeekRequest,
        response: { 200: CopyWeekResponse, ...errors },
      },
    },
    async (request) => copyWeek(ctx, actorOf(request), request.params.location, request.body.date),
  );
}

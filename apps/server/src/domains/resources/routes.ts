import {
  ErrorBody,
  OkResponse,
  Resource,
  ResourceCreate,
  ResourceIdParams,
  ResourcesQuery,
  ResourcesResponse,
  ResourceUpdate,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createResource, deleteResource, getResource, listResources, updateResource } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** Vehicles and equipment (docs/product/resources.md). */
export function resourceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['resources'];
  r.get(
    '/api/resources',
    { schema: { tags, querystring: ResourcesQuery, response: { 200: ResourcesResponse, ...errors } } },
    async (request) => ({ resources: await listResources(ctx, actorOf(request), request.query) }),
  );
  r.get(
    '/api/resources/:id',
    { schema: { tags, params: ResourceIdParams, response: { 200: Resource, ...errors } } },
    async (request) => getResource(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/resources',
    { schema: { tags, body: ResourceCreate, response: { 201: Resource, ...errors } } },
    async (request, reply) => reply.code(201).send(await createResource(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/resources/:id',
    { schema: { tags, params: ResourceIdParams, body: ResourceUpdate, response: { 200: Resource, ...errors } } },
    async (request) => updateResource(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/resources/:id',
    { schema: { tags, params: ResourceIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteResource(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

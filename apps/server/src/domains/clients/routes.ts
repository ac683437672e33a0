import {
  Client,
  ClientCreate,
  ClientIdParams,
  ClientsQuery,
  ClientsResponse,
  ClientUpdate,
  ErrorBody,
  OkResponse,
  PlanningOverview,
  PlanningOverviewQuery,
  Project,
  ProjectCreate,
  ProjectsQuery,
  ProjectsResponse,
  ProjectUpdate,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createClient, deleteClient, getClient, listClients, updateClient } from './clients';
import { planningOverview } from './overview';
import { createProject, deleteProject, getProject, listProjects, updateProject } from './projects';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };

/** Clients and their projects (docs/product/clients.md). */
export function clientRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const clientTags = ['clients'];
  r.get(
    '/api/clients',
    { schema: { tags: clientTags, querystring: ClientsQuery, response: { 200: ClientsResponse, ...errors } } },
    async (request) => ({ clients: await listClients(ctx, actorOf(request), request.query) }),
  );
  r.get(
    '/api/clients/:id',
    { schema: { tags: clientTags, params: ClientIdParams, response: { 200: Client, ...errors } } },
    async (request) => getClient(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/clients',
    { schema: { tags: clientTags, body: ClientCreate, response: { 201: Client, ...errors } } },
    async (request, reply) => reply.code(201).send(await createClient(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/clients/:id',
    { schema: { tags: clientTags, params: ClientIdParams, body: ClientUpdate, response: { 200: Client, ...errors } } },
    async (request) => updateClient(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/clients/:id',
    { schema: { tags: clientTags, params: ClientIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteClient(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/planning/overview',
    {
      schema: {
        tags: ['planning'],
        querystring: PlanningOverviewQuery,
        response: { 200: PlanningOverview, ...errors },
      },
    },
    async (request) => planningOverview(ctx, actorOf(request), request.query),
  );

  const projectTags = ['projects'];
  r.get(
    '/api/projects',
    { schema: { tags: projectTags, querystring: ProjectsQuery, response: { 200: ProjectsResponse, ...errors } } },
    async (request) => ({ projects: await listProjects(ctx, actorOf(request), request.query) }),
  );
  r.get(
    '/api/projects/:id',
    { schema: { tags: projectTags, params: ClientIdParams, response: { 200: Project, ...errors } } },
    async (request) => getProject(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/projects',
    { schema: { tags: projectTags, body: ProjectCreate, response: { 201: Project, ...errors } } },
    async (request, reply) => reply.code(201).send(await createProject(ctx, actorOf(request), request.body)),
  );
  r.put(
    '/api/projects/:id',
    {
      schema: { tags: projectTags, params: ClientIdParams, body: ProjectUpdate, response: { 200: Project, ...errors } },
    },
    async (request) => updateProject(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/projects/:id',
    { schema: { tags: projectTags, params: ClientIdParams, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteProject(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
}

import {
  ApiTokenCreated,
  ApiTokensResponse,
  CreateApiTokenRequest,
  ErrorBody,
  OkResponse,
  WebhookCreated,
  WebhookDeliveriesResponse,
  WebhookEndpoint,
  WebhookEndpointsResponse,
  WebhookRequest,
  WebhookTestResult,
  WebhookUpdateRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createToken, listTokens, revokeToken } from './tokens';
import { createWebhook, deleteWebhook, listWebhooks, testWebhook, updateWebhook, webhookDeliveryLog } from './webhooks';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const params = z.object({ id: z.string().uuid() });

/** Tokens and webhooks are managed in the app only: none of these routes declares a scope, so tokens are refused. */
export function apiRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['api'];
  r.get('/api/tokens', { schema: { tags, response: { 200: ApiTokensResponse, ...errors } } }, async (request) =>
    listTokens(ctx, actorOf(request)),
  );
  r.post(
    '/api/tokens',
    { schema: { tags, body: CreateApiTokenRequest, response: { 200: ApiTokenCreated, ...errors } } },
    async (request) => createToken(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/tokens/:id',
    { schema: { tags, params, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await revokeToken(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );

  r.get(
    '/api/webhooks',
    { schema: { tags, response: { 200: WebhookEndpointsResponse, ...errors } } },
    async (request) => listWebhooks(ctx, actorOf(request)),
  );
  r.post(
    '/api/webhooks',
    { schema: { tags, body: WebhookRequest, response: { 200: WebhookCreated, ...errors } } },
    async (request) => createWebhook(ctx, actorOf(request), request.body),
  );
  r.put(
    '/api/webhooks/:id',
    { schema: { tags, params, body: WebhookUpdateRequest, response: { 200: WebhookEndpoint, ...errors } } },
    async (request) => updateWebhook(ctx, actorOf(request), request.params.id, request.body),
  );
  r.delete(
    '/api/webhooks/:id',
    { schema: { tags, params, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await deleteWebhook(ctx, actorOf(request), request.params.id);
      return { ok: true as const };
    },
  );
  r.get(
    '/api/webhooks/:id/deliveries',
    { schema: { tags, params, response: { 200: WebhookDeliveriesResponse, ...errors } } },
    async (request) => webhookDeliveryLog(ctx, actorOf(request), request.params.id),
  );
  r.post(
    '/api/webhooks/:id/test',
    { schema: { tags, params, response: { 200: WebhookTestResult, ...errors } } },
    async (request) => testWebhook(ctx, actorOf(request), request.params.id),
  );
}

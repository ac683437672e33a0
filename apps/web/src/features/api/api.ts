import {
  ApiTokenCreated,
  ApiTokensResponse,
  type CreateApiTokenRequest,
  WebhookCreated,
  WebhookDeliveriesResponse,
  WebhookEndpoint,
  WebhookEndpointsResponse,
  type WebhookRequest,
  WebhookTestResult,
  type WebhookUpdateRequest,
} from '@app/contracts';
import { queryOptions } from '@tanstack/react-query';
import { apiVoid, get, post, put } from '../../app/api';

/** Access tokens and webhooks (docs/product/api.md): the keys and calls of the API page. */
export const apiKeys = {
  all: ['api'] as const,
  tokens: () => [...apiKeys.all, 'tokens'] as const,
  webhooks: () => [...apiKeys.all, 'webhooks'] as const,
  deliveries: (id: string) => [...apiKeys.all, 'webhooks', id, 'deliveries'] as const,
};

export const tokensQuery = queryOptions({
  queryKey: apiKeys.tokens(),
  queryFn: () => get(ApiTokensResponse, '/api/tokens'),
});

export const webhooksQuery = queryOptions({
  queryKey: apiKeys.webhooks(),
  queryFn: () => get(WebhookEndpointsResponse, '/api/webhooks'),
});

export const deliveriesQuery = (id: string) =>
  queryOptions({
    queryKey: apiKeys.deliveries(id),
    queryFn: () => get(WebhookDeliveriesResponse, `/api/webhooks/${id}/deliveries`),
    // Retries happen in the background: the log follows them while it is open.
    refetchInterval: 15_000,
  });

export const createToken = (body: CreateApiTokenRequest) => post(ApiTokenCreated, '/api/tokens', body);
export const revokeToken = (id: string) => apiVoid('DELETE', `/api/tokens/${id}`);
export const createWebhook = (body: WebhookRequest) => post(WebhookCreated, '/api/webhooks', body);
export const updateWebhook = (id: string, body: WebhookUpdateRequest) =>
  put(WebhookEndpoint, `/api/webhooks/${id}`, body);
export const deleteWebhook = (id: string) => apiVoid('DELETE', `/api/webhooks/${id}`);
export const testWebhook = (id: string) => post(WebhookTestResult, `/api/webhooks/${id}/test`);

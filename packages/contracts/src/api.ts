import { z } from 'zod';
import { line, name } from './inputs';
import { IsoDate, ReleaseResponse, RosterItem } from './roster';

/**
 * The public API (docs/product/api.md): access tokens with scopes, and webhooks signed per the Standard Webhooks
 * convention.
 */

/** What a token may be used for. Each route callable with a token declares the one scope it needs. */
export const API_SCOPES = [
  'roster.read',
  'roster.write',
  'hours.read',
  'hours.approve',
  'members.read',
  'vacation.read',
  'vacation.decide',
  'availability.read',
] as const;
export const ApiScope = z.enum(API_SCOPES);
export type ApiScope = z.infer<typeof ApiScope>;

/** A personal token acts as the member who made it; an integration token as the owner who made it, for the account. */
export const API_TOKEN_KINDS = ['personal', 'integration'] as const;
export const ApiTokenKind = z.enum(API_TOKEN_KINDS);
export type ApiTokenKind = z.infer<typeof ApiTokenKind>;

/** How long a token may live: a year at most, so a forgotten one ends by itself. */
export const API_TOKEN_MAX_DAYS = 365;
/** Calls one token may make per minute (the default of API_TOKEN_RATE_LIMIT). */
export const API_TOKEN_RATE_PER_MINUTE = 120;
/** The prefix every token starts with, so secret scanners recognise a leaked one. */
export const API_TOKEN_PREFIX = 'rst_';
/** The versioned prefix that aliases every call tokens may make: `/api/v1/items` is `/api/items`. */
export const API_VERSION_PREFIX = '/api/v1';
/** The OpenAPI extension naming the scope an operation needs (absent: tokens are refused). */
export const TOKEN_SCOPE_MARK = 'x-token-scope';

export const CreateApiTokenRequest = z.object({
  kind: ApiTokenKind,
  name: name(80),
  scopes: z.array(ApiScope).min(1, 'validation.required').max(API_SCOPES.length),
  expiresInDays: z.number().int().min(1).max(API_TOKEN_MAX_DAYS),
});
export type CreateApiTokenRequest = z.infer<typeof CreateApiTokenRequest>;

export const ApiToken = z.object({
  id: z.string(),
  kind: ApiTokenKind,
  name: z.string(),
  /** The first characters of the secret, to tell tokens apart; never the secret. */
  prefix: z.string(),
  scopes: z.array(ApiScope),
  /** Who the token acts as. */
  owner: z.string(),
  createdAt: z.string(),
  expiresAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const ApiTokensResponse = z.object({
  personal: z.array(ApiToken),
  /** The account's integration tokens: owners only (empty for others). */
  integration: z.array(ApiToken),
});
export type ApiTokensResponse = z.infer<typeof ApiTokensResponse>;

/** A new token: the secret appears here once and is never shown again. */
export const ApiTokenCreated = z.object({ token: ApiToken, secret: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;

const ItemRef = RosterItem.pick({ id: true, location: true, date: true });

/**
 * The events a webhook may hear, with the schema of each payload. Adding an event is one line here and one
 * `recordWebhook` call in the command that makes the change.
 */
export const WEBHOOK_EVENT_PAYLOADS = {
  'roster.released': ReleaseResponse.extend({ location: z.string() }),
  'item.created': ItemRef,
  'item.changed': ItemRef,
  'item.deleted': ItemRef,
  'item.applied': ItemRef.extend({ member: z.string() }),
  'item.signedOut': ItemRef.extend({ member: z.string() }),
  /** A swap or offer decided (approved at once or by a planner, or denied): who gives which duty to whom. */
  'swap.decided': z.object({
    id: z.string(),
    status: z.enum(['approved', 'denied']),
    item: z.string(),
    wanted: z.string().nullable(),
    from: z.string(),
    to: z.string(),
  }),
  'hours.approved': z.object({ id: z.string(), member: z.string(), date: IsoDate }),
  'vacation.decided': z.object({ id: z.string(), member: z.string(), state: z.string() }),
  'member.created': z.object({ id: z.string() }),
  'member.deactivated': z.object({ id: z.string() }),
  /** Sent by the "send test" button only. */
  'webhook.test': z.object({ endpoint: z.string() }),
} as const;
export type WebhookEventName = keyof typeof WEBHOOK_EVENT_PAYLOADS;
export type WebhookPayloads = { [E in WebhookEventName]: z.infer<(typeof WEBHOOK_EVENT_PAYLOADS)[E]> };
/** The events an endpoint may subscribe to (the test event goes to every endpoint asked). */
export const WEBHOOK_EVENTS = (Object.keys(WEBHOOK_EVENT_PAYLOADS) as WebhookEventName[]).filter(
  (e) => e !== 'webhook.test',
);
export const WebhookEvent = z.enum(WEBHOOK_EVENTS as [WebhookEventName, ...WebhookEventName[]]);

/** The body every delivery posts: the event's type, when it happened, and its payload. */
export const WebhookBody = z.object({
  type: z.string(),
  timestamp: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type WebhookBody = z.infer<typeof WebhookBody>;

/** Tries of one delivery before it counts as failed; the waits between them grow (docs/product/api.md). */
export const WEBHOOK_RETRY_MINUTES = [1, 5, 30, 120, 360, 720, 1440] as const;
export const WEBHOOK_MAX_ATTEMPTS = WEBHOOK_RETRY_MINUTES.length + 1;

export const WebhookRequest = z.object({
  /** Checked by the server's guard too: https, a public address, no credentials (docs/product/api.md). */
  url: line(2000).min(1, 'validation.required'),
  description: line(200),
  events: z.array(WebhookEvent).min(1, 'validation.required').max(WEBHOOK_EVENTS.length),
});
export type WebhookRequest = z.infer<typeof WebhookRequest>;

export const WebhookUpdateRequest = WebhookRequest.extend({ enabled: z.boolean() });
export type WebhookUpdateRequest = z.infer<typeof WebhookUpdateRequest>;

export const WebhookEndpoint = z.object({
  id: z.string(),
  url: z.string(),
  description: z.string(),
  events: z.array(WebhookEvent),
  enabled: z.boolean(),
  /** Why it is off: the server switched it off after failing deliveries, or an owner did. */
  disabledReason: z.enum(['failures', 'owner']).nullable(),
  createdAt: z.string(),
  lastSuccessAt: z.string().nullable(),
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpointsResponse = z.array(WebhookEndpoint);

/** A new endpoint and its signing secret (`whsec_…`), shown once. */
export const WebhookCreated = z.object({ endpoint: WebhookEndpoint, secret: z.string() });
export type WebhookCreated = z.infer<typeof WebhookCreated>;

export const WebhookDelivery = z.object({
  id: z.string(),
  messageId: z.string(),
  event: z.string(),
  status: z.enum(['pending', 'delivered', 'failed']),
  attempts: z.number().int(),
  /** The receiver's HTTP status of the last try; null when it could not be reached. */
  responseStatus: z.number().int().nullable(),
  createdAt: z.string(),
  lastAttemptAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
export const WebhookDeliveriesResponse = z.array(WebhookDelivery);

/** What the test delivery got: the receiver's status, or null when it could not be reached. */
export const WebhookTestResult = z.object({ ok: z.boolean(), responseStatus: z.number().int().nullable() });
export type WebhookTestResult = z.infer<typeof WebhookTestResult>;

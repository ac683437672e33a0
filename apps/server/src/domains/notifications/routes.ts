import {
  ErrorBody,
  MarkNotificationsRequest,
  MarkNotificationsResponse,
  NotificationSettings,
  NotificationSettingsResponse,
  NotificationsQuery,
  NotificationsResponse,
  OkResponse,
  PushSubscriptionRequest,
  PushUnsubscribeRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import * as service from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };
const tags = ['notifications'];

/** The member's own notifications: the header's panel, the settings page, this browser's push subscription. */
export function notificationRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/notifications',
    { schema: { tags, querystring: NotificationsQuery, response: { 200: NotificationsResponse, ...errors } } },
    async (request) => service.listNotifications(ctx, actorOf(request), request.query),
  );
  r.put(
    '/api/notifications/read',
    {
      schema: {
        tags,
        body: MarkNotificationsRequest,
        response: { 200: MarkNotificationsResponse, ...errors },
      },
    },
    async (request) => service.markRead(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/notifications/:id',
    { schema: { tags, params: z.object({ id: z.string().uuid() }), response: { 200: OkResponse, ...errors } } },
    async (request) => service.removeNotification(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/notifications/settings',
    { schema: { tags, response: { 200: NotificationSettingsResponse, ...errors } } },
    async (request) => service.getSettings(ctx, actorOf(request)),
  );
  r.put(
    '/api/notifications/settings',
    { schema: { tags, body: NotificationSettings, response: { 200: NotificationSettingsResponse, ...errors } } },
    async (request) => service.putSettings(ctx, actorOf(request), request.body),
  );
  r.post(
    '/api/notifications/push',
    { schema: { tags, body: PushSubscriptionRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => service.subscribePush(ctx, actorOf(request), request.body),
  );
  r.delete(
    '/api/notifications/push',
    { schema: { tags, body: PushUnsubscribeRequest, response: { 200: OkResponse, ...errors } } },
    async (request) => service.unsubscribePush(ctx, actorOf(request), request.body.endpoint),
  );
}

import { CalendarFeedCreated, CalendarFeedState, ErrorBody, matching, OkResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { createFeed, createPlanningFeed, feedState, planningFeedState, revokeFeed, revokePlanningFeed } from './feeds';
import { renderFeed } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };

export function calendarRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['calendar'];
  r.get('/api/calendar-feed', { schema: { tags, response: { 200: CalendarFeedState, ...errors } } }, async (request) =>
    feedState(ctx, actorOf(request)),
  );
  r.post(
    '/api/calendar-feed',
    { schema: { tags, response: { 200: CalendarFeedCreated, ...errors } } },
    async (request) => createFeed(ctx, actorOf(request)),
  );
  r.delete('/api/calendar-feed', { schema: { tags, response: { 200: OkResponse, ...errors } } }, async (request) => {
    await revokeFeed(ctx, actorOf(request));
    return { ok: true as const };
  });

  // A planning's feed, for the people who plan it (docs/product/roster.md, "Calendar feeds").
  const params = z.object({ location: z.string().uuid() });
  r.get(
    '/api/locations/:location/calendar-feed',
    { schema: { tags, params, response: { 200: CalendarFeedState, ...errors } } },
    async (request) => planningFeedState(ctx, actorOf(request), request.params.location),
  );
  r.post(
    '/api/locations/:location/calendar-feed',
    { schema: { tags, params, response: { 200: CalendarFeedCreated, ...errors } } },
    async (request) => createPlanningFeed(ctx, actorOf(request), request.params.location),
  );
  r.delete(
    '/api/locations/:location/calendar-feed',
    { schema: { tags, params, response: { 200: OkResponse, ...errors } } },
    async (request) => {
      await revokePlanningFeed(ctx, actorOf(request), request.params.location);
      return { ok: true as const };
    },
  );

  // Calendar apps fetch this without a session: the secret in the path is the credential.
  r.get(
    '/api/ical/:token',
    {
      config: { auth: 'public' },
      schema: { tags, params: z.object({ token: matching(/^[A-Za-z0-9_-]{20,64}\.ics$/) }) },
    },
    async (request, reply) => {
      const body = await renderFeed(ctx, request.params.token.replace(/\.ics$/, ''));
      return reply.type('text/calendar; charset=utf-8').header('cache-control', 'private, max-age=300').send(body);
    },
  );
}

import { CalendarParams, CalendarResponse, ErrorBody, LessonsResponse, matching, OkResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf, readerOf } from '../../platform/http';
import { calendarMonth, listLessons, viewLesson } from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 422: ErrorBody };

/** Help lessons and the month calendar of docs/product/notifications.md. */
export function lessonRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/lessons',
    { schema: { tags: ['help'], response: { 200: LessonsResponse, ...errors } } },
    async (request) => listLessons(ctx, readerOf(request)),
  );
  r.put(
    '/api/lessons/:id/view',
    {
      schema: {
        tags: ['help'],
        params: z.object({ id: matching(/^[a-z0-9-]{1,60}$/) }),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) => viewLesson(ctx, actorOf(request), request.params.id),
  );
  r.get(
    '/api/calendar/:month/:year',
    { schema: { tags: ['calendar'], params: CalendarParams, response: { 200: CalendarResponse, ...errors } } },
    async (request) => calendarMonth(ctx, actorOf(request), request.params.month, request.params.year),
  );
}

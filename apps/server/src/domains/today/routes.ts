import { ErrorBody, NextStepsResponse, TodayResponse } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import { readNextSteps } from './next-steps';
import { readToday } from './service';

export function todayRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/today',
    { schema: { tags: ['today'], response: { 200: TodayResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request) => readToday(ctx, actorOf(request)),
  );
  r.get(
    '/api/next-steps',
    { schema: { tags: ['overview'], response: { 200: NextStepsResponse, 401: ErrorBody, 403: ErrorBody } } },
    async (request) => readNextSteps(ctx, actorOf(request)),
  );
}

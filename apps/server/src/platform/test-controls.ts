import { ErrorBody, email, line, OkResponse } from '@app/contracts';
import { clockFrom, now, setClock } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { users } from '../db/schema';
import type { AppContext } from './context';
import { AppError } from './errors';
import type { Jobs } from './jobs';

/**
 * Controls for the browser flows (E2E_CONTROLS=1, refused in production by config.ts): move the server's clock
 * forward, as a month passing would, run a scheduled job now instead of at its hour, and make a person an operator
 * (super user), as operators are made by hand on a real server. Registered only when the
 * flag is on, so a normal server has no such routes at all.
 */
export function testControlRoutes(app: FastifyInstance, ctx: AppContext, jobs: Jobs, clockStart?: string) {
  // A flow tried at a given hour (E2E_CLOCK_START): the clock starts there and runs on.
  if (clockStart) setClock(clockFrom(clockStart));
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/test/clock',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['test'],
        body: z.object({ days: z.number().int().min(0).max(400) }),
        response: { 200: z.object({ now: z.string() }) },
      },
    },
    async (request) => {
      setClock(clockFrom(new Date(now().getTime() + request.body.days * 24 * 60 * 60 * 1000)));
      return { now: now().toISOString() };
    },
  );
  r.post(
    '/api/test/jobs/:name',
    {
      config: { auth: 'public' },
      schema: { tags: ['test'], params: z.object({ name: line(80) }), response: { 200: OkResponse, 404: ErrorBody } },
    },
    async (request) => {
      try {
        await jobs.runNow(request.params.name);
      } catch (error) {
        if (error instanceof Error && error.message.startsWith('no job')) throw new AppError('NOT_FOUND');
        throw error;
      }
      return { ok: true as const };
    },
  );
  r.post(
    '/api/test/super-user',
    {
      config: { auth: 'public' },
      schema: { tags: ['test'], body: z.object({ email: email() }), response: { 200: OkResponse, 404: ErrorBody } },
    },
    async (request) => {
      const made = await ctx.owner
        .update(users)
        .set({ superUser: true })
        .where(eq(users.email, request.body.email))
        .returning({ id: users.id });
      if (!made.length) throw new AppError('NOT_FOUND');
      return { ok: true as const };
    },
  );
}

import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import type { AppContext } from './context';
import type { RedisLink } from './redis';

/** How long the health check waits for the database's answer. */
const PROBE_MS = 3_000;

const Health = z.object({
  /** The process answers. */
  ok: z.literal(true),
  version: z.string(),
  /** `degraded` while a part is away: the server serves what it can (see `warnings`). */
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['up', 'away']),
  /** `off` without REDIS_URL. */
  redis: z.enum(['up', 'away', 'off']),
  /** For operators, in English: what is away and what that means for this instance. */
  warnings: z.array(z.string()),
});

async function databaseAnswers(database: Database): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), PROBE_MS);
  });
  const probe = database.executeSql('select 1').then(
    () => true,
    () => false,
  );
  try {
    return await Promise.race([probe, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * `GET /api/health`: 200 while the process serves, with what is degraded. A stopping server answers 503
 * `SHUTTING_DOWN` (platform/drain.ts), so a load balancer takes it out of rotation.
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext, parts: { database: Database; redis: RedisLink }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      '/api/health',
      { config: { auth: 'public' }, schema: { tags: ['app'], response: { 200: Health } } },
      async () => {
        const database = (await databaseAnswers(parts.database)) ? ('up' as const) : ('away' as const);
        const redis = parts.redis.state;
        const warnings: string[] = [];
        if (database === 'away')
          warnings.push('the database does not answer: requests that need it answer 503 DATABASE_UNAVAILABLE');
        if (redis === 'away')
          warnings.push(
            `Redis at ${parts.redis.address} is away: realtime reaches this instance's sockets only and rate limits count in memory`,
          );
        return {
          ok: true as const,
          version: ctx.version,
          status: warnings.length > 0 ? ('degraded' as const) : ('ok' as const),
          database,
          redis,
          warnings,
        };
      },
    );
}

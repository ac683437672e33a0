import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { loggableError } from './log-safe';

/** What a job does with its payloads; throwing retries it (with backoff) up to its retry limit. */
export type JobHandler = (payloads: unknown[]) => Promise<void>;

export interface JobDefinition {
  name: string;
  handle: JobHandler;
  /** A cron expression (in UTC) when the job also runs on a schedule: one run per tick across all instances. */
  cron?: string;
  retryLimit?: number;
}

export interface Jobs {
  /** Queues one run of a job per payload, in one round trip. Before `start` (or when off) nothing is queued. */
  send(name: string, payloads: object[]): Promise<void>;
  /** Runs a job's handler here and now with the given payloads, outside the queue (the browser flows' controls). */
  runNow(name: string, payloads?: object[]): Promise<void>;
  readonly running: boolean;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Work that need not finish inside a request, on pg-boss in the database we already have: mail delivery, pruning,
 * later reminders. Every instance works the queues; `SKIP LOCKED` gives each job to exactly one of them, and a
 * schedule fires once per tick however many instances run. On PGlite pg-boss speaks through `executeSql` (the one
 * embedded connection); on PostgreSQL through the same pool as the app.
 */
export function createJobs(opts: { database: Database; log: FastifyBaseLogger; definitions: JobDefinition[] }): Jobs {
  let boss: PgBoss | null = null;
  return {
    get running() {
      return boss !== null;
    },
    async send(name, payloads) {
      if (!boss || payloads.length === 0) return;
      await boss.insert(payloads.map((data) => ({ name, data })));
    },
    async runNow(name, payloads = [{}]) {
      const job = opts.definitions.find((d) => d.name === name);
      if (!job) throw new Error(`no job ${name}`);
      await job.handle(payloads);
    },
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        db: { executeSql: (text, values) => opts.database.executeSql(text, values) },
        schema: 'jobs',
        // Workers poll every second: mail leaves within a second or two of the request that wrote it.
        monitorStateIntervalSeconds: 60,
      });
      instance.on('error', (error) => opts.log.warn({ error: loggableError(error) }, 'job queue error'));
      await instance.start();
      for (const job of opts.definitions) {
        await instance.createQueue(job.name, {
          name: job.name,
          retryLimit: job.retryLimit ?? 5,
          retryDelay: 10,
          retryBackoff: true,
          expireInSeconds: 5 * 60,
        });
        await instance.work(job.name, { pollingIntervalSeconds: 1, batchSize: 20 }, async (batch) => {
          await job.handle(batch.map((j) => j.data));
        });
        if (job.cron) await instance.schedule(job.name, job.cron);
        else await instance.unschedule(job.name).catch(() => undefined);
      }
      boss = instance;
    },
    async stop() {
      const instance = boss;
      boss = null;
      await instance?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

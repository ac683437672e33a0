import type { JobName, JobPayloads } from '@app/contracts';
import type { FastifyBaseLogger } from 'fastify';
import PgBoss from 'pg-boss';
import type { Database } from '../db/client';
import { loggableError } from './log-safe';

/** One job: what it does with its payloads (throwing retries it, with backoff, up to its retry limit) and when. */
export interface JobDefinition<N extends JobName = JobName> {
  name: N;
  handle: (payloads: JobPayloads[N][]) => Promise<void>;
  /** A cron expression (in UTC) when the job also runs on a schedule: one run per tick across all instances. */
  cron?: string;
  /** Also run once when an instance starts (work a server that was down missed). */
  atStart?: boolean;
  retryLimit?: number;
}

/** Any one job's definition, its name and handler kept together: what a domain's `jobs.ts` exports a list of. */
export type SomeJobDefinition = { [N in JobName]: JobDefinition<N> }[JobName];

/** What services may do with the queue: send a job (typed by `JobPayloads`). */
export interface JobQueue {
  /** Queues one run of a job per payload, in one round trip. Before `start` (or when off) nothing is queued. */
  send<N extends JobName>(name: N, payloads: JobPayloads[N][]): Promise<void>;
  /** Whether the queue runs here; without it (tests, tools) a service does the work itself. */
  readonly running: boolean;
}

export interface Jobs extends JobQueue {
  /** The jobs of the product, collected by `app.ts` from the domains; before `start`. */
  define(definitions: SomeJobDefinition[]): void;
  /** Runs a job's handler here and now with the given payloads, outside the queue (the browser flows' controls). */
  runNow(name: string, payloads?: object[]): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * Work that need not finish inside a request, on pg-boss in the database we already have: exports, pruning,
 * reminders, billing. Every instance works the queues; `SKIP LOCKED` gives each job to exactly one of them, and a
 * schedule fires once per tick however many instances run. On PGlite pg-boss speaks through `executeSql` (the one
 * embedded connection); on PostgreSQL through the same pool as the app.
 */
export function createJobs(opts: { database: Database; log: FastifyBaseLogger }): Jobs {
  let boss: PgBoss | null = null;
  const definitions: SomeJobDefinition[] = [];
  /** The handler of a definition, taking payloads of any shape (they come back from the queue as stored). */
  const handlerOf = (job: SomeJobDefinition) => job.handle as (payloads: unknown[]) => Promise<void>;
  return {
    get running() {
      return boss !== null;
    },
    define(list) {
      for (const job of list) {
        if (definitions.some((d) => d.name === job.name)) throw new Error(`job ${job.name} defined twice`);
        definitions.push(job);
      }
    },
    async send(name, payloads) {
      if (!boss || payloads.length === 0) return;
      await boss.insert(payloads.map((data) => ({ name, data })));
    },
    async runNow(name, payloads = [{}]) {
      const job = definitions.find((d) => d.name === name);
      if (!job) throw new Error(`no job ${name}`);
      await handlerOf(job)(payloads);
    },
    async start() {
      if (boss) return;
      const instance = new PgBoss({
        db: { executeSql: (text, values) => opts.database.executeSql(text, values) },
        schema: 'jobs',
        // Workers poll every second: a big export starts within a second or two of the request that asked for it.
        monitorStateIntervalSeconds: 60,
      });
      instance.on('error', (error) => opts.log.warn({ error: loggableError(error) }, 'job queue error'));
      try {
        await instance.start();
        for (const job of definitions) {
          await instance.createQueue(job.name, {
            name: job.name,
            retryLimit: job.retryLimit ?? 5,
            retryDelay: 10,
            retryBackoff: true,
            expireInSeconds: 5 * 60,
          });
          await instance.work(job.name, { pollingIntervalSeconds: 1, batchSize: 20 }, async (batch) => {
            await handlerOf(job)(batch.map((j) => j.data));
          });
          if (job.cron) await instance.schedule(job.name, job.cron);
          else await instance.unschedule(job.name).catch(() => undefined);
        }
        // Mail was a job before the outbox became its own queue: its rows are delivered by the mail worker now.
        await instance.deleteQueue('mail.deliver').catch(() => undefined);
        boss = instance;
        for (const job of definitions) if (job.atStart) await instance.send(job.name, {});
      } catch (error) {
        // A start cut short (the database away) leaves nothing running: the next try starts afresh.
        boss = null;
        await instance.stop({ graceful: false, wait: false }).catch(() => undefined);
        throw error;
      }
    },
    async stop() {
      const instance = boss;
      boss = null;
      await instance?.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}

import type { AppContext } from './context';
import type { Jobs } from './jobs';
import { loggableError } from './log-safe';

/** Waits between tries to start the job queue while the database is away (the last one repeats). */
export const QUEUE_RETRY_MS = [1_000, 2_000, 5_000, 10_000, 30_000];

/** A queue start waiting for its next try, per queue: a stop cancels it. */
const pending = new WeakMap<Jobs, { timer: NodeJS.Timeout | null; stopped: boolean }>();

/**
 * This instance's background work, started once the server listens (JOBS=1): the job queue with the jobs `app.ts`
 * collected from the domains (each domain's `jobs.ts`), and the mail worker that works off the outbox. Every
 * instance runs both; the queue and the outbox's claims give each piece of work to one of them.
 */
export async function startBackground(ctx: Pick<AppContext, 'mailer' | 'log'>, jobs: Jobs): Promise<void> {
  ctx.mailer.start();
  // The server already listens: a database cut while the queue starts (connections terminated, a failover) must not
  // end the process. The queue is started again until it runs; requests are served meanwhile.
  const state = { timer: null as NodeJS.Timeout | null, stopped: false };
  pending.set(jobs, state);
  let attempt = 0;
  const tryStart = async (): Promise<void> => {
    try {
      await jobs.start();
    } catch (error) {
      if (state.stopped) return;
      const wait = QUEUE_RETRY_MS[Math.min(attempt++, QUEUE_RETRY_MS.length - 1)];
      ctx.log.warn({ error: loggableError(error), retryInMs: wait }, 'the job queue did not start: trying again');
      state.timer = setTimeout(() => {
        state.timer = null;
        void tryStart();
      }, wait);
      state.timer.unref?.();
    }
  };
  await tryStart();
}

/** Stops taking work: the mail under way gets a moment to finish (its lease hands the rest on), then the queue. */
export async function stopBackground(ctx: AppContext, jobs: Jobs): Promise<void> {
  const state = pending.get(jobs);
  if (state) {
    state.stopped = true;
    if (state.timer) clearTimeout(state.timer);
  }
  await ctx.mailer.stop();
  await jobs.stop();
}

import type { AppContext } from './context';
import type { Jobs } from './jobs';

/**
 * This instance's background work, started once the server listens (JOBS=1): the job queue with the jobs `app.ts`
 * collected from the domains (each domain's `jobs.ts`), and the mail worker that works off the outbox. Every
 * instance runs both; the queue and the outbox's claims give each piece of work to one of them.
 */
export async function startBackground(ctx: AppContext, jobs: Jobs): Promise<void> {
  ctx.mailer.start();
  await jobs.start();
}

/** Stops taking work: the mail under way gets a moment to finish (its lease hands the rest on), then the queue. */
export async function stopBackground(ctx: AppContext, jobs: Jobs): Promise<void> {
  await ctx.mailer.stop();
  await jobs.stop();
}

import type { Database } from '../db/client';
import { tickAccounts } from '../domains/accounts/life';
import { AVAILABILITY_REMINDER_CRON, remindAvailability } from '../domains/availability/reminders';
import { runBilling } from '../domains/billing/service';
import { autoCheckout } from '../domains/checkins/service';
import { runExport, useExportQueue } from '../domains/reports/service';
import { removeExpiredDemos, removeUnconfirmedSignups } from '../domains/signup/demo';
import { pruneActivity } from './activity';
import type { AppContext } from './context';
import { pruneIdempotencyKeys } from './idempotency';
import { createJobs, type Jobs } from './jobs';

/** The jobs of the product: mail delivery, and pruning the activity log every six hours. */
export function productJobs(ctx: AppContext, database: Database): Jobs {
  return createJobs({
    database,
    log: ctx.log,
    definitions: [
      {
        name: 'mail.deliver',
        handle: (payloads) =>
          ctx.mailer.deliver(
            ctx.db,
            payloads.map((p) => (p as { id: string }).id),
          ),
      },
      // Big report and list downloads: the file is built here while the page shows the progress.
      {
        name: 'reports.export',
        retryLimit: 1,
        handle: async (payloads) => {
          for (const p of payloads) await runExport(ctx.db, (p as { id: string }).id);
        },
      },
      // Kept 30 days; the schedule fires once per tick across all instances.
      { name: 'activity.prune', cron: '17 */6 * * *', retryLimit: 2, handle: () => pruneActivity(ctx.db) },
      // Idempotency keys answer their create for a day (platform/idempotency.ts).
      {
        name: 'idempotency.prune',
        cron: '29 * * * *',
        retryLimit: 2,
        handle: () => pruneIdempotencyKeys(ctx.db),
      },
      // The weekly reminder before the availability deadline runs out, in each recipient's language.
      {
        name: 'availability.remind',
        cron: AVAILABILITY_REMINDER_CRON,
        retryLimit: 1,
        handle: async () => {
          await remindAvailability(ctx);
        },
      },
      // Trials, demos, cancelled periods and licences that ran out move on (the account status machine).
      {
        name: 'accounts.tick',
        cron: '7 0 * * *',
        retryLimit: 2,
        handle: async () => {
          await tickAccounts(ctx);
        },
      },
      // Demo companies that ran out go with all their data, every hour, and so do registrations nobody confirmed
      // (docs/product/signup.md).
      {
        name: 'demo.remove',
        cron: '41 * * * *',
        retryLimit: 2,
        handle: async () => {
          await removeExpiredDemos(ctx);
          await removeUnconfirmedSignups(ctx);
        },
      },
      // The subscription's invoices: every hour, each paying account whose period is due (docs/product/billing.md).
      {
        name: 'billing.run',
        cron: '7 * * * *',
        retryLimit: 2,
        handle: async () => {
          await runBilling(ctx);
        },
      },
      // Check-ins left open after the duty's end plus the account's delay are closed (kind auto).
      {
        name: 'checkins.autoCheckout',
        cron: '*/5 * * * *',
        retryLimit: 1,
        handle: async () => {
          await autoCheckout(ctx);
        },
      },
    ],
  });
}

/** Starts the queue, sends mail through it from now on, and prunes once at start. */
export async function startBackground(ctx: AppContext, jobs: Jobs): Promise<void> {
  await jobs.start();
  ctx.mailer.useQueue((ids) =>
    jobs.send(
      'mail.deliver',
      ids.map((id) => ({ id })),
    ),
  );
  useExportQueue((id) => jobs.send('reports.export', [{ id }]));
  await jobs.send('activity.prune', [{}]);
  // A server that was down at midnight catches up at start.
  await jobs.send('accounts.tick', [{}]);
}

export async function stopBackground(ctx: AppContext, jobs: Jobs): Promise<void> {
  ctx.mailer.useQueue(null);
  useExportQueue(null);
  await jobs.stop();
}

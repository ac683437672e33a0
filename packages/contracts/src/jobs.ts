/**
 * Every background job of the server, with its payload. Each domain exports the definitions of its own jobs
 * (`domains/<domain>/jobs.ts`) and `app.ts` collects them; `jobs.send` and every handler take these names and
 * payloads, and `platform/jobs.test.ts` fails when a job named here has no definition or the reverse. Scheduled jobs
 * carry nothing: what they work on they find themselves. (Mail is no job: the outbox is its own queue.)
 */
export interface JobPayloads {
  /** Expired entries of the activity log go (every six hours, and at start). */
  'activity.prune': Scheduled;
  /** Trials, demos, cancelled periods and licences that ran out move on (daily, and at start). */
  'accounts.tick': Scheduled;
  /** The weekly mail before the availability deadline. */
  'availability.remind': Scheduled;
  /** The subscription's invoices of the accounts whose period is due (hourly). */
  'billing.run': Scheduled;
  /** Check-ins left open after the duty's end are closed (every five minutes). */
  'checkins.autoCheckout': Scheduled;
  /** Demo companies that ran out and registrations nobody confirmed go (hourly). */
  'demo.remove': Scheduled;
  /** Ongoing projects keep a year ahead filled with open duties (daily; creating or changing a project fills at once). */
  'projects.fill': Scheduled;
  /** Clients' invoices for the period of their interval that just ended are drafted (daily). */
  'invoicing.draft': Scheduled;
  /** Idempotency keys older than a day go (hourly). */
  'idempotency.prune': Scheduled;
  /** Files in object storage that no upload names any more (a server died before the rollback took them back) go (daily). */
  'uploads.sweep': Scheduled;
  /** Builds the file of a big report or list download (the row in `export_files`). */
  'reports.export': { id: string };
  /** Webhook deliveries that are due go out (every minute, at start, and after a change records one). */
  'webhooks.deliver': Scheduled;
}

/** The payload of a job that runs on its schedule: nothing. */
export type Scheduled = Record<string, never>;

export type JobName = keyof JobPayloads;

/** Every job's name, for the check that each is defined exactly once. */
export const JOB_NAMES = [
  'activity.prune',
  'accounts.tick',
  'availability.remind',
  'billing.run',
  'checkins.autoCheckout',
  'demo.remove',
  'idempotency.prune',
  'invoicing.draft',
  'projects.fill',
  'reports.export',
  'uploads.sweep',
  'webhooks.deliver',
] as const satisfies readonly JobName[];

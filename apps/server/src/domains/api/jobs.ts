import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { deliverDueWebhooks } from './delivery';

/** Due webhook deliveries go out: every minute (the retries' waits), at start, and when a change nudges the queue. */
export const apiJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'webhooks.deliver',
    cron: '* * * * *',
    atStart: true,
    retryLimit: 1,
    handle: async () => {
      await deliverDueWebhooks(ctx);
    },
  },
];

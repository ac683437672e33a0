import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { runBilling } from './service';

/** The subscription's invoices: every hour, each paying account whose period is due (docs/product/billing.md). */
export const billingJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'billing.run',
    cron: '7 * * * *',
    retryLimit: 2,
    handle: async () => {
      await runBilling(ctx);
    },
  },
];

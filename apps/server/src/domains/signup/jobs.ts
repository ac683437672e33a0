import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { removeExpiredDemos, removeUnconfirmedSignups } from './demo';

/**
 * Demo companies that ran out go with all their data, every hour, and so do registrations nobody confirmed
 * (docs/product/signup.md).
 */
export const signupJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'demo.remove',
    cron: '41 * * * *',
    retryLimit: 2,
    handle: async () => {
      await removeExpiredDemos(ctx);
      await removeUnconfirmedSignups(ctx);
    },
  },
];

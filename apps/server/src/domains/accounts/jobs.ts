import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { tickAccounts } from './life';

/** The account status machine's daily step; a server that was down at midnight catches up at start. */
export const accountJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'accounts.tick',
    cron: '7 0 * * *',
    atStart: true,
    retryLimit: 2,
    handle: async () => {
      await tickAccounts(ctx);
    },
  },
];

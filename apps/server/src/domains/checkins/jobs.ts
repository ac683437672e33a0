import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { autoCheckout } from './service';

/** Check-ins left open after the duty's end plus the account's delay are closed (kind auto). */
export const checkinJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'checkins.autoCheckout',
    cron: '*/5 * * * *',
    retryLimit: 1,
    handle: async () => {
      await autoCheckout(ctx);
    },
  },
];

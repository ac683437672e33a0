import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { AVAILABILITY_REMINDER_CRON, remindAvailability } from './reminders';

/** The weekly reminder before the availability deadline runs out, in each recipient's language. */
export const availabilityJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'availability.remind',
    cron: AVAILABILITY_REMINDER_CRON,
    retryLimit: 1,
    handle: async () => {
      await remindAvailability(ctx);
    },
  },
];

import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { sweepStrayFiles } from './sweep';

/**
 * The daily sweep for files no upload names any more. The database store keeps the bytes with their row (deleted
 * together, in one transaction), so only an object store can hold strays: with it the sweep lists, else it rests.
 */
export const documentJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'uploads.sweep',
    cron: '43 3 * * *',
    retryLimit: 1,
    handle: async () => {
      if (ctx.files.kind === 'database') return;
      await sweepStrayFiles(ctx);
    },
  },
];

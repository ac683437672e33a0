import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { runExport } from './service';

/** Big report and list downloads: the file is built here while the page shows the progress. */
export const reportJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'reports.export',
    retryLimit: 1,
    handle: async (payloads) => {
      for (const p of payloads) await runExport(ctx.owner, p.id);
    },
  },
];

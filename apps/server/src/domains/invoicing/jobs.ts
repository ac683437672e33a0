import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { draftDueInvoices } from './service';

/**
 * Each morning the clients whose invoicing period ended get their draft (docs/product/invoicing.md). A run repeated
 * or retried drafts nothing twice (one invoice per client and period).
 */
export const invoicingJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'invoicing.draft',
    cron: '41 3 * * *',
    retryLimit: 3,
    handle: async () => {
      // Spans every account by design: the owner's handle.
      await draftDueInvoices(ctx, ctx.owner);
    },
  },
];

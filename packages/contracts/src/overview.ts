import { z } from 'zod';

/** The landing page: what every role sees, plus the team figures for those who manage staff. */
export const OverviewResponse = z.object({
  accountName: z.string(),
  role: z.string(),
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  team: z
    .object({
      active: z.number().int(),
      inactive: z.number().int(),
      byRole: z.record(z.string(), z.number().int()),
    })
    .nullable(),
  modulesActive: z.number().int(),
  accounts: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type OverviewResponse = z.infer<typeof OverviewResponse>;

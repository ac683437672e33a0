import { todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import { accounts } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import type { SomeJobDefinition } from '../../platform/jobs';
import { fillProject, projectsToTopUp } from './fill';

/**
 * Ongoing projects keep a year ahead filled with open duties (docs/product/clients.md): each day the window moves
 * on by a day. Only adds what is missing, so a run repeated or retried changes nothing more.
 */
export async function topUpProjects(ctx: AppContext): Promise<number> {
  let created = 0;
  for (const project of await projectsToTopUp(ctx.db, todayIn('UTC'))) {
    created += await runCommand(ctx, null, async (command) => {
      const { tx } = command;
      const [account] = await tx
        .select({ settings: accounts.settings })
        .from(accounts)
        .where(eq(accounts.id, project.accountId));
      if (!account) return 0;
      const result = await fillProject(tx, project, accountSettings(account.settings).timeZone, {
        confirmed: false,
        addOnly: true,
      });
      if (result.created.length)
        command.emit(`account.${project.accountId}`, 'LocationUpdated', { location: project.locationId });
      return result.created.length;
    });
  }
  return created;
}

export const clientJobs = (ctx: AppContext): SomeJobDefinition[] => [
  {
    name: 'projects.fill',
    cron: '17 2 * * *',
    retryLimit: 3,
    handle: async () => {
      await topUpProjects(ctx);
    },
  },
];

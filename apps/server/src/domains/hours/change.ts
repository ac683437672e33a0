import type { HoursResponse } from '@app/contracts';
import type { Actor } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { lineOf } from './present';
import { type HoursRow, lockHours } from './repo';

/** The one shape of a change to one line, and the realtime notice that lines changed. */

/** Tells the account's open apps which lines changed (after the commit). */
export function announce(command: Command, actor: Actor, ids: string[], members: string[]) {
  command.emit(`account.${actor.accountId}`, 'HoursUpdated', { ids, members: [...new Set(members)] }, actor);
}

/**
 * The one shape of a change to one line: lock it, let `change` authorise, check, write and log it, tell the open
 * apps, and answer the line as the transaction sees it.
 */
export async function changeLine(
  ctx: AppContext,
  actor: Actor,
  id: string,
  change: (command: Command, row: HoursRow) => Promise<void>,
): Promise<HoursResponse> {
  return runCommand(ctx, actor, async (command) => {
    const row = await lockHours(command.tx, actor.accountId, id);
    await change(command, row);
    announce(command, actor, [id], [row.membershipId]);
    return { hours: await lineOf(command.tx, actor, id) };
  });
}

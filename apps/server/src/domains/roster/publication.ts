import { addDays, todayIn } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { locations } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { requirePlanner } from './checks';
import { notifyPublication } from './notify';

/**
 * The release calendar: picking a day after the release date publishes up to it; picking a day up to the
 * release date revokes from that day on. The release date itself and past days cannot be picked (ERR_RELEASED).
 * Both notify the location's members by e-mail, in the same transaction as the change.
 */
export async function pickReleaseDate(ctx: AppContext, actor: Actor, locationId: string, date: string) {
  const settings = actor.settings;
  const today = todayIn(settings.timeZone);
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const [location] = await tx
      .select()
      .from(locations)
      .where(and(eq(locations.id, locationId), eq(locations.accountId, actor.accountId)))
      .for('update');
    if (!location) throw new AppError('NOT_FOUND');
    requirePlanner(actor);
    await requirePlanningInScope(tx, actor, location.id);
    const current = location.releasedUntil;
    if (date < today || date === current) throw new AppError('ERR_RELEASED', { data: { releasedUntil: current } });
    const releasing = current === null || date > current;
    const releasedUntil = releasing ? date : addDays(date, -1);
    await tx.update(locations).set({ releasedUntil }).where(eq(locations.id, location.id));
    await recordActivity(tx, actor, {
      entity: 'location',
      entityId: location.id,
      action: releasing ? 'release' : 'revoke',
      before: { releasedUntil: current },
      after: { releasedUntil },
    });
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location: locationId, releasedUntil }, actor);
    // Written in the release's transaction: a crash just after the commit loses none of the mails.
    await notifyPublication(ctx, command, actor, {
      locationId,
      locationName: location.name,
      template: releasing ? 'rosterReleased' : 'rosterRevoked',
      date,
    });
    return { releasedUntil };
  });
}

import type { ReleasePreview } from '@app/contracts';
import { addDays, hidesNames, todayIn } from '@app/domain';
import { and, desc, eq, gt, gte, isNotNull, lte } from 'drizzle-orm';
import { activityLog, locations, membershipLocations, memberships, rosterItems, users } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordWebhook } from '../api/events';
import { requirePlanningInScope } from '../members/scope';
import { requirePlanner, tellItemEditListeners } from './checks';
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
    if (!releasing && current !== null) {
      // Duties no longer released cannot be offered (docs/product/swaps.md): their waiting offers are withdrawn as a
      // planner's edit of them would withdraw them.
      const revoked = await tx
        .select()
        .from(rosterItems)
        .where(
          and(
            eq(rosterItems.locationId, location.id),
            gt(rosterItems.date, releasedUntil),
            lte(rosterItems.date, current),
            isNotNull(rosterItems.membershipId),
          ),
        );
      await tellItemEditListeners(
        ctx,
        command,
        actor,
        revoked.map((item) => ({ before: item, after: item, action: 'revoke' })),
      );
    }
    if (releasing) {
      await recordWebhook(ctx, command, actor.accountId, 'roster.released', { location: locationId, releasedUntil });
    }
    return { releasedUntil };
  });
}

/**
 * What picking a day in the release calendar would send out, before the planner confirms: the days it releases (or
 * takes back), their duties and open duties, the duties changed since the last release, and who is told (the same
 * people `notifyPublication` tells). Read only; refused like the release itself (past days, the release date).
 */
export async function releasePreview(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  date: string,
): Promise<ReleasePreview> {
  const db = ctx.db;
  const today = todayIn(actor.settings.timeZone);
  const [location] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.accountId, actor.accountId)));
  if (!location) throw new AppError('NOT_FOUND');
  requirePlanner(actor);
  await requirePlanningInScope(db, actor, location.id);
  const current = location.releasedUntil;
  if (date < today || date === current) throw new AppError('ERR_RELEASED', { data: { releasedUntil: current } });
  const releasing = current === null || date > current;
  const from = releasing ? (current !== null && current >= today ? addDays(current, 1) : today) : date;
  const until = releasing ? date : (current as string);
  const inRange = and(
    eq(rosterItems.accountId, actor.accountId),
    eq(rosterItems.locationId, location.id),
    gte(rosterItems.date, from),
    lte(rosterItems.date, until),
  );
  const items = await db
    .select({ membershipId: rosterItems.membershipId, updatedAt: rosterItems.updatedAt })
    .from(rosterItems)
    .where(inRange);
  const [last] = await db
    .select({ at: activityLog.at })
    .from(activityLog)
    .where(
      and(
        eq(activityLog.accountId, actor.accountId),
        eq(activityLog.entity, 'location'),
        eq(activityLog.entityId, location.id),
        eq(activityLog.action, 'release'),
      ),
    )
    .orderBy(desc(activityLog.at))
    .limit(1);
  const lastRelease = last?.at ?? null;
  const people = await db
    .select({ fname: users.fname, lname: users.lname, email: users.email })
    .from(memberships)
    .innerJoin(membershipLocations, eq(membershipLocations.membershipId, memberships.id))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, actor.accountId), eq(membershipLocations.locationId, location.id)));
  const names = hidesNames(actor)
    ? []
    : people.map((p) => [p.fname, p.lname].filter(Boolean).join(' ') || p.email).sort((a, b) => a.localeCompare(b));
  return {
    releasing,
    from,
    until,
    duties: items.length,
    open: items.filter((i) => i.membershipId === null).length,
    changes: lastRelease ? items.filter((i) => i.updatedAt > lastRelease).length : items.length,
    lastRelease: lastRelease ? lastRelease.toISOString() : null,
    notified: { count: people.length, names },
  };
}

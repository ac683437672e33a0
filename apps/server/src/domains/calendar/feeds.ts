import { mayPlan, now } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { calendarFeeds, locations, planningFeeds } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/tokens';
import { requirePlanningInScope } from '../members/scope';

/**
 * Making, renewing and revoking the secret feed addresses (docs/product/roster.md, "Calendar feeds"). Only the hash
 * of a secret is stored, so an address is shown once; renewing replaces it, and the old one stops answering.
 */

const feedUrl = (ctx: AppContext, token: string) => {
  const url = `${ctx.config.publicUrl}/api/ical/${token}.ics`;
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
};

/** Whether the member has a feed of their own duties. */
export async function feedState(ctx: AppContext, actor: Actor) {
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.membershipId, actor.membershipId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new address for the member's released duties; an earlier one stops working. */
export async function createFeed(ctx: AppContext, actor: Actor) {
  const token = randomToken(24);
  // The feed and its line in the activity log stand or fall together.
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx
      .insert(calendarFeeds)
      .values({ membershipId: actor.membershipId, tokenHash: sha256(token) })
      .onConflictDoUpdate({ target: calendarFeeds.membershipId, set: { tokenHash: sha256(token), createdAt: now() } });
    await recordActivity(tx, actor, { entity: 'calendar', entityId: actor.membershipId, action: 'create' });
  });
  return feedUrl(ctx, token);
}

export async function revokeFeed(ctx: AppContext, actor: Actor) {
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.membershipId, actor.membershipId));
    await recordActivity(tx, actor, { entity: 'calendar', entityId: actor.membershipId, action: 'revoke' });
  });
}

/** The planning, found in the actor's account (404 otherwise), that the actor plans (403 otherwise). */
async function plannedLocation(db: AppContext['db'], actor: Actor, locationId: string) {
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.accountId, actor.accountId)));
  if (!location) throw new AppError('NOT_FOUND');
  requireAllowed(mayPlan(actor));
  await requirePlanningInScope(db, actor, location.id);
  return location;
}

const planningFeedOf = (actor: Actor, locationId: string) =>
  and(eq(planningFeeds.membershipId, actor.membershipId), eq(planningFeeds.locationId, locationId));

/** Whether the actor has a feed of the planning. */
export async function planningFeedState(ctx: AppContext, actor: Actor, locationId: string) {
  await plannedLocation(ctx.db, actor, locationId);
  const [row] = await ctx.db.select().from(planningFeeds).where(planningFeedOf(actor, locationId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new address for every duty of the planning on released days; the actor's earlier one stops working. */
export async function createPlanningFeed(ctx: AppContext, actor: Actor, locationId: string) {
  const token = randomToken(24);
  await runCommand(ctx, actor, async ({ tx }) => {
    await plannedLocation(tx, actor, locationId);
    await tx
      .insert(planningFeeds)
      .values({ accountId: actor.accountId, locationId, membershipId: actor.membershipId, tokenHash: sha256(token) })
      .onConflictDoUpdate({
        target: [planningFeeds.membershipId, planningFeeds.locationId],
        set: { tokenHash: sha256(token), createdAt: now() },
      });
    await recordActivity(tx, actor, { entity: 'calendar', entityId: locationId, action: 'create' });
  });
  return feedUrl(ctx, token);
}

export async function revokePlanningFeed(ctx: AppContext, actor: Actor, locationId: string) {
  await runCommand(ctx, actor, async ({ tx }) => {
    await plannedLocation(tx, actor, locationId);
    await tx.delete(planningFeeds).where(planningFeedOf(actor, locationId));
    await recordActivity(tx, actor, { entity: 'calendar', entityId: locationId, action: 'revoke' });
  });
}

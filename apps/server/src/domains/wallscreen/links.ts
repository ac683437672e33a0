import type { WallScreenCreated, WallScreenState } from '@app/contracts';
import { localizedPath, mayPlan, now } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations, wallScreens } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/tokens';
import { requirePlanningInScope } from '../members/scope';

/**
 * Making, renewing and revoking a planning's wall screen address (docs/product/wall-screen.md). Only the hash of the
 * secret is kept, so the address is shown once; renewing replaces it and the old screen stops showing anything.
 */

/** The planning, found in the actor's account (404 otherwise), that the actor plans (403 otherwise). */
async function plannedLocation(db: DbOrTx, actor: Actor, locationId: string) {
  const [location] = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, locationId), eq(locations.accountId, actor.accountId)));
  if (!location) throw new AppError('NOT_FOUND');
  requireAllowed(mayPlan(actor));
  await requirePlanningInScope(db, actor, location.id);
  return location;
}

const ofPlanning = (actor: Actor, locationId: string) =>
  and(eq(wallScreens.accountId, actor.accountId), eq(wallScreens.locationId, locationId));

export async function wallScreenState(ctx: AppContext, actor: Actor, locationId: string): Promise<WallScreenState> {
  await plannedLocation(ctx.db, actor, locationId);
  const [row] = await ctx.db.select().from(wallScreens).where(ofPlanning(actor, locationId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/** A new address for the planning's wall screen, in the maker's language; an earlier one stops working. */
export async function createWallScreen(ctx: AppContext, actor: Actor, locationId: string): Promise<WallScreenCreated> {
  const token = randomToken(24);
  const id = await runCommand(ctx, actor, async ({ tx }) => {
    await plannedLocation(tx, actor, locationId);
    const [row] = await tx
      .insert(wallScreens)
      .values({ accountId: actor.accountId, locationId, createdBy: actor.membershipId, tokenHash: sha256(token) })
      .onConflictDoUpdate({
        target: wallScreens.locationId,
        set: { tokenHash: sha256(token), createdBy: actor.membershipId, createdAt: now() },
      })
      .returning({ id: wallScreens.id });
    await recordActivity(tx, actor, { entity: 'wallScreen', entityId: locationId, action: 'create' });
    return (row as { id: string }).id;
  });
  return { url: `${ctx.config.publicUrl}${localizedPath('dashboard', actor.locale, { id, hash: token })}` };
}

export async function revokeWallScreen(ctx: AppContext, actor: Actor, locationId: string): Promise<void> {
  await runCommand(ctx, actor, async ({ tx }) => {
    await plannedLocation(tx, actor, locationId);
    await tx.delete(wallScreens).where(ofPlanning(actor, locationId));
    await recordActivity(tx, actor, { entity: 'wallScreen', entityId: locationId, action: 'revoke' });
  });
}

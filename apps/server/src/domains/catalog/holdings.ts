import type { Holdings } from '@app/contracts';
import { mayReadHoldings, mayReplaceHoldings } from '@app/domain';
import { eq } from 'drizzle-orm';
import { duties, locations, membershipDuties, membershipLocations, membershipTags, tags } from '../../db/schema';
import { assertIdsOfAccount, distinct } from '../../platform/account-rows';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { announceRevalidated, revalidateItems } from '../conflicts/revalidate';
import { membershipInAccount } from '../members/repo';
import { holdingsOf } from '../members/scope';
import { emitCatalogChanged } from './shared';

/** The plannings, duties and tags a member holds: for members with user.edit, and for the member themself. */
export async function getHoldings(ctx: AppContext, actor: Actor, membershipId: string): Promise<Holdings> {
  const membership = await membershipInAccount(ctx.db, actor.accountId, membershipId);
  requireAllowed(mayReadHoldings(actor, membership.id));
  return holdingsOf(ctx.db, membership.id);
}

/** Replaces what a member holds; every id must belong to the account (422 otherwise). Needs user.edit. */
export async function setHoldings(
  ctx: AppContext,
  actor: Actor,
  membershipId: string,
  input: Holdings,
): Promise<Holdings> {
  const next: Holdings = {
    locationIds: distinct(input.locationIds).sort(),
    dutyIds: distinct(input.dutyIds).sort(),
    tagIds: distinct(input.tagIds).sort(),
  };
  return runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const membership = await membershipInAccount(tx, actor.accountId, membershipId);
    requireAllowed(mayReplaceHoldings(actor, membership));
    await assertIdsOfAccount(tx, locations, actor.accountId, next.locationIds, 'locationIds');
    await assertIdsOfAccount(tx, duties, actor.accountId, next.dutyIds, 'dutyIds');
    await assertIdsOfAccount(tx, tags, actor.accountId, next.tagIds, 'tagIds');
    const before = await holdingsOf(tx, membership.id);
    await tx.delete(membershipLocations).where(eq(membershipLocations.membershipId, membership.id));
    await tx.delete(membershipDuties).where(eq(membershipDuties.membershipId, membership.id));
    await tx.delete(membershipTags).where(eq(membershipTags.membershipId, membership.id));
    if (next.locationIds.length) {
      await tx
        .insert(membershipLocations)
        .values(next.locationIds.map((locationId) => ({ membershipId: membership.id, locationId })));
    }
    if (next.dutyIds.length) {
      await tx.insert(membershipDuties).values(next.dutyIds.map((dutyId) => ({ membershipId: membership.id, dutyId })));
    }
    if (next.tagIds.length) {
      await tx.insert(membershipTags).values(next.tagIds.map((tagId) => ({ membershipId: membership.id, tagId })));
    }
    await recordActivity(tx, actor, {
      entity: 'holdings',
      entityId: membership.id,
      action: 'update',
      before,
      after: next,
    });
    // Items the member keeps may now be of a duty or planning they no longer hold.
    const changed = await revalidateItems(tx, actor.accountId, { membershipId: membership.id });
    emitCatalogChanged(command, actor);
    announceRevalidated(command, actor.accountId, changed);
    return next;
  });
}

import type { ItemChangeResponse } from '@app/contracts';
import { now as clockNow, mayCancelSignOut, mayPlan, mayRequestSignOut, maySignIn, todayIn } from '@app/domain';
import { and, eq, isNull, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { itemApplications, membershipDuties, membershipLocations, rosterItems } from '../../db/schema';
import type { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { recordWebhook } from '../api/events';
import { requirePlanningInScope } from '../members/scope';
import { assertPlaceable, type ConfirmedFlag, instantsOf, isOverlapViolation, requirePlanner } from './checks';
import { editItem } from './editing';
import { type ItemRow, presentItem } from './present';
import { applicationsOf, itemOf, lockItem, lockMember } from './repo';

/**
 * An employee with the right to sign up for placeholders may take an open item of a duty they hold, in a planning
 * they belong to, not in the past.
 */
async function assertEligible(tx: Tx, actor: Actor, row: ItemRow, timeZone: string) {
  requireAllowed(maySignIn(actor));
  if (row.date < todayIn(timeZone)) throw new AppError('ERR_NOT_ELIGIBLE');
  const [belongs] = await tx
    .select()
    .from(membershipLocations)
    .where(
      and(eq(membershipLocations.membershipId, actor.membershipId), eq(membershipLocations.locationId, row.locationId)),
    );
  if (!belongs) throw new AppError('NOT_FOUND');
  if (row.dutyId) {
    const [holds] = await tx
      .select()
      .from(membershipDuties)
      .where(and(eq(membershipDuties.membershipId, actor.membershipId), eq(membershipDuties.dutyId, row.dutyId)));
    if (!holds) throw new AppError('ERR_NOT_ELIGIBLE');
  }
}

/** Runs an employee's own action on an item as a command and answers the item as they see it. */
async function ownAction(
  ctx: AppContext,
  actor: Actor,
  itemId: string,
  action: string,
  change: (tx: Tx, row: ItemRow, timeZone: string, settings: ReturnType<typeof accountSettings>) => Promise<ItemRow>,
): Promise<ItemChangeResponse> {
  const settings = actor.settings;
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await lockItem(tx, actor.accountId, itemId);
    const after = await change(tx, row, settings.timeZone, settings);
    await recordActivity(tx, actor, { entity: 'item', entityId: row.id, action, before: row, after });
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', { location: after.locationId, ids: [itemId] }, actor);
    const ref = { id: row.id, location: row.locationId, date: row.date };
    // An application leaves the item as it was; a sign-out request is the employee's ask for the planner.
    if (action === 'sign-out')
      await recordWebhook(ctx, command, actor.accountId, 'item.signedOut', { ...ref, member: actor.membershipId });
    else if (action === 'sign-in' && after.membershipId !== actor.membershipId)
      await recordWebhook(ctx, command, actor.accountId, 'item.applied', { ...ref, member: actor.membershipId });
    else await recordWebhook(ctx, command, actor.accountId, 'item.changed', ref);
    const planner = mayPlan(actor);
    return {
      item: presentItem(
        after,
        await applicationsOf(tx, actor.accountId, row.id),
        { membershipId: actor.membershipId, planner, seesName: planner },
        settings.timeZone,
      ),
      revalidated: [],
      stats: {},
    };
  });
}

/**
 * Sign-in: the open item becomes the employee's, or, when the account says employees must apply, an application
 * is recorded instead. When placeholder sign-ups need confirmation the item waits for the planner. Exactly one of
 * two employees signing in at once wins: the update only takes an item that is still open.
 */
export const signIn = (ctx: AppContext, actor: Actor, itemId: string) =>
  ownAction(ctx, actor, itemId, 'sign-in', async (tx, row, timeZone, settings) => {
    await assertEligible(tx, actor, row, timeZone);
    if (row.membershipId)
      throw new AppError(row.membershipId === actor.membershipId ? 'ERR_EXISTING_FULL' : 'ERR_ITEM_TAKEN');
    const member = await lockMember(tx, actor.accountId, actor.membershipId);
    await assertPlaceable(tx, {
      accountId: actor.accountId,
      settings,
      item: { ...row, membershipId: member.id },
      member,
      confirmed: undefined,
    });
    if (settings.employeesMustApply) {
      const inserted = await tx
        .insert(itemApplications)
        .values({ itemId: row.id, membershipId: actor.membershipId })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw new AppError('ALREADY_APPLIED');
      return row;
    }
    const next = { ...row, membershipId: member.id };
    try {
      const [taken] = await tx
        .update(rosterItems)
        .set({
          membershipId: member.id,
          pendingConfirmation: settings.placeholderSignupNeedsConfirmation,
          ...instantsOf(next, timeZone),
          updatedAt: clockNow(),
        })
        .where(and(eq(rosterItems.id, row.id), isNull(rosterItems.membershipId)))
        .returning();
      if (!taken) throw new AppError('ERR_ITEM_TAKEN');
      return taken;
    } catch (err) {
      if (isOverlapViolation(err)) throw new AppError('ERR_OVERLAP');
      throw err;
    }
  });

/** An employee withdraws their application. */
export const revokeApplication = (ctx: AppContext, actor: Actor, itemId: string) =>
  ownAction(ctx, actor, itemId, 'application.revoke', async (tx, row) => {
    const removed = await tx
      .delete(itemApplications)
      .where(and(eq(itemApplications.itemId, row.id), eq(itemApplications.membershipId, actor.membershipId)))
      .returning();
    if (removed.length === 0) throw new AppError('NOT_APPLIED');
    return row;
  });

/** The employee asks to be signed out of their own item (flag signout), or cancels that request. */
export const requestSignOut = (ctx: AppContext, actor: Actor, itemId: string) =>
  ownAction(ctx, actor, itemId, 'sign-out', async (tx, row) => {
    requireAllowed(mayRequestSignOut(actor, row));
    const [updated] = await tx
      .update(rosterItems)
      .set({ flag: 'signout', updatedAt: clockNow() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return updated;
  });

export const cancelSignOut = (ctx: AppContext, actor: Actor, itemId: string) =>
  ownAction(ctx, actor, itemId, 'sign-out.cancel', async (tx, row) => {
    requireAllowed(mayCancelSignOut(actor, row));
    const [updated] = await tx
      .update(rosterItems)
      .set({ flag: null, updatedAt: clockNow() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return updated;
  });

/** The planner allows a sign-out (the item becomes open) or denies it (the flag is cleared). */
export const decideSignOut = (ctx: AppContext, actor: Actor, itemId: string, confirm: boolean) =>
  editItem(ctx, actor, itemId, async ({ tx, row }) => {
    if (row.flag !== 'signout') throw new AppError('CONFLICT', {}, 'no sign-out to decide');
    // Allowed: the item is unassigned and open again. Denied: the member keeps it.
    const patch = confirm ? { flag: null, membershipId: null } : { flag: null };
    const [updated] = await tx
      .update(rosterItems)
      .set({ ...patch, updatedAt: clockNow() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return { row: updated, action: confirm ? 'sign-out.confirm' : 'sign-out.deny' };
  });

/** Sign-out for either side: employees flag their own item; planners answer with confirm true or false. */
export function signOut(ctx: AppContext, actor: Actor, itemId: string, confirm: boolean | undefined) {
  if (confirm === undefined) return requestSignOut(ctx, actor, itemId);
  // Planners only: editItem checks that once the item is found.
  return decideSignOut(ctx, actor, itemId, confirm);
}

/** The planner confirms or refuses a placeholder sign-up waiting for confirmation. */
export const decidePendingSignIn = (ctx: AppContext, actor: Actor, itemId: string, confirm: boolean) =>
  editItem(ctx, actor, itemId, async ({ tx, row }) => {
    if (!row.pendingConfirmation) throw new AppError('CONFLICT', {}, 'nothing to confirm');
    const patch = confirm ? { pendingConfirmation: false } : { pendingConfirmation: false, membershipId: null };
    const [updated] = await tx
      .update(rosterItems)
      .set({ ...patch, updatedAt: clockNow() })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return { row: updated, action: confirm ? 'sign-in.confirm' : 'sign-in.deny' };
  });

/** The planner accepts an application (the applicant gets the item, the others are denied) or denies it. */
export const decideApplication = (
  ctx: AppContext,
  actor: Actor,
  itemId: string,
  membershipId: string,
  accepted: boolean,
  confirmed?: ConfirmedFlag,
) =>
  editItem(ctx, actor, itemId, async ({ tx, row, settings }) => {
    const apps = await applicationsOf(tx, actor.accountId, row.id);
    const application = apps.find((a) => a.membershipId === membershipId);
    if (!application) throw new AppError('NOT_APPLIED');
    const now = clockNow();
    if (!accepted) {
      await tx
        .update(itemApplications)
        .set({ accepted: false, decidedAt: now })
        .where(eq(itemApplications.id, application.id));
      return { row, action: 'application.deny', declined: [membershipId] };
    }
    if (row.membershipId) throw new AppError('ERR_ITEM_TAKEN');
    const member = await lockMember(tx, actor.accountId, membershipId);
    const next = { ...row, membershipId };
    await assertPlaceable(tx, { accountId: actor.accountId, settings, item: next, member, confirmed });
    await tx
      .update(itemApplications)
      .set({ accepted: true, decidedAt: now })
      .where(eq(itemApplications.id, application.id));
    await tx
      .update(itemApplications)
      .set({ accepted: false, decidedAt: now })
      .where(and(eq(itemApplications.itemId, row.id), ne(itemApplications.id, application.id)));
    // The co-applicants still waiting hear that the duty went to someone else; those answered before already know.
    const declined = apps.filter((a) => a.id !== application.id && a.accepted === null).map((a) => a.membershipId);
    const [updated] = await tx
      .update(rosterItems)
      .set({ membershipId, ...instantsOf(next, settings.timeZone), updatedAt: now })
      .where(eq(rosterItems.id, row.id))
      .returning();
    return { row: updated, action: 'application.accept', declined };
  });

/** The applications of an item, for planners. */
export async function listApplications(ctx: AppContext, actor: Actor, itemId: string) {
  const row = await itemOf(ctx.db, actor.accountId, itemId);
  requirePlanner(actor);
  await requirePlanningInScope(ctx.db, actor, row.locationId);
  const apps = await applicationsOf(ctx.db, actor.accountId, row.id);
  return apps.map((a) => ({ membership: a.membershipId, appliedAt: a.appliedAt.toISOString(), accepted: a.accepted }));
}

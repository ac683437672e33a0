import type { HoursResponse, RegisterHoursRequest, UpdateHoursRequest } from '@app/contracts';
import { mayRegisterHours, now } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { hours, locations, memberships, rosterItems } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requireHoursAbility, requireReach } from './access';
import { announce, changeLine } from './change';
import { lineOf } from './present';
import { lockHours } from './repo';
import { checkedValues, type Draft } from './values';

/** Registering hours (for a planned item or unplanned), editing and removing a line: one command each. */

export async function register(ctx: AppContext, actor: Actor, input: RegisterHoursRequest): Promise<HoursResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    let draft: Draft;
    let defaultCostCentre: string | null = null;
    if (input.item) {
      const [item] = await tx
        .select()
        .from(rosterItems)
        .where(and(eq(rosterItems.id, input.item), eq(rosterItems.accountId, actor.accountId)))
        .for('update');
      if (!item?.membershipId) throw new AppError('NOT_FOUND');
      requireAllowed(mayRegisterHours(actor, { forMember: item.membershipId, planned: true }));
      if (item.membershipId !== actor.membershipId)
        await requireReach(tx, actor, { ...item, membershipId: item.membershipId });
      const [existing] = await tx.select({ id: hours.id }).from(hours).where(eq(hours.itemId, item.id));
      if (existing) throw new AppError('ERR_HOURS_EXIST', { data: { hours: existing.id } });
      draft = {
        membershipId: item.membershipId,
        itemId: item.id,
        locationId: item.locationId,
        dutyId: item.dutyId,
        date: item.date,
        tagIds: item.tagIds,
      };
      defaultCostCentre = item.costCentreId;
    } else {
      const member = input.member ?? actor.membershipId;
      const [loc] = await tx
        .select({ id: locations.id })
        .from(locations)
        .where(and(eq(locations.id, input.location as string), eq(locations.accountId, actor.accountId)));
      if (!loc) throw new AppError('NOT_FOUND');
      const [m] = await tx
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.id, member), eq(memberships.accountId, actor.accountId)));
      if (!m) throw new AppError('NOT_FOUND');
      requireAllowed(mayRegisterHours(actor, { forMember: member, planned: false }));
      if (member !== actor.membershipId) await requireReach(tx, actor, { membershipId: member, locationId: loc.id });
      draft = {
        membershipId: member,
        itemId: null,
        locationId: loc.id,
        dutyId: null,
        date: input.date as string,
        tagIds: [],
      };
    }
    const values = await checkedValues(tx, actor, draft, input, { defaultCostCentre });
    const at = now();
    const [row] = await tx
      .insert(hours)
      .values({
        accountId: actor.accountId,
        membershipId: draft.membershipId,
        itemId: draft.itemId,
        locationId: draft.locationId,
        dutyId: draft.dutyId,
        date: draft.date,
        tagIds: draft.tagIds,
        ...values,
        status: 'pending',
        createdBy: actor.membershipId,
        createdAt: at,
        updatedAt: at,
      })
      .returning({ id: hours.id });
    await recordActivity(tx, actor, { entity: 'hours', entityId: row.id, action: 'create', after: values });
    const line = await lineOf(tx, actor, row.id);
    announce(command, actor, [row.id], [line.member.id]);
    return { hours: line };
  });
}

export async function update(
  ctx: AppContext,
  actor: Actor,
  id: string,
  input: UpdateHoursRequest,
): Promise<HoursResponse> {
  return changeLine(ctx, actor, id, async ({ tx }, row) => {
    await requireReach(tx, actor, row);
    requireHoursAbility(actor, row, 'edit');
    const values = await checkedValues(
      tx,
      actor,
      { ...row, itemId: row.itemId, dutyId: row.dutyId },
      { ...input, costCentre: input.costCentre ?? row.costCentreId },
      { exceptId: row.id },
    );
    // A denied line that is changed goes back to the supervisor.
    const reset =
      row.status === 'denied' ? { status: 'pending', denialMessage: null, deniedAt: null, deniedBy: null } : {};
    await tx
      .update(hours)
      .set({ ...values, ...reset, updatedAt: now() })
      .where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'update', before: row, after: values });
  });
}

export async function remove(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const row = await lockHours(tx, actor.accountId, id);
    await requireReach(tx, actor, row);
    requireHoursAbility(actor, row, 'remove');
    await tx.delete(hours).where(eq(hours.id, id));
    await recordActivity(tx, actor, { entity: 'hours', entityId: id, action: 'delete', before: row });
    announce(command, actor, [id], [row.membershipId]);
  });
}

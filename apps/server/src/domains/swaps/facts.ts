import type { AccountSettings } from '@app/contracts';
import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  availabilityVerdict,
  effectiveAvailability,
  placementProblem,
  type SwapVerdict,
  type TakerFacts,
  takerVerdict,
  weeklyLimitMinutes,
  weekStart,
} from '@app/domain';
import { and, between, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  availability,
  availabilityDefaults,
  membershipDuties,
  membershipLocations,
  memberships,
  rosterItems,
} from '../../db/schema';
import { runningContracts } from '../../platform/running-contracts';
import { placedItem, restHoursByDuty } from '../roster/checks';
import { type ItemRow, itemMinutes } from '../roster/present';

/**
 * What one person taking one duty meets, read the way a planner's edit reads it (docs/product/swaps.md): their
 * function and planning, their other items around the day (`except`: the duty they give in return), their
 * availability under the account's policy, and their week against their contract.
 */
export async function takerFacts(
  db: DbOrTx,
  input: { accountId: string; settings: AccountSettings; item: ItemRow; takerId: string; except: string[] },
): Promise<TakerFacts> {
  const { item, takerId, settings } = input;
  const timeZone = settings.timeZone;
  const from = weekStart(item.date, settings.weekStartsOn);
  const [member] = await db
    .select({ status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.id, takerId), eq(memberships.accountId, input.accountId)));
  const [belongs] = await db
    .select({ id: membershipLocations.locationId })
    .from(membershipLocations)
    .where(and(eq(membershipLocations.membershipId, takerId), eq(membershipLocations.locationId, item.locationId)));
  const [holds] = item.dutyId
    ? await db
        .select({ id: membershipDuties.dutyId })
        .from(membershipDuties)
        .where(and(eq(membershipDuties.membershipId, takerId), eq(membershipDuties.dutyId, item.dutyId)))
    : [{ id: null }];
  const skip = new Set([item.id, ...input.except]);
  const lo = addDays(item.date, -1) < from ? addDays(item.date, -1) : from;
  const hi = addDays(item.date, 1) > addDays(from, 6) ? addDays(item.date, 1) : addDays(from, 6);
  const own = (
    await db
      .select()
      .from(rosterItems)
      .where(
        and(
          eq(rosterItems.accountId, input.accountId),
          eq(rosterItems.membershipId, takerId),
          between(rosterItems.date, lo, hi),
        ),
      )
  ).filter((o) => !skip.has(o.id));
  const rest = await restHoursByDuty(db, input.accountId);
  const around = [addDays(item.date, -1), item.date, addDays(item.date, 1)];
  const problem = placementProblem(
    placedItem(item, rest, timeZone),
    own.filter((o) => around.includes(o.date)).map((o) => placedItem(o, rest, timeZone)),
    timeZone,
  );
  const [entry] = await db
    .select()
    .from(availability)
    .where(and(eq(availability.membershipId, takerId), eq(availability.date, item.date)));
  const defaults = entry
    ? []
    : await db.select().from(availabilityDefaults).where(eq(availabilityDefaults.membershipId, takerId));
  const state = effectiveAvailability(
    (entry as AvailabilityState | undefined) ?? null,
    defaults as AvailabilityDefaultRule[],
    item.date,
  );
  const timed = (r: ItemRow) => r.fromMinutes !== null && r.untilMinutes !== null;
  const plannedMinutes = own
    .filter((o) => o.date >= from && o.date <= addDays(from, 6) && timed(o))
    .reduce((sum, o) => sum + itemMinutes(o, timeZone), 0);
  const contracts = await runningContracts(db, input.accountId, [takerId], item.date);
  return {
    eligible: member?.status === 'active' && Boolean(belongs) && Boolean(holds),
    placement: problem?.code ?? null,
    availability: availabilityVerdict(state, item, settings.unavailablePolicy),
    week: {
      plannedMinutes,
      itemMinutes: timed(item) ? itemMinutes(item, timeZone) : 0,
      limitMinutes: weeklyLimitMinutes(contracts.get(takerId) ?? null),
    },
  };
}

/** The verdict on one person taking one duty. */
export async function takerVerdictOf(db: DbOrTx, input: Parameters<typeof takerFacts>[1]): Promise<SwapVerdict> {
  return takerVerdict(await takerFacts(db, input));
}

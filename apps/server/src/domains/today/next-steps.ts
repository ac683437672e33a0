import type { NextStepsResponse } from '@app/contracts';
import { addDays, formatHHmm, isReleased, memberHasRole, now, todayIn } from '@app/domain';
import { and, asc, count, eq, gte, inArray, isNull, lte } from 'drizzle-orm';
import { duties, itemApplications, locations, rosterItems } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { heldLocationIds, planningReachOf } from '../members/scope';
import { offersFor } from '../roster/offers';

const AHEAD_DAYS = 14;
const NEXT_DUTIES = 5;

/**
 * GET /api/next-steps: what the overview puts first for this member: their next duties, the answers planners owe
 * (sign-outs, applications), open duties, and their own requests still waiting.
 */
export async function readNextSteps(ctx: AppContext, actor: Actor): Promise<NextStepsResponse> {
  const settings = actor.settings;
  const today = todayIn(settings.timeZone, now());
  const until = addDays(today, AHEAD_DAYS);
  const planner = memberHasRole(actor, 'planner');
  const roster = actor.modules.includes('roster');
  const empty = { signOuts: 0, applications: 0 };
  if (!roster) return { myNextDuties: [], pendingApprovals: planner ? empty : null, openDuties: 0, unanswered: empty };

  const all = await ctx.db.select().from(locations).where(eq(locations.accountId, actor.accountId));
  const held = new Set(await heldLocationIds(ctx.db, actor.membershipId));
  const reach = planner ? await planningReachOf(ctx.db, actor) : null;
  const planned = reach ? all.filter((l) => reach.includes(l.id)) : [];
  const mine = all.filter((l) => held.has(l.id));
  const byId = new Map(all.map((l) => [l.id, l]));

  const own = await ctx.db
    .select({ item: rosterItems, duty: duties.name })
    .from(rosterItems)
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        eq(rosterItems.membershipId, actor.membershipId),
        gte(rosterItems.date, today),
      ),
    )
    .orderBy(asc(rosterItems.date), asc(rosterItems.fromMinutes))
    .limit(50);
  const myNextDuties = own
    .filter((r) => planner || isReleased(r.item.date, byId.get(r.item.locationId)?.releasedUntil ?? null))
    .slice(0, NEXT_DUTIES)
    .map(({ item, duty }) => ({
      item: item.id,
      date: item.date,
      from: item.fromMinutes === null ? null : formatHHmm(item.fromMinutes),
      until: item.untilMinutes === null ? null : formatHHmm(item.untilMinutes),
      location: { id: item.locationId, name: byId.get(item.locationId)?.name ?? '' },
      duty,
    }));

  // Open duties: planners count what they may fill; others what they may take on released days of their plannings.
  const openWhere = planner ? planned : mine;
  const openRows = openWhere.length
    ? await ctx.db
        .select({
          id: rosterItems.id,
          date: rosterItems.date,
          locationId: rosterItems.locationId,
          membershipId: rosterItems.membershipId,
          dutyId: rosterItems.dutyId,
          shiftId: rosterItems.shiftId,
          fromMinutes: rosterItems.fromMinutes,
          untilMinutes: rosterItems.untilMinutes,
        })
        .from(rosterItems)
        .where(
          and(
            eq(rosterItems.accountId, actor.accountId),
            isNull(rosterItems.membershipId),
            inArray(
              rosterItems.locationId,
              openWhere.map((l) => l.id),
            ),
            gte(rosterItems.date, today),
            lte(rosterItems.date, until),
          ),
        )
    : [];
  const openVisible = openRows.filter(
    (r) => planner || isReleased(r.date, byId.get(r.locationId)?.releasedUntil ?? null),
  );
  // An employee's count is what the roster offers them: the open duties they may take (docs/product/roster.md).
  const offers = planner ? null : await offersFor(ctx.db, actor, openVisible);
  const openDuties = offers ? Object.values(offers).filter((o) => o.can).length : openVisible.length;

  let pendingApprovals: NextStepsResponse['pendingApprovals'] = null;
  if (planner) {
    const ids = planned.map((l) => l.id);
    const [signOuts] = ids.length
      ? await ctx.db
          .select({ n: count() })
          .from(rosterItems)
          .where(
            and(
              eq(rosterItems.accountId, actor.accountId),
              eq(rosterItems.flag, 'signout'),
              inArray(rosterItems.locationId, ids),
              gte(rosterItems.date, today),
            ),
          )
      : [{ n: 0 }];
    const [applications] = ids.length
      ? await ctx.db
          .select({ n: count() })
          .from(itemApplications)
          .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId))
          .where(
            and(
              eq(rosterItems.accountId, actor.accountId),
              isNull(itemApplications.accepted),
              isNull(rosterItems.membershipId),
              inArray(rosterItems.locationId, ids),
              gte(rosterItems.date, today),
            ),
          )
      : [{ n: 0 }];
    pendingApprovals = { signOuts: Number(signOuts.n), applications: Number(applications.n) };
  }

  const [mySignOuts] = await ctx.db
    .select({ n: count() })
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        eq(rosterItems.membershipId, actor.membershipId),
        eq(rosterItems.flag, 'signout'),
        gte(rosterItems.date, today),
      ),
    );
  const [myApplications] = await ctx.db
    .select({ n: count() })
    .from(itemApplications)
    .innerJoin(rosterItems, eq(rosterItems.id, itemApplications.itemId))
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        eq(itemApplications.membershipId, actor.membershipId),
        isNull(itemApplications.accepted),
        gte(rosterItems.date, today),
      ),
    );
  return {
    myNextDuties,
    pendingApprovals,
    openDuties,
    unanswered: { signOuts: Number(mySignOuts.n), applications: Number(myApplications.n) },
  };
}

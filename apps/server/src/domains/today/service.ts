import type { TodayEntry, TodayResponse } from '@app/contracts';
import {
  displayNameFor,
  formatHHmm,
  isReleased,
  mayUseToday,
  memberHasRole,
  now,
  todayIn,
  todayItemState,
} from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { duties, locations, memberships, rosterItems, users } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { accountOf } from '../accounts/service';
import { openCheckinMembers } from '../checkins/service';
import { heldLocationIds, planningReachOf } from '../members/scope';

/**
 * Who is checked in, per member, for the today page: null where the account keeps no check-ins (the module is off),
 * so the page shows planned and working instead of checked in and late. An open check-in (domains/checkins) is
 * what counts; the check-ins domain emits CheckinUpdated to the account's room when one opens or closes.
 */
export async function checkedInMembers(
  db: DbOrTx,
  accountId: string,
  membershipIds: readonly string[],
  checkinsOn: boolean,
): Promise<Set<string> | null> {
  if (!checkinsOn) return null;
  return openCheckinMembers(db, accountId, membershipIds);
}

/** The plannings the member sees today: planners within their restriction; observers their own, released days. */
async function visibleLocations(db: DbOrTx, actor: Actor) {
  const all = await db.select().from(locations).where(eq(locations.accountId, actor.accountId));
  const held = new Set(await heldLocationIds(db, actor.membershipId));
  if (memberHasRole(actor, 'planner')) {
    const reach = await planningReachOf(db, actor);
    return all.filter((l) => reach.includes(l.id));
  }
  return all.filter((l) => held.has(l.id));
}

/** GET /api/today: the day's duties across the plannings the member sees, each with its state now. */
export async function readToday(ctx: AppContext, actor: Actor): Promise<TodayResponse> {
  const account = await accountOf(ctx.db, actor.accountId);
  requireAllowed(mayUseToday(actor, { demo: account.demo, modules: actor.modules }));
  const settings = accountSettings(account.settings);
  const at = now();
  const date = todayIn(settings.timeZone, at);
  const planner = memberHasRole(actor, 'planner');
  const shown = (await visibleLocations(ctx.db, actor)).filter((l) => planner || isReleased(date, l.releasedUntil));
  const byId = new Map(shown.map((l) => [l.id, l]));
  const items = shown.length
    ? await ctx.db
        .select({
          item: rosterItems,
          fname: users.fname,
          lname: users.lname,
          email: users.email,
          dutyName: duties.name,
          dutyColor: duties.color,
        })
        .from(rosterItems)
        .leftJoin(memberships, eq(memberships.id, rosterItems.membershipId))
        .leftJoin(users, eq(users.id, memberships.userId))
        .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
        .where(
          and(
            eq(rosterItems.accountId, actor.accountId),
            eq(rosterItems.date, date),
            inArray(rosterItems.locationId, [...byId.keys()]),
          ),
        )
    : [];
  const people = [...new Set(items.map((r) => r.item.membershipId).filter((m): m is string => Boolean(m)))];
  const checked = await checkedInMembers(ctx.db, actor.accountId, people, actor.modules.includes('checkins'));
  const entries: TodayEntry[] = items.map(({ item, fname, lname, email, dutyName, dutyColor }) => {
    const checkedIn = item.membershipId && checked ? checked.has(item.membershipId) : null;
    const location = byId.get(item.locationId);
    return {
      item: item.id,
      location: { id: item.locationId, name: location?.name ?? '' },
      person: item.membershipId
        ? {
            id: item.membershipId,
            name:
              displayNameFor(actor, {
                id: item.membershipId,
                name: [fname, lname].filter(Boolean).join(' ') || (email ?? ''),
              }) ?? '',
          }
        : null,
      duty: item.dutyId && dutyName ? { id: item.dutyId, name: dutyName, color: dutyColor ?? '#868e96' } : null,
      from: item.fromMinutes === null ? null : formatHHmm(item.fromMinutes),
      until: item.untilMinutes === null ? null : formatHHmm(item.untilMinutes),
      state: todayItemState(
        {
          membershipId: item.membershipId,
          flag: item.flag,
          startAt: item.startAt?.getTime() ?? null,
          endAt: item.endAt?.getTime() ?? null,
        },
        at.getTime(),
        checkedIn,
      ),
      checkedIn,
    };
  });
  entries.sort(
    (a, b) =>
      (a.from ?? '99').localeCompare(b.from ?? '99') ||
      a.location.name.localeCompare(b.location.name) ||
      (a.person?.name ?? '').localeCompare(b.person?.name ?? ''),
  );
  const count = (s: TodayEntry['state']) => entries.filter((e) => e.state === s).length;
  return {
    date,
    now: at.toISOString(),
    entries,
    counts: {
      planned: entries.filter((e) => e.person).length,
      working: count('working') + count('checkedIn') + count('late'),
      checkedIn: count('checkedIn'),
      late: count('late'),
      sick: count('sick'),
      open: count('open'),
    },
  };
}

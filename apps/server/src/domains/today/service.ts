import type { TodayEntry, TodayResponse } from '@app/contracts';
import { displayNameFor, isReleased, mayUseToday, memberHasRole, now, todayIn } from '@app/domain';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { locations } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { accountOf } from '../accounts/service';
import { heldLocationIds, planningReachOf } from '../members/scope';
import { todayEntries } from './entries';

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
  const entries = await todayEntries(ctx.db, {
    accountId: actor.accountId,
    locations: shown,
    date,
    at,
    checkinsOn: actor.modules.includes('checkins'),
    nameOf: (person) => displayNameFor(actor, person) ?? '',
  });
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

import type { Locale, Role } from '@app/contracts';
import { addDays, displayNameFor, localizedPath, mayPlan, todayIn } from '@app/domain';
import { and, between, eq, isNotNull, lte, type SQL } from 'drizzle-orm';
import {
  calendarFeeds,
  duties,
  locations,
  memberships,
  planningFeeds,
  rosterItems,
  shifts,
  users,
} from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { sha256 } from '../../platform/tokens';
import { accountOf } from '../accounts/service';
import { planningReachOf } from '../members/scope';
import { type FeedEvent, renderCalendar } from './render';
import { FEED_WORDS } from './words';

/** How far a feed reaches back and ahead. */
const PAST_DAYS = 30;
const FUTURE_DAYS = 180;

type FeedMember = typeof memberships.$inferSelect;

/** Whose feed a secret opens, and what it shows: the member's own duties, or a planning's. */
async function feedOf(ctx: AppContext, token: string) {
  const hash = sha256(token);
  const [own] = await ctx.db
    .select({ membership: memberships, user: users })
    .from(calendarFeeds)
    .innerJoin(memberships, eq(memberships.id, calendarFeeds.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(calendarFeeds.tokenHash, hash));
  if (own) return { ...own, locationId: null };
  const [planning] = await ctx.db
    .select({ membership: memberships, user: users, locationId: planningFeeds.locationId })
    .from(planningFeeds)
    .innerJoin(memberships, eq(memberships.id, planningFeeds.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(planningFeeds.tokenHash, hash));
  return planning ?? null;
}

/** Whether the maker of a planning's feed still plans that planning (roles and restriction as of now). */
async function stillPlans(ctx: AppContext, membership: FeedMember, locationId: string) {
  if (!mayPlan({ roles: membership.roles as Role[] })) return false;
  return (await planningReachOf(ctx.db, { membershipId: membership.id })).includes(locationId);
}

/**
 * The iCalendar text behind a secret: the member's duties on released days, or every duty of a planning on
 * released days for the person who plans it (docs/product/roster.md, "Calendar feeds").
 */
export async function renderFeed(ctx: AppContext, token: string): Promise<string> {
  const feed = await feedOf(ctx, token);
  if (feed?.membership.status !== 'active') throw new AppError('NOT_FOUND');
  const { membership, user, locationId } = feed;
  if (locationId && !(await stillPlans(ctx, membership, locationId))) throw new AppError('NOT_FOUND');
  const account = await accountOf(ctx.db, membership.accountId);
  const settings = accountSettings(account.settings);
  const today = todayIn(settings.timeZone);
  const whose: SQL | undefined = locationId
    ? eq(rosterItems.locationId, locationId)
    : eq(rosterItems.membershipId, membership.id);
  const rows = await ctx.db
    .select({
      item: rosterItems,
      location: locations,
      duty: duties,
      shift: shifts,
      person: { id: memberships.id, fname: users.fname, lname: users.lname },
    })
    .from(rosterItems)
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .leftJoin(shifts, eq(shifts.id, rosterItems.shiftId))
    .leftJoin(memberships, eq(memberships.id, rosterItems.membershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(rosterItems.accountId, membership.accountId),
        whose,
        between(rosterItems.date, addDays(today, -PAST_DAYS), addDays(today, FUTURE_DAYS)),
        isNotNull(locations.releasedUntil),
        lte(rosterItems.date, locations.releasedUntil),
      ),
    );
  const locale = user.locale as Locale;
  const words = FEED_WORDS[locale] ?? FEED_WORDS.en;
  const viewer = {
    membershipId: membership.id,
    roles: membership.roles as Role[],
    plannerRestricted: membership.plannerRestricted,
  };
  const rosterLink = `${ctx.config.publicUrl}${localizedPath('roster', locale)}`;
  const events: FeedEvent[] = rows.map(({ item, location, duty, shift, person: who }) => {
    const what = duty?.name ?? shift?.name ?? location.name;
    let summary = `${what} · ${location.name}`;
    if (locationId) {
      // A planning's feed says who works: the planner restriction's rule for names applies here as on the grid.
      const name = who?.id ? displayNameFor(viewer, { id: who.id, name: `${who.fname} ${who.lname}`.trim() }) : null;
      summary = `${who?.id ? (name ?? '•') : words.open} · ${what}`;
    }
    if (item.flag === 'sick') summary = locationId ? `${summary} (${words.sick})` : `✚ ${summary}`;
    return {
      id: item.id,
      summary,
      description: [item.notes, rosterLink].filter(Boolean).join('\n\n'),
      location: [location.name, location.address, [location.zip, location.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
      date: item.date,
      fromMinutes: item.fromMinutes,
      untilMinutes: item.untilMinutes,
      timed: Boolean(item.startAt && item.endAt),
      updatedAt: item.updatedAt,
    };
  });
  return renderCalendar({
    name: account.name,
    locale,
    timeZone: settings.timeZone,
    host: new URL(ctx.config.publicUrl).hostname,
    events,
  });
}

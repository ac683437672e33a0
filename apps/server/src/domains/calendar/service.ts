import type { Locale } from '@app/contracts';
import { addDays, formatHHmm, localizedPath, now, todayIn } from '@app/domain';
import { getVtimezoneComponent } from '@touch4it/ical-timezones';
import { and, between, eq, isNotNull, lte } from 'drizzle-orm';
import ical, { ICalCalendarMethod } from 'ical-generator';
import { calendarFeeds, duties, locations, memberships, rosterItems, shifts, users } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { randomToken, sha256 } from '../../platform/tokens';
import { accountOf } from '../accounts/service';

/** How far the feed reaches back and ahead. */
const PAST_DAYS = 30;
const FUTURE_DAYS = 180;

const feedUrl = (ctx: AppContext, token: string) => `${ctx.config.publicUrl}/api/ical/${token}.ics`;

/** Whether the member has a subscription (the URL itself is shown only when it is made). */
export async function feedState(ctx: AppContext, actor: Actor) {
  const [row] = await ctx.db.select().from(calendarFeeds).where(eq(calendarFeeds.membershipId, actor.membershipId));
  return { active: Boolean(row), createdAt: row?.createdAt.toISOString() ?? null };
}

/**
 * Makes a new secret feed URL for the member's released duties; an earlier URL stops working. Only the hash of
 * the secret is stored, so the URL is shown once.
 */
export async function createFeed(ctx: AppContext, actor: Actor) {
  const token = randomToken(24);
  // The feed and its line in the activity log stand or fall together.
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx
      .insert(calendarFeeds)
      .values({ membershipId: actor.membershipId, tokenHash: sha256(token) })
      .onConflictDoUpdate({
        target: calendarFeeds.membershipId,
        set: { tokenHash: sha256(token), createdAt: now() },
      });
    await recordActivity(tx, actor, { entity: 'calendar', entityId: actor.membershipId, action: 'create' });
  });
  const url = feedUrl(ctx, token);
  return { url, webcal: url.replace(/^https?:/, 'webcal:') };
}

export async function revokeFeed(ctx: AppContext, actor: Actor) {
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.delete(calendarFeeds).where(eq(calendarFeeds.membershipId, actor.membershipId));
    await recordActivity(tx, actor, { entity: 'calendar', entityId: actor.membershipId, action: 'revoke' });
  });
}

/** The iCalendar text of a feed: the member's duties on released days, valid for Google, Apple and Outlook. */
export async function renderFeed(ctx: AppContext, token: string): Promise<string> {
  const [feed] = await ctx.db
    .select({ membership: memberships, user: users })
    .from(calendarFeeds)
    .innerJoin(memberships, eq(memberships.id, calendarFeeds.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(calendarFeeds.tokenHash, sha256(token)));
  if (feed?.membership.status !== 'active') throw new AppError('NOT_FOUND');
  const account = await accountOf(ctx.db, feed.membership.accountId);
  const settings = accountSettings(account.settings);
  const today = todayIn(settings.timeZone);
  const rows = await ctx.db
    .select({ item: rosterItems, location: locations, duty: duties, shift: shifts })
    .from(rosterItems)
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .leftJoin(shifts, eq(shifts.id, rosterItems.shiftId))
    .where(
      and(
        eq(rosterItems.accountId, feed.membership.accountId),
        eq(rosterItems.membershipId, feed.membership.id),
        between(rosterItems.date, addDays(today, -PAST_DAYS), addDays(today, FUTURE_DAYS)),
        isNotNull(locations.releasedUntil),
        lte(rosterItems.date, locations.releasedUntil),
      ),
    );
  const locale = feed.user.locale as Locale;
  const calendar = ical({
    name: `${account.name}`,
    prodId: { company: 'Rosterly', product: 'roster', language: locale.toUpperCase() },
    method: ICalCalendarMethod.PUBLISH,
    // With the VTIMEZONE component (RFC 5545 requires it for every TZID used), so clients read real local times.
    timezone: { name: settings.timeZone, generator: getVtimezoneComponent },
    ttl: 60 * 60,
  });
  const host = new URL(ctx.config.publicUrl).hostname;
  for (const { item, location, duty, shift } of rows) {
    const what = duty?.name ?? shift?.name ?? location.name;
    const summary = `${what} · ${location.name}`;
    const common = {
      id: `${item.id}@${host}`,
      summary: item.flag === 'sick' ? `✚ ${summary}` : summary,
      description: [item.notes, `${ctx.config.publicUrl}${localizedPath('roster', locale)}`]
        .filter(Boolean)
        .join('\n\n'),
      location: [location.name, location.address, [location.zip, location.city].filter(Boolean).join(' ')]
        .filter(Boolean)
        .join(', '),
      stamp: item.updatedAt,
      lastModified: item.updatedAt,
    };
    if (item.startAt && item.endAt && item.fromMinutes !== null && item.untilMinutes !== null) {
      // Local wall-clock times with the zone's TZID (a JS Date would be written in the server's own zone); an end
      // not after the start (or at 24:00) is on the next day.
      const sameDay = item.untilMinutes > item.fromMinutes && item.untilMinutes < 1440;
      const endDate = sameDay ? item.date : addDays(item.date, 1);
      calendar.createEvent({
        ...common,
        start: `${item.date}T${formatHHmm(item.fromMinutes)}:00`,
        end: `${endDate}T${formatHHmm(item.untilMinutes)}:00`,
        timezone: settings.timeZone,
      });
    } else {
      calendar.createEvent({ ...common, start: new Date(`${item.date}T00:00:00Z`), allDay: true });
    }
  }
  return calendar.toString();
}

import { ACTIVITY_LOG_DAYS, type ActivityLogQuery, type ActivityLogResponse } from '@app/contracts';
import { mayReadActivityLog, now } from '@app/domain';
import { and, desc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { activityLog, locations, memberships, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { accountOf } from '../accounts/service';
import { namesOf } from './names';

const PAGE_SIZE = 50;

/**
 * The planning an entry concerns: the location itself, or the location named by the row before or after the change
 * (items, notes, comments, presets carry `locationId`).
 */
const locationOfEntry = sql<string | null>`coalesce(
  case when ${activityLog.entity} = 'location' then ${activityLog.entityId}::text end,
  ${activityLog.after}->>'locationId', ${activityLog.before}->>'locationId')`;

/**
 * GET /api/activity-log: the account's changes of the last 30 days (docs/product/notifications.md), newest first, a
 * page at a time, filtered by who made them, planning and kind. Owners and managers of a special account (the menu's
 * rule).
 */
export async function readActivityLog(
  ctx: AppContext,
  actor: Actor,
  query: ActivityLogQuery,
): Promise<ActivityLogResponse> {
  const account = await accountOf(ctx.db, actor.accountId);
  requireAllowed(mayReadActivityLog(actor, account));
  const since = new Date(now().getTime() - ACTIVITY_LOG_DAYS * 24 * 60 * 60 * 1000);
  const window = and(eq(activityLog.accountId, actor.accountId), gte(activityLog.at, since));
  // A filter naming another account's person or planning answers 404, like one that does not exist.
  if (query.person) {
    const [m] = await ctx.db
      .select({ id: memberships.id })
      .from(memberships)
      .where(and(eq(memberships.id, query.person), eq(memberships.accountId, actor.accountId)));
    if (!m) throw new AppError('NOT_FOUND');
  }
  if (query.location) {
    const [l] = await ctx.db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.id, query.location), eq(locations.accountId, actor.accountId)));
    if (!l) throw new AppError('NOT_FOUND');
  }

  let cursor: { at: Date; id: string } | null = null;
  if (query.before) {
    const [row] = await ctx.db
      .select({ at: activityLog.at, id: activityLog.id })
      .from(activityLog)
      .where(and(window, eq(activityLog.id, query.before)));
    if (!row) throw new AppError('NOT_FOUND');
    cursor = row;
  }
  const rows = await ctx.db
    .select({
      entry: activityLog,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      locationId: locationOfEntry,
      locationName: locations.name,
    })
    .from(activityLog)
    .leftJoin(memberships, eq(memberships.id, activityLog.membershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .leftJoin(locations, and(eq(locations.accountId, actor.accountId), sql`${locations.id}::text = ${locationOfEntry}`))
    .where(
      and(
        window,
        query.person ? eq(activityLog.membershipId, query.person) : undefined,
        query.kind ? eq(activityLog.entity, query.kind) : undefined,
        query.location ? sql`${locationOfEntry} = ${query.location}` : undefined,
        cursor
          ? or(lt(activityLog.at, cursor.at), and(eq(activityLog.at, cursor.at), lt(activityLog.id, cursor.id)))
          : undefined,
      ),
    )
    .orderBy(desc(activityLog.at), desc(activityLog.id))
    .limit(PAGE_SIZE + 1);

  // The filters' choices: what occurs in the window.
  const [kinds, people, places] = await Promise.all([
    ctx.db.selectDistinct({ kind: activityLog.entity }).from(activityLog).where(window),
    ctx.db
      .selectDistinct({ id: memberships.id, fname: users.fname, lname: users.lname, email: users.email })
      .from(activityLog)
      .innerJoin(memberships, eq(memberships.id, activityLog.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(window),
    ctx.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.accountId, actor.accountId)),
  ]);
  const page = rows.slice(0, PAGE_SIZE);
  const names = await namesOf(
    ctx.db,
    actor.accountId,
    page.flatMap((r) => [r.entry.before, r.entry.after]),
  );
  const nameOf = (p: { fname: string | null; lname: string | null; email: string | null }) =>
    [p.fname, p.lname].filter(Boolean).join(' ') || (p.email ?? '');
  return {
    entries: page.map((r) => ({
      id: r.entry.id,
      at: r.entry.at.toISOString(),
      person: r.entry.membershipId ? { id: r.entry.membershipId, name: nameOf(r) } : null,
      kind: r.entry.entity,
      entityId: r.entry.entityId,
      action: r.entry.action,
      location: r.locationId && r.locationName ? { id: r.locationId, name: r.locationName } : null,
      before: r.entry.before,
      after: r.entry.after,
    })),
    more: rows.length > PAGE_SIZE,
    kinds: kinds.map((k) => k.kind).sort(),
    people: people.map((p) => ({ id: p.id, name: nameOf(p) })).sort((a, b) => a.name.localeCompare(b.name)),
    locations: places.sort((a, b) => a.name.localeCompare(b.name)),
    names,
  };
}

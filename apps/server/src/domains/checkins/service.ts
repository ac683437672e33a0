import {
  type CheckInRequest,
  type CheckinBoardEntry,
  type CheckinBoardResponse,
  type CheckinResponse,
  type CheckOutRequest,
  HOURS_MAX_MINUTES,
  type MyCheckinDuty,
  type MyCheckinsResponse,
} from '@app/contracts';
import {
  addDays,
  checkinTiming,
  distanceMeters,
  formatHHmm,
  localMinuteOf,
  mayOverseeCheckins,
  now,
  todayIn,
  workedMinutes,
} from '@app/domain';
import { and, asc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import {
  accounts,
  checkins,
  duties,
  hours,
  locationCoordinates,
  locations,
  memberships,
  rosterItems,
  users,
} from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { costOf } from '../hours/values';
import { reachOf } from '../members/scope';

/**
 * Check-ins (docs/product/checkins.md; module checkins, BETA). A member checks into a planned duty of theirs on their
 * phone within the account's window and, when the account asks for it, within the radius of the planning's coordinates;
 * checks out themselves, or a supervisor checks them out (CheckoutBySupervisor to the member), or the auto check-out
 * job does after the planned end plus the account's delay. One check-in per duty. The check-out registers the duty's
 * hours (pending, from the check-in to the check-out, the planned break) unless the item already has hours, which it
 * then links. Every write is one command (platform/command.ts). Realtime, after the commit: CheckinUpdated to the
 * account's room (the today page), CheckinRefresh to the member's.
 */

type CheckoutKind = 'self' | 'supervisor' | 'auto';
type CheckinRow = typeof checkins.$inferSelect;
type ItemRow = typeof rosterItems.$inferSelect;

const windowOf = (s: ReturnType<typeof accountSettings>) => ({
  minBefore: s.checkinMinMinutesBefore,
  maxBefore: s.checkinMaxMinutesBefore,
});

function announce(command: Command, accountId: string, membershipId: string, item: string) {
  command.emit(`account.${accountId}`, 'CheckinUpdated', { item, membership: membershipId });
  command.emit(`membership.${membershipId}`, 'CheckinRefresh', { item });
}

/** Whether the check-in came later than `minBefore` minutes before the planned start. */
function wasLate(item: Pick<ItemRow, 'startAt'>, checkedInAt: Date, minBefore: number): boolean {
  return item.startAt !== null && checkedInAt.getTime() > item.startAt.getTime() - minBefore * 60_000;
}

const kindOf = (k: string | null) => (k === 'self' || k === 'supervisor' || k === 'auto' ? k : null);

/** The member's duties a phone shows: those running or starting today (and last night's still running). */
export async function myCheckins(ctx: AppContext, actor: Actor): Promise<MyCheckinsResponse> {
  const settings = actor.settings;
  const at = now();
  const today = todayIn(settings.timeZone, at);
  const rows = await ctx.db
    .select({
      item: rosterItems,
      locationName: locations.name,
      hasCoordinates: sql<boolean>`${locationCoordinates.locationId} is not null`,
      dutyName: duties.name,
      dutyColor: duties.color,
      checkin: checkins,
    })
    .from(rosterItems)
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(locationCoordinates, eq(locationCoordinates.locationId, rosterItems.locationId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .leftJoin(checkins, eq(checkins.itemId, rosterItems.id))
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        eq(rosterItems.membershipId, actor.membershipId),
        inArray(rosterItems.date, [addDays(today, -1), today]),
        isNotNull(rosterItems.startAt),
        isNotNull(rosterItems.endAt),
      ),
    )
    .orderBy(asc(rosterItems.startAt));
  const window = windowOf(settings);
  const duties_: MyCheckinDuty[] = rows
    .filter((r) => r.item.date === today || (r.item.endAt as Date) > at || (r.checkin && !r.checkin.checkedOutAt))
    .filter((r) => r.item.flag !== 'sick')
    .map(({ item, locationName, hasCoordinates, dutyName, dutyColor, checkin }) => {
      const span = { start: (item.startAt as Date).getTime(), end: (item.endAt as Date).getTime() };
      const timing = checkinTiming(span, at.getTime(), window);
      return {
        item: item.id,
        date: item.date,
        from: formatHHmm(item.fromMinutes ?? 0),
        until: formatHHmm(item.untilMinutes ?? 0),
        location: { id: item.locationId, name: locationName, hasCoordinates: Boolean(hasCoordinates) },
        duty: item.dutyId && dutyName ? { id: item.dutyId, name: dutyName, color: dutyColor ?? '#868e96' } : null,
        state: checkin ? (checkin.checkedOutAt ? 'checkedOut' : 'checkedIn') : 'open',
        opensAt: new Date(span.start - window.maxBefore * 60_000).toISOString(),
        canCheckIn: !checkin && (timing === 'onTime' || timing === 'late'),
        checkin: checkin
          ? {
              id: checkin.id,
              checkedInAt: checkin.checkedInAt.toISOString(),
              checkedOutAt: checkin.checkedOutAt?.toISOString() ?? null,
              checkoutKind: kindOf(checkin.checkoutKind),
              late: wasLate(item, checkin.checkedInAt, window.minBefore),
            }
          : null,
      };
    });
  return {
    now: at.toISOString(),
    locationRequired: settings.checkinLocationRequired,
    radiusMeters: settings.checkinRadiusMeters,
    duties: duties_,
  };
}

/** POST /api/checkins: checks the member into their planned duty. */
export async function checkIn(ctx: AppContext, actor: Actor, input: CheckInRequest): Promise<CheckinResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const settings = actor.settings;
    // The member's row first, as every assignment does: two check-ins of one member run one after the other.
    await tx
      .select({ id: memberships.id })
      .from(memberships)
      .where(eq(memberships.id, actor.membershipId))
      .for('update');
    const [item] = await tx
      .select()
      .from(rosterItems)
      .where(and(eq(rosterItems.id, input.item), eq(rosterItems.accountId, actor.accountId)))
      .for('update');
    // Someone else's duty is not the member's to check into: as unknown as one of another account.
    if (!item || item.membershipId !== actor.membershipId) throw new AppError('NOT_FOUND');
    if (item.flag === 'sick') throw new AppError('ERR_SICK');
    if (!item.startAt || !item.endAt) throw new AppError('ERR_TIMES');
    const [done] = await tx.select().from(checkins).where(eq(checkins.itemId, item.id));
    if (done) throw new AppError('ERR_CHECKIN_DONE', { data: { checkin: done.id } });
    const [open] = await tx
      .select({ id: checkins.id, item: checkins.itemId })
      .from(checkins)
      .where(and(eq(checkins.membershipId, actor.membershipId), isNull(checkins.checkedOutAt)));
    if (open) throw new AppError('ERR_OPEN_CHECKIN', { data: { checkin: open.id, item: open.item } });
    const at = now();
    const window = windowOf(settings);
    const timing = checkinTiming({ start: item.startAt.getTime(), end: item.endAt.getTime() }, at.getTime(), window);
    if (timing === 'early') {
      const opensAt = new Date(item.startAt.getTime() - window.maxBefore * 60_000).toISOString();
      throw new AppError('ERR_CHECKIN_EARLY', { data: { opensAt } });
    }
    if (timing === 'over') throw new AppError('ERR_CHECKIN_OVER');
    const [place] = await tx
      .select()
      .from(locationCoordinates)
      .where(eq(locationCoordinates.locationId, item.locationId));
    let distance: number | null = null;
    if (settings.checkinLocationRequired) {
      if (!place) throw new AppError('ERR_CHECKIN_NO_COORDINATES', { data: { location: item.locationId } });
      if (!input.position) throw new AppError('ERR_CHECKIN_POSITION');
    }
    if (place && input.position) {
      distance = distanceMeters(place, input.position);
      if (settings.checkinLocationRequired && distance > settings.checkinRadiusMeters)
        throw new AppError('ERR_CHECKIN_DISTANCE', {
          data: { distance, radius: settings.checkinRadiusMeters },
        });
    }
    const [created] = await tx
      .insert(checkins)
      .values({
        accountId: actor.accountId,
        membershipId: actor.membershipId,
        itemId: item.id,
        locationId: item.locationId,
        checkedInAt: at,
        distanceMeters: distance,
      })
      .returning();
    await tx.update(memberships).set({ checkedIn: true }).where(eq(memberships.id, actor.membershipId));
    await recordActivity(tx, actor, {
      entity: 'checkin',
      entityId: created.id,
      action: 'create',
      after: { item: item.id, checkedInAt: at.toISOString(), distanceMeters: distance },
    });
    announce(command, actor.accountId, actor.membershipId, created.itemId);
    return { checkin: { id: created.id, item: created.itemId } };
  });
}

/**
 * The hours of a checked-out duty: the item's own line when it has one (linked), else a pending line from the
 * check-in (not before the planned start) to the check-out (an automatic one: not after the planned end), less the
 * planned break when the time worked holds it. Nothing is registered for less than a minute or more than a
 * registration may hold.
 */
async function hoursFor(
  tx: Tx,
  checkin: CheckinRow,
  item: ItemRow,
  at: Date,
  kind: CheckoutKind,
  timeZone: string,
): Promise<string | null> {
  const [existing] = await tx.select({ id: hours.id }).from(hours).where(eq(hours.itemId, item.id));
  if (existing) return existing.id;
  const startAt = Math.max(checkin.checkedInAt.getTime(), item.startAt?.getTime() ?? 0);
  const endAt = kind === 'auto' && item.endAt ? Math.min(at.getTime(), item.endAt.getTime()) : at.getTime();
  const begin = localMinuteOf(startAt, timeZone);
  const end = localMinuteOf(endAt, timeZone);
  const span = { start: Math.floor(startAt / 60_000) * 60_000, end: Math.floor(endAt / 60_000) * 60_000 };
  const gross = workedMinutes(span, 0);
  if (gross < 1 || gross > HOURS_MAX_MINUTES) return null;
  const breakMinutes = gross > item.breakMinutes ? item.breakMinutes : 0;
  const minutes = gross - breakMinutes;
  const draft = {
    membershipId: checkin.membershipId,
    itemId: item.id,
    locationId: item.locationId,
    dutyId: item.dutyId,
    date: begin.date,
    tagIds: item.tagIds,
  };
  const costCents = await costOf(tx, checkin.accountId, draft, {
    from: begin.minutes,
    until: end.minutes,
    break: breakMinutes,
    minutes,
  });
  const [row] = await tx
    .insert(hours)
    .values({
      accountId: checkin.accountId,
      membershipId: checkin.membershipId,
      itemId: item.id,
      locationId: item.locationId,
      dutyId: item.dutyId,
      date: begin.date,
      tagIds: item.tagIds,
      fromMinutes: begin.minutes,
      untilMinutes: end.minutes,
      breakMinutes,
      minutes,
      costCentreId: item.costCentreId,
      costCents,
      status: 'pending',
      comment: '',
      createdBy: checkin.membershipId,
      createdAt: at,
      updatedAt: at,
    })
    .returning({ id: hours.id });
  return row.id;
}

/** Closes a check-in in its transaction; answers the closed row. */
async function close(
  tx: Tx,
  checkin: CheckinRow,
  kind: CheckoutKind,
  by: string | null,
  timeZone: string,
): Promise<CheckinRow> {
  const at = now();
  const [item] = await tx.select().from(rosterItems).where(eq(rosterItems.id, checkin.itemId)).for('update');
  const hoursId = item ? await hoursFor(tx, checkin, item, at, kind, timeZone) : null;
  const [closed] = await tx
    .update(checkins)
    .set({ checkedOutAt: at, checkoutKind: kind, checkedOutBy: by, hoursId })
    .where(eq(checkins.id, checkin.id))
    .returning();
  const [stillOpen] = await tx
    .select({ id: checkins.id })
    .from(checkins)
    .where(and(eq(checkins.membershipId, checkin.membershipId), isNull(checkins.checkedOutAt)));
  if (!stillOpen)
    await tx.update(memberships).set({ checkedIn: false }).where(eq(memberships.id, checkin.membershipId));
  return closed;
}

async function lockCheckin(tx: Tx, accountId: string, id: string): Promise<CheckinRow> {
  const [row] = await tx
    .select()
    .from(checkins)
    .where(and(eq(checkins.id, id), eq(checkins.accountId, accountId)))
    .for('update');
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

/** POST /api/checkins/{id}/checkout: the member checks themselves out. */
export async function checkOut(
  ctx: AppContext,
  actor: Actor,
  id: string,
  _input: CheckOutRequest,
): Promise<CheckinResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const settings = actor.settings;
    const checkin = await lockCheckin(tx, actor.accountId, id);
    if (checkin.membershipId !== actor.membershipId) throw new AppError('NOT_FOUND');
    if (checkin.checkedOutAt) throw new AppError('ERR_CHECKIN_DONE', { data: { checkin: checkin.id } });
    const closed = await close(tx, checkin, 'self', actor.membershipId, settings.timeZone);
    await recordActivity(tx, actor, {
      entity: 'checkin',
      entityId: id,
      action: 'update',
      before: { checkedOutAt: null },
      after: { checkedOutAt: closed.checkedOutAt?.toISOString(), kind: 'self' },
    });
    announce(command, actor.accountId, closed.membershipId, closed.itemId);
    return { checkin: { id: closed.id, item: closed.itemId } };
  });
}

/** POST /api/checkins/{id}/supervisor-checkout: a supervisor checks someone out (CheckoutBySupervisor). */
export async function checkOutBySupervisor(ctx: AppContext, actor: Actor, id: string): Promise<CheckinResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const settings = actor.settings;
    const checkin = await lockCheckin(tx, actor.accountId, id);
    requireAllowed(mayOverseeCheckins(actor));
    const reach = await reachOf(tx, actor);
    requireAllowed(!reach || reach.includes(checkin.locationId));
    if (checkin.checkedOutAt) throw new AppError('ERR_CHECKIN_DONE', { data: { checkin: checkin.id } });
    const closed = await close(tx, checkin, 'supervisor', actor.membershipId, settings.timeZone);
    await recordActivity(tx, actor, {
      entity: 'checkin',
      entityId: id,
      action: 'update',
      before: { checkedOutAt: null },
      after: { checkedOutAt: closed.checkedOutAt?.toISOString(), kind: 'supervisor' },
    });
    command.emit(`membership.${closed.membershipId}`, 'CheckoutBySupervisor', {
      checkin: closed.id,
      item: closed.itemId,
    });
    announce(command, actor.accountId, closed.membershipId, closed.itemId);
    return { checkin: { id: closed.id, item: closed.itemId } };
  });
}

/** GET /api/checkins: today's duties in the supervisor's reach with who is checked in. */
export async function board(ctx: AppContext, actor: Actor): Promise<CheckinBoardResponse> {
  requireAllowed(mayOverseeCheckins(actor));
  const settings = actor.settings;
  const at = now();
  const today = todayIn(settings.timeZone, at);
  const reach = await reachOf(ctx.db, actor);
  if (reach && reach.length === 0) {
    return { date: today, now: at.toISOString(), entries: [], counts: { planned: 0, checkedIn: 0, checkedOut: 0 } };
  }
  const rows = await ctx.db
    .select({
      item: rosterItems,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      locationName: locations.name,
      dutyName: duties.name,
      dutyColor: duties.color,
      checkin: checkins,
    })
    .from(rosterItems)
    .innerJoin(memberships, eq(memberships.id, rosterItems.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .innerJoin(locations, eq(locations.id, rosterItems.locationId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .leftJoin(checkins, eq(checkins.itemId, rosterItems.id))
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        inArray(rosterItems.date, [addDays(today, -1), today]),
        isNotNull(rosterItems.startAt),
        ...(reach ? [inArray(rosterItems.locationId, reach)] : []),
      ),
    )
    .orderBy(asc(rosterItems.startAt), asc(locations.name), asc(users.lname));
  const minBefore = settings.checkinMinMinutesBefore;
  const entries: CheckinBoardEntry[] = rows
    .filter((r) => r.item.date === today || (r.checkin && !r.checkin.checkedOutAt) || (r.item.endAt as Date) > at)
    .map((r) => ({
      item: r.item.id,
      person: {
        id: r.item.membershipId as string,
        name: [r.fname, r.lname].filter(Boolean).join(' ') || r.email,
      },
      location: { id: r.item.locationId, name: r.locationName },
      duty:
        r.item.dutyId && r.dutyName ? { id: r.item.dutyId, name: r.dutyName, color: r.dutyColor ?? '#868e96' } : null,
      from: formatHHmm(r.item.fromMinutes ?? 0),
      until: formatHHmm(r.item.untilMinutes ?? 0),
      state: r.checkin ? (r.checkin.checkedOutAt ? 'checkedOut' : 'checkedIn') : 'open',
      checkin: r.checkin
        ? {
            id: r.checkin.id,
            checkedInAt: r.checkin.checkedInAt.toISOString(),
            checkedOutAt: r.checkin.checkedOutAt?.toISOString() ?? null,
            checkoutKind: kindOf(r.checkin.checkoutKind),
            distanceMeters: r.checkin.distanceMeters,
            late: wasLate(r.item, r.checkin.checkedInAt, minBefore),
          }
        : null,
    }));
  const count = (s: CheckinBoardEntry['state']) => entries.filter((e) => e.state === s).length;
  return {
    date: today,
    now: at.toISOString(),
    entries,
    counts: { planned: entries.length, checkedIn: count('checkedIn'), checkedOut: count('checkedOut') },
  };
}

/**
 * The auto check-out job: every open check-in whose duty ended more than the account's delay ago is closed (kind
 * auto). Accounts without a delay keep their check-ins open. Runs as the owner, across accounts; answers how many.
 */
export async function autoCheckout(ctx: AppContext): Promise<number> {
  const at = now();
  const open = await ctx.db
    .select({ checkin: checkins, endAt: rosterItems.endAt, settings: accounts.settings })
    .from(checkins)
    .innerJoin(rosterItems, eq(rosterItems.id, checkins.itemId))
    .innerJoin(accounts, eq(accounts.id, checkins.accountId))
    .where(isNull(checkins.checkedOutAt));
  let closed = 0;
  for (const { checkin, endAt, settings: raw } of open) {
    const settings = accountSettings(raw);
    const delay = settings.checkinAutoCheckoutMinutes;
    if (delay === null || !endAt || endAt.getTime() + delay * 60_000 > at.getTime()) continue;
    const done = await runCommand(ctx, null, async (command) => {
      const { tx } = command;
      const [fresh] = await tx.select().from(checkins).where(eq(checkins.id, checkin.id)).for('update');
      if (!fresh || fresh.checkedOutAt) return false;
      const row = await close(tx, fresh, 'auto', null, settings.timeZone);
      announce(command, row.accountId, row.membershipId, row.itemId);
      return true;
    });
    if (done) closed++;
  }
  return closed;
}

/**
 * Which of these items are checked into now (an open check-in), for the today page. A check-in belongs to one duty:
 * someone checked in for their evening duty is not checked in for the morning one before it or a later one.
 */
export async function openCheckinItems(
  db: DbOrTx,
  accountId: string,
  itemIds: readonly string[],
): Promise<Set<string>> {
  if (itemIds.length === 0) return new Set();
  const rows = await db
    .select({ id: checkins.itemId })
    .from(checkins)
    .where(
      and(eq(checkins.accountId, accountId), inArray(checkins.itemId, [...itemIds]), isNull(checkins.checkedOutAt)),
    );
  return new Set(rows.map((r) => r.id));
}

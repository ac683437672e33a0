import type { AccountSettings } from '@app/contracts';
import {
  type AvailabilityDefaultRule,
  type AvailabilityState,
  addDays,
  availabilityVerdict,
  effectiveAvailability,
  itemSpan,
  mayPlan,
  type PlacedItem,
  placementProblem,
  restBetween,
} from '@app/domain';
import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { availability, availabilityDefaults, duties, membershipDuties } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { Command } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import type { ItemRow } from './present';
import { memberItemsOn } from './repo';

export type ConfirmedFlag = boolean | 'OVERRULE_REST' | 'true' | 'false' | undefined;

/** Refuses with 403 unless the actor builds the roster (`mayPlan`). */
export function requirePlanner(actor: Actor): void {
  requireAllowed(mayPlan(actor));
}

/** The instants of an item's times in the account's time zone, or nulls when it has none. */
export function instantsOf(row: Pick<ItemRow, 'date' | 'fromMinutes' | 'untilMinutes'>, timeZone: string) {
  if (row.fromMinutes === null || row.untilMinutes === null) return { startAt: null, endAt: null };
  const span = itemSpan(row.date, row.fromMinutes, row.untilMinutes, timeZone);
  return { startAt: new Date(span.start), endAt: new Date(span.end) };
}

export async function restHoursByDuty(tx: DbOrTx, accountId: string): Promise<Map<string, number>> {
  const rows = await tx
    .select({ id: duties.id, restHours: duties.restHours })
    .from(duties)
    .where(eq(duties.accountId, accountId));
  return new Map(rows.map((r) => [r.id, r.restHours]));
}

/** An item as the placement rules see it: its instants and the rest hours of its duty. */
export function placedItem(
  row: Pick<ItemRow, 'id' | 'date' | 'fromMinutes' | 'untilMinutes' | 'shiftId' | 'dutyId'>,
  rest: Map<string, number>,
  timeZone: string,
): PlacedItem {
  const { startAt, endAt } = instantsOf(row, timeZone);
  return {
    id: row.id,
    date: row.date,
    span: startAt && endAt ? { start: startAt.getTime(), end: endAt.getTime() } : null,
    shiftId: row.shiftId,
    restHours: row.dutyId ? (rest.get(row.dutyId) ?? 0) : 0,
  };
}

/**
 * Refuses placing the item (with its new values) on the member when it collides with the member's other items:
 * ERR_EXISTING_FULL, ERR_EXISTING_SHIFT, ERR_OVERLAP (naming the person), ERR_OVERLAP_REST unless overruled.
 * The caller holds the member's lock, so concurrent assignments see each other.
 */
export async function assertPlaceable(
  tx: DbOrTx,
  input: {
    accountId: string;
    settings: AccountSettings;
    item: ItemRow;
    member: { id: string; name: string };
    confirmed: ConfirmedFlag;
  },
): Promise<void> {
  const { item, settings } = input;
  const rest = await restHoursByDuty(tx, input.accountId);
  const around = [addDays(item.date, -1), item.date, addDays(item.date, 1)];
  const others = await memberItemsOn(tx, input.accountId, input.member.id, around, item.id);
  const problem = placementProblem(
    placedItem(item, rest, settings.timeZone),
    others.map((o) => placedItem(o, rest, settings.timeZone)),
    settings.timeZone,
  );
  if (problem && !(problem.code === 'ERR_OVERLAP_REST' && input.confirmed === 'OVERRULE_REST')) {
    const other = others.find((o) => o.id === problem.with.id);
    const dutyName = other?.dutyId ? await dutyNameOf(tx, input.accountId, other.dutyId) : null;
    const left =
      problem.code === 'ERR_OVERLAP_REST' ? restBetween(placedItem(item, rest, settings.timeZone), problem.with) : null;
    throw placementError(problem, input.member, { duty: dutyName, rest: left });
  }
  await assertAvailable(tx, { ...input, item });
}

/**
 * The account's policy for unavailable staff: deny refuses; warn and limited availability ask for confirmation
 * (retry with confirmed true).
 */
async function assertAvailable(
  tx: DbOrTx,
  input: { settings: AccountSettings; item: ItemRow; member: { id: string; name: string }; confirmed: ConfirmedFlag },
) {
  const [entry] = await tx
    .select()
    .from(availability)
    .where(and(eq(availability.membershipId, input.member.id), eq(availability.date, input.item.date)));
  const defaults = entry
    ? []
    : await tx.select().from(availabilityDefaults).where(eq(availabilityDefaults.membershipId, input.member.id));
  const state = effectiveAvailability(
    (entry as AvailabilityState | undefined) ?? null,
    defaults as AvailabilityDefaultRule[],
    input.item.date,
  );
  const verdict = availabilityVerdict(state, input.item, input.settings.unavailablePolicy);
  if (!verdict) return;
  if (verdict !== 'ERR_UNAVAILABLE_DENY' && (input.confirmed === true || input.confirmed === 'true')) return;
  throw new AppError(verdict, {
    data: {
      user: input.member.name,
      membership: input.member.id,
      type: state?.type ?? null,
      // The days concerned, for the question to name them (a list: the AVAILABILITY conflict lists its dates).
      dates: [input.item.date],
      ...(verdict === 'ERR_UNAVAILABLE_DENY' ? {} : { confirmed: true }),
    },
  });
}

async function dutyNameOf(tx: DbOrTx, accountId: string, dutyId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: duties.name })
    .from(duties)
    .where(and(eq(duties.accountId, accountId), eq(duties.id, dutyId)));
  return row?.name ?? null;
}

/**
 * The refusal of a placement, naming the person, the item it collides with (its date and duty) and, for the rest
 * period, the hours of rest that would remain and the hours the duty asks for.
 */
function placementError(
  problem: { code: string; with: PlacedItem },
  member: { id: string; name: string },
  about: { duty: string | null; rest: { restMinutes: number; requiredHours: number } | null },
) {
  return new AppError(problem.code as 'ERR_OVERLAP', {
    data: {
      user: member.name,
      membership: member.id,
      item: problem.with.id,
      date: problem.with.date,
      duty: about.duty,
      ...(about.rest
        ? { restHours: Math.round(about.rest.restMinutes / 6) / 10, requiredHours: about.rest.requiredHours }
        : {}),
      ...(problem.code === 'ERR_OVERLAP_REST' ? { confirmed: 'OVERRULE_REST' } : {}),
    },
  });
}

/** Whether a planner's confirmation was given (any overruling counts: the planner was asked and went on). */
const confirmedAny = (flag: ConfirmedFlag) => flag === true || flag === 'true' || flag === 'OVERRULE_REST';

/**
 * Assigning a person who does not hold the item's duty asks first, like every other conflict (retry with confirmed
 * true); confirmed, the item carries INVALID_DUTY as before.
 */
export async function assertHoldsDuty(
  tx: DbOrTx,
  input: {
    item: Pick<ItemRow, 'dutyId'>;
    member: { id: string; name: string };
    accountId: string;
    confirmed: ConfirmedFlag;
  },
): Promise<void> {
  const dutyId = input.item.dutyId;
  if (!dutyId || confirmedAny(input.confirmed)) return;
  const [held] = await tx
    .select({ id: membershipDuties.dutyId })
    .from(membershipDuties)
    .where(and(eq(membershipDuties.membershipId, input.member.id), eq(membershipDuties.dutyId, dutyId)));
  if (held) return;
  throw new AppError('ERR_LACKS_DUTY', {
    data: {
      user: input.member.name,
      membership: input.member.id,
      duty: await dutyNameOf(tx, input.accountId, dutyId),
      confirmed: true,
    },
  });
}

/** Maps the database's overlap constraint to the rule's code, for the race the lock cannot see. */
export function isOverlapViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === '23P01' || e?.cause?.code === '23P01';
}

/**
 * Where the hours and check-in modules plug in: before an item's times, shift or member change, or the item is
 * removed, each registered guard may refuse with ERR_HOURS / ERR_HOURS_CONFIRMED (retry with force),
 * ERR_CONFIRMED or ERR_OPEN_CHECKIN. The roster itself registers none.
 */
export type ItemChange = 'times' | 'shift' | 'user' | 'delete';
export type ItemChangeGuard = (
  tx: DbOrTx,
  input: { item: ItemRow; change: ItemChange; force: boolean },
) => Promise<void>;

const itemChangeGuards: ItemChangeGuard[] = [];

export function registerItemChangeGuard(guard: ItemChangeGuard): () => void {
  itemChangeGuards.push(guard);
  return () => {
    const i = itemChangeGuards.indexOf(guard);
    if (i >= 0) itemChangeGuards.splice(i, 1);
  };
}

export async function runItemChangeGuards(
  tx: DbOrTx,
  item: ItemRow,
  change: ItemChange,
  force: boolean,
): Promise<void> {
  for (const guard of itemChangeGuards) await guard(tx, { item, change, force });
}

/**
 * Where other domains hear of a planner's item edits, inside their command, once they are written: swaps withdraw the
 * offers of the duties the planner changed (docs/product/swaps.md). Single edits and every multi-item write (the bulk
 * bar's actions) tell the same listeners, so what an edit does to an offer is decided in one place. `after` is null
 * when the item was deleted.
 */
export interface ItemEdit {
  before: ItemRow | null;
  after: ItemRow | null;
  action: string;
}

export type ItemEditListener = (ctx: AppContext, command: Command, actor: Actor, edits: ItemEdit[]) => Promise<void>;

const itemEditListeners: ItemEditListener[] = [];

export function registerItemEditListener(listener: ItemEditListener): void {
  if (!itemEditListeners.includes(listener)) itemEditListeners.push(listener);
}

export async function tellItemEditListeners(...args: Parameters<ItemEditListener>): Promise<void> {
  if (args[3].length === 0) return;
  for (const listener of itemEditListeners) await listener(...args);
}

/**
 * Told right before items are deleted, inside their command: what hangs on them (offers, which the delete takes
 * with it) can still be read, and its people told. Single and bulk deletes alike.
 */
export type ItemDeleteListener = (ctx: AppContext, command: Command, actor: Actor, rows: ItemRow[]) => Promise<void>;

const itemDeleteListeners: ItemDeleteListener[] = [];

export function registerItemDeleteListener(listener: ItemDeleteListener): void {
  if (!itemDeleteListeners.includes(listener)) itemDeleteListeners.push(listener);
}

export async function tellItemDeleteListeners(...args: Parameters<ItemDeleteListener>): Promise<void> {
  if (args[3].length === 0) return;
  for (const listener of itemDeleteListeners) await listener(...args);
}

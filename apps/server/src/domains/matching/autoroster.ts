import type {
  AutoRosterApplyRequest,
  AutoRosterApplyResponse,
  AutoRosterAssignment,
  AutoRosterRequest,
  AutoRosterResponse,
} from '@app/contracts';
import { mayAssignMembers, todayIn, unmetWishes } from '@app/domain';
import { penaltyOf, productPlanOf, rosterInstanceOf, solveRosterInWorker } from '@app/scheduling';
import { and, eq, inArray } from 'drizzle-orm';
import { rosterItems } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { createItem, removeUser, setUser } from '../roster/editing';
import { locationOf } from '../roster/repo';
import { type AutoRosterInput, autoRosterInput, slotKey } from './autoroster-input';

/** The plannings of the call: each the account's (404), within the planner's restriction (403). */
async function planningsOf(ctx: AppContext, actor: Actor, ids: readonly string[]) {
  const rows = [];
  for (const id of [...new Set(ids)]) rows.push(await locationOf(ctx.db, actor.accountId, id));
  requireAllowed(mayAssignMembers(actor));
  for (const row of rows) await requirePlanningInScope(ctx.db, actor, row.id);
  return rows;
}

/**
 * Proposes a roster for the plannings' range from their staffing needs (docs/product/autoroster.md), solved in the
 * worker thread within the seconds asked; the request's end (the planner cancelled) ends the solve. Nothing is
 * written: the planner applies all or part of it.
 */
export async function proposeAutoRoster(
  ctx: AppContext,
  actor: Actor,
  input: Required<AutoRosterRequest>,
  signal?: AbortSignal,
): Promise<AutoRosterResponse> {
  const plannings = await planningsOf(ctx, actor, input.locations);
  const today = todayIn(actor.settings.timeZone);
  for (const p of plannings) {
    if (input.from < today || (p.releasedUntil && input.from <= p.releasedUntil)) {
      throw new AppError('ERR_RELEASED', {
        data: { releasedUntil: p.releasedUntil, reason: input.from < today ? 'past' : 'released' },
      });
    }
  }
  const data = await autoRosterInput(
    ctx.db,
    actor.accountId,
    actor.settings,
    plannings.map((p) => p.id),
    input,
  );
  const began = performance.now();
  let relaxedMinimum = false;
  let built = rosterInstanceOf(data.product);
  let result: Awaited<ReturnType<typeof solveRosterInWorker>>;
  try {
    result = await solveRosterInWorker(built.instance, { timeLimitMs: input.seconds * 1000, signal });
  } catch (error) {
    if (signal?.aborted || !(error instanceof Error) || !error.message.startsWith('no schedule')) throw error;
    // Someone's minimum hours (or shortest runs) cannot be kept with their days off: plan without the minimums.
    relaxedMinimum = true;
    built = rosterInstanceOf({
      ...data.product,
      people: data.product.people.map((p) => ({
        ...p,
        limits: { ...p.limits, minMinutes: 0, minConsecutiveDays: null, minConsecutiveDaysOff: null },
      })),
    });
    const left = Math.max(1000, input.seconds * 1000 - (performance.now() - began));
    result = await solveRosterInWorker(built.instance, { timeLimitMs: left, signal });
  }
  const plans = productPlanOf(result.roster, built.lead);
  return present(data, plans, {
    penalty: penaltyOf(built.instance, result.roster),
    optimal: result.optimal,
    seconds: (performance.now() - began) / 1000,
    relaxedMinimum,
    allowMoves: input.allowMoves,
  });
}

/** The proposal as the wizard shows it: who goes where and why, the penalty's parts, cover left short or over. */
function present(
  data: AutoRosterInput,
  plans: (number | null)[][],
  run: {
    penalty: ReturnType<typeof penaltyOf>;
    optimal: boolean;
    seconds: number;
    relaxedMinimum: boolean;
    allowMoves: boolean;
  },
): AutoRosterResponse {
  const { kinds, dates, product } = data;
  const held = new Map(data.holdings.map((h) => [`${h.person}|${h.day}`, h]));
  // Existing items whose person the proposal changes: free for someone else (moves allowed only).
  const freed = new Map<string, string[]>();
  const unassign: AutoRosterResponse['unassign'] = [];
  for (const h of data.holdings) {
    if (plans[h.person][h.day] === h.kind) continue;
    if (!run.allowMoves) continue;
    freed.set(slotKey(h.day, h.kind), [...(freed.get(slotKey(h.day, h.kind)) ?? []), h.item]);
    unassign.push({ item: h.item, user: data.people[h.person].id });
  }
  const open = new Map([...data.openItems].map(([k, v]) => [k, [...v]]));
  const assignments: AutoRosterAssignment[] = [];
  plans.forEach((plan, e) => {
    const person = data.people[e];
    const minutes = plan.reduce<number>((sum, k) => sum + (k === null ? 0 : product.kinds[k].minutes), 0);
    plan.forEach((kind, day) => {
      if (kind === null) return;
      const k = kinds[kind];
      const base = { location: k.location, date: dates[day], shiftId: k.shiftId, dutyId: k.dutyId, user: person.id };
      const alternatives = plans.filter(
        (other, o) =>
          o !== e &&
          other[day] === null &&
          data.people[o].eligible[kind] &&
          !product.people[o].limits.daysOff.includes(day),
      ).length;
      const reasons: AutoRosterAssignment['reasons'] = [];
      if (data.wishes[e].some((w) => w.on && w.day === day && w.shift === kind)) reasons.push('wish');
      if (person.contractMinutes !== null && minutes <= person.contractMinutes) reasons.push('underHours');
      if (alternatives === 0) reasons.push('onlyCandidate');
      const own = held.get(`${e}|${day}`);
      if (own && own.kind === kind) {
        assignments.push({ ...base, item: own.item, kind: 'keep', reasons: ['kept', ...reasons], alternatives });
        return;
      }
      const slot = slotKey(day, kind);
      const take = freed.get(slot)?.shift();
      if (take) {
        assignments.push({ ...base, item: take, kind: 'move', reasons, alternatives });
        return;
      }
      const fill = open.get(slot)?.shift();
      if (fill) {
        assignments.push({ ...base, item: fill, kind: 'fill', reasons: ['openItem', ...reasons], alternatives });
        return;
      }
      assignments.push({ ...base, item: null, kind: 'new', reasons, alternatives });
    });
  });

  const planned = new Map<string, number>();
  for (const plan of plans) {
    plan.forEach((kind, day) => {
      if (kind !== null) planned.set(slotKey(day, kind), (planned.get(slotKey(day, kind)) ?? 0) + 1);
    });
  }
  const cover = product.covers.flatMap((c) => {
    const n = planned.get(slotKey(c.day, c.shift)) ?? 0;
    if (n === c.requirement) return [];
    const k = kinds[c.shift];
    return [
      {
        location: k.location,
        date: dates[c.day],
        shiftId: k.shiftId,
        dutyId: k.dutyId,
        wanted: c.requirement,
        planned: n,
      },
    ];
  });
  const people = plans.map((plan, e) => {
    const limits = product.people[e].limits;
    const wishes = unmetWishes(plan, data.wishes[e]);
    return {
      user: data.people[e].id,
      minutes: plan.reduce<number>((sum, k) => sum + (k === null ? 0 : product.kinds[k].minutes), 0),
      contractMinutes: data.people[e].contractMinutes,
      minMinutes: run.relaxedMinimum ? 0 : limits.minMinutes,
      maxMinutes: limits.maxMinutes,
      shifts: plan.filter((k) => k !== null).length,
      wishesMet: data.wishes[e].length - wishes.missed.length,
      wishesMissed: wishes.missed.length,
      wishPenalty: wishes.penalty,
    };
  });
  const wishes = people.reduce((sum, p) => sum + p.wishPenalty, 0);
  return {
    status: run.optimal ? 'optimal' : 'feasible',
    penalty: {
      total: run.penalty.under + run.penalty.over + wishes,
      open: run.penalty.under,
      over: run.penalty.over,
      wishes,
    },
    seconds: Math.round(run.seconds * 10) / 10,
    relaxedMinimum: run.relaxedMinimum,
    assignments,
    unassign,
    cover,
    people,
  };
}

/**
 * Applies the accepted part of a proposal through the roster's normal write path, one change at a time: duties
 * taken from people first (moves), then each person onto an existing item or a new one, with the same rules as a
 * manual assignment (availability the proposal weighed counts as confirmed; rest is never overruled). Whatever
 * conflicts by now is reported with its code and left as it is.
 */
export async function applyAutoRoster(
  ctx: AppContext,
  actor: Actor,
  input: Required<AutoRosterApplyRequest>,
): Promise<AutoRosterApplyResponse> {
  await planningsOf(
    ctx,
    actor,
    input.assignments.map((a) => a.location),
  );
  const ids = [...input.unassign.map((u) => u.item), ...input.assignments.flatMap((a) => (a.item ? [a.item] : []))];
  const rows = ids.length
    ? await ctx.db
        .select({ id: rosterItems.id, date: rosterItems.date, membershipId: rosterItems.membershipId })
        .from(rosterItems)
        .where(and(eq(rosterItems.accountId, actor.accountId), inArray(rosterItems.id, ids)))
    : [];
  const known = new Map(rows.map((r) => [r.id, r]));
  let applied = 0;
  const conflicts: AutoRosterApplyResponse['conflicts'] = [];
  const attempt = async (what: { date: string; user: string | null }, change: () => Promise<unknown>) => {
    try {
      await change();
      applied++;
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      conflicts.push({ ...what, code: error.code });
    }
  };
  const unassigned = new Set<string>();
  for (const u of input.unassign) {
    const row = known.get(u.item);
    if (!row) {
      conflicts.push({ date: '', user: null, code: 'NOT_FOUND' });
      continue;
    }
    await attempt({ date: row.date, user: null }, async () => {
      await removeUser(ctx, actor, u.item, false);
      unassigned.add(u.item);
    });
  }
  for (const a of input.assignments) {
    const what = { date: a.date, user: a.user };
    if (a.item) {
      const item = a.item;
      const row = known.get(item);
      const holder = unassigned.has(item) ? null : row?.membershipId;
      // Choosing the person an item already has would take them off it: already so counts as applied.
      if (holder === a.user) applied++;
      else if (!row) conflicts.push({ ...what, code: 'NOT_FOUND' });
      else if (holder) conflicts.push({ ...what, code: 'ERR_ITEM_TAKEN' });
      else await attempt(what, () => setUser(ctx, actor, item, { user: a.user, confirmed: true }));
    } else {
      await attempt(what, () =>
        createItem(ctx, actor, {
          location: a.location,
          date: a.date,
          shift: a.shiftId,
          duty: a.dutyId,
          user: a.user,
          confirmed: true,
        }),
      );
    }
  }
  return { applied: applied - unassigned.size, conflicts };
}

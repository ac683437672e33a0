import type { MatchingApplyResponse, MatchingResponse } from '@app/contracts';
import { mayAssignMembers, todayIn } from '@app/domain';
import { solveInWorker } from '@app/scheduling';
import { and, eq, inArray } from 'drizzle-orm';
import { rosterItems } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { requirePlanningInScope } from '../members/scope';
import { setUser } from '../roster/editing';
import { locationOf } from '../roster/repo';
import { matchingInput } from './input';

/**
 * Proposes members for a location's open items in a period. The period starts after the release date (and not in
 * the past); solving runs in a worker thread, and the proposal has passed the independent validator.
 */
export async function proposeMatching(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  input: { from: string; until: string; mode: 'auto' | 'exact' | 'fast' },
): Promise<MatchingResponse> {
  const settings = actor.settings;
  const location = await locationOf(ctx.db, actor.accountId, locationId);
  // The wizard chooses people: planners without the planner restriction.
  requireAllowed(mayAssignMembers(actor));
  await requirePlanningInScope(ctx.db, actor, location.id);
  const today = todayIn(settings.timeZone);
  if (input.from < today || (location.releasedUntil && input.from <= location.releasedUntil)) {
    throw new AppError('ERR_RELEASED', {
      data: { releasedUntil: location.releasedUntil, reason: input.from < today ? 'past' : 'released' },
    });
  }
  const problem = await matchingInput(ctx.db, actor.accountId, settings, location, input.from, input.until);
  const result = await solveInWorker(problem, { engine: input.mode, timeLimitMs: 10_000 });
  return {
    engine: result.engine,
    status: result.status,
    assignments: result.assignments.map((a) => ({ item: a.itemId, user: a.memberId, explanation: a.explanation })),
    open: result.open.map(({ itemId, reason, ...details }) => ({ item: itemId, reason, details })),
    objective: result.objective,
    gap: result.gap,
    stats: {
      items: result.stats.items,
      candidates: result.stats.candidates,
      pairs: result.stats.pairs,
      timeMs: Math.round(result.stats.timeMs),
    },
  };
}

/**
 * Applies the accepted assignments one by one through the same rules as a manual assignment (availability
 * warnings the planner saw in the proposal count as confirmed). Whatever conflicts by now is reported with its
 * code and left open.
 */
export async function applyMatching(
  ctx: AppContext,
  actor: Actor,
  locationId: string,
  assignments: { item: string; user: string }[],
): Promise<MatchingApplyResponse> {
  await locationOf(ctx.db, actor.accountId, locationId);
  requireAllowed(mayAssignMembers(actor));
  const itemIds = [...new Set(assignments.map((a) => a.item))];
  const rows = await ctx.db
    .select({ id: rosterItems.id, membershipId: rosterItems.membershipId })
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, actor.accountId),
        eq(rosterItems.locationId, locationId),
        inArray(rosterItems.id, itemIds),
      ),
    );
  const known = new Map(rows.map((r) => [r.id, r]));
  const applied: MatchingApplyResponse['applied'] = [];
  const conflicts: MatchingApplyResponse['conflicts'] = [];
  for (const a of assignments) {
    const row = known.get(a.item);
    if (!row) {
      conflicts.push({ ...a, code: 'NOT_FOUND' });
      continue;
    }
    if (row.membershipId) {
      conflicts.push({ ...a, code: 'ERR_ITEM_TAKEN' });
      continue;
    }
    try {
      await setUser(ctx, actor, a.item, { user: a.user, confirmed: true });
      row.membershipId = a.user;
      applied.push(a);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      conflicts.push({ ...a, code: err.code });
    }
  }
  return { applied, conflicts };
}

import type { PlanningOverview, PlanningOverviewQuery, PlanningOverviewRow } from '@app/contracts';
import { addDays, addMonths, mayPlan, mayReadLabourCost, mayReadPlanningOverview, todayIn } from '@app/domain';
import { and, asc, between, eq, inArray } from 'drizzle-orm';
import { clients, locations, membershipLocations, projects, rosterItems } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import type { AppContext } from '../../platform/context';
import { fieldError } from '../../platform/errors';
import { planningReachOf } from '../members/scope';
import { namedHolidays, rosterCost } from '../roster/cost';
import { memoItemMinutes, type PresentedRow, presentedColumns } from '../roster/present';

/**
 * The planning overview (docs/product/clients.md, "Planning overview"): per client, its plannings and projects over a
 * period with the duties needed and staffed, the planned hours, the budget and the planned cost. Planners see the
 * plannings they may plan, observers those they belong to; the cost only those who read wages, with rates on.
 */
export async function planningOverview(
  ctx: AppContext,
  actor: Actor,
  query: PlanningOverviewQuery,
): Promise<PlanningOverview> {
  const planner = mayPlan(actor);
  requireAllowed(mayReadPlanningOverview(actor));
  const settings = actor.settings;
  const from = query.from ?? `${todayIn(settings.timeZone).slice(0, 7)}-01`;
  const until = query.until ?? addDays(addMonths(from, 1), -1);
  if (until < from || addDays(from, 366) <= until) throw fieldError({ until: ['validation.range'] });

  const db = ctx.db;
  const reach = await planningReachOf(db, actor);
  const held = planner
    ? null
    : new Set(
        (
          await db
            .select({ id: membershipLocations.locationId })
            .from(membershipLocations)
            .where(eq(membershipLocations.membershipId, actor.membershipId))
        ).map((r) => r.id),
      );
  const clientFilter =
    query.client === undefined ? undefined : query.client === 'none' ? null : (query.client as string);
  // The plannings the member may see; a project shows with its own client, whatever its planning's client is.
  const visible = (
    await db
      .select({
        id: locations.id,
        name: locations.name,
        clientId: locations.clientId,
        budgetCents: locations.budgetCents,
        status: locations.status,
      })
      .from(locations)
      .where(eq(locations.accountId, actor.accountId))
      .orderBy(asc(locations.name))
  ).filter((l) => reach.includes(l.id) && (held === null || held.has(l.id)) && l.status !== 'archived');
  const planningRows = visible.filter((l) => clientFilter === undefined || l.clientId === clientFilter);
  const locationIds = visible.map((l) => l.id);
  const projectRows = locationIds.length
    ? await db
        .select({
          id: projects.id,
          name: projects.name,
          clientId: projects.clientId,
          locationId: projects.locationId,
          budgetCents: projects.budgetCents,
        })
        .from(projects)
        .where(and(eq(projects.accountId, actor.accountId), inArray(projects.locationId, locationIds)))
        .orderBy(asc(projects.name))
    : [];
  const shownProjects = projectRows.filter((p) => clientFilter === undefined || p.clientId === clientFilter);
  const items = locationIds.length
    ? await db
        .select(presentedColumns)
        .from(rosterItems)
        .where(
          and(
            eq(rosterItems.accountId, actor.accountId),
            inArray(rosterItems.locationId, locationIds),
            between(rosterItems.date, from, until),
          ),
        )
    : [];

  const minutesOf = memoItemMinutes(settings.timeZone);
  const withCost = mayReadLabourCost(actor) && actor.modules.includes('rates');
  const holidays = withCost
    ? new Set((await namedHolidays(db, actor.accountId, settings, from, until, actor.locale)).keys())
    : new Set<string>();
  const rowOf = async (
    id: string,
    name: string,
    locationId: string,
    budgetCents: number | null,
    own: PresentedRow[],
  ): Promise<PlanningOverviewRow> => {
    const dates = own.map((i) => i.date).sort();
    return {
      id,
      name,
      locationId,
      needed: own.length,
      staffed: own.filter((i) => i.membershipId !== null).length,
      minutes: own.reduce((sum, i) => sum + (i.fromMinutes !== null && i.untilMinutes !== null ? minutesOf(i) : 0), 0),
      budgetCents,
      costCents: withCost
        ? (await rosterCost(db, actor.accountId, own, minutesOf, holidays, budgetCents)).totalCents
        : null,
      firstDate: dates[0] ?? null,
      lastDate: dates[dates.length - 1] ?? null,
    };
  };

  // The clients the shown plannings or projects belong to, by name; the plannings without a client last.
  const clientIds = [
    ...new Set([...planningRows.map((l) => l.clientId), ...shownProjects.map((p) => p.clientId)]),
  ].filter((c): c is string => c !== null);
  const clientRows = clientIds.length
    ? await db
        .select({ id: clients.id, name: clients.name })
        .from(clients)
        .where(and(eq(clients.accountId, actor.accountId), inArray(clients.id, clientIds)))
        .orderBy(asc(clients.name))
    : [];
  const groups: { id: string | null; name: string | null }[] = [...clientRows];
  if (planningRows.some((l) => l.clientId === null)) groups.push({ id: null, name: null });

  const out: PlanningOverview['clients'] = [];
  for (const group of groups) {
    const plannings = [];
    for (const l of planningRows.filter((r) => r.clientId === group.id)) {
      plannings.push(
        await rowOf(
          l.id,
          l.name,
          l.id,
          l.budgetCents,
          items.filter((i) => i.locationId === l.id),
        ),
      );
    }
    const projectsOut = [];
    for (const p of shownProjects.filter((r) => r.clientId === group.id)) {
      projectsOut.push(
        await rowOf(
          p.id,
          p.name,
          p.locationId,
          p.budgetCents,
          items.filter((i) => i.projectId === p.id),
        ),
      );
    }
    out.push({ id: group.id, name: group.name, plannings, projects: projectsOut });
  }
  return { from, until, clients: out };
}

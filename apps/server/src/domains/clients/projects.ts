import type {
  Project,
  ProjectCreate,
  ProjectSummary,
  ProjectsQuery,
  ProjectType,
  ProjectUpdate,
  ScheduleLine,
} from '@app/contracts';
import { projectProblems, recurrenceOf, todayIn, toRRule } from '@app/domain';
import { and, asc, count, eq, gte, ilike, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { clients, duties, locations, projects, resources, rosterItems } from '../../db/schema';
import { recordActivity } from '../../platform/activity';
import type { Actor } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError, fieldError } from '../../platform/errors';
import { type Revalidated, revalidateItems } from '../conflicts/revalidate';
import { planningReachOf, requirePlanningInScope } from '../members/scope';
import { clientInAccount, requireClientsEditor } from './clients';
import { type FillResult, fillProject } from './fill';

type ProjectRow = typeof projects.$inferSelect;

/** A project of the account (404 otherwise), locked for the rest of the transaction when asked. */
async function projectInAccount(db: DbOrTx, accountId: string, id: string, lock = false): Promise<ProjectRow> {
  const query = db
    .select()
    .from(projects)
    .where(and(eq(projects.id, id), eq(projects.accountId, accountId)));
  const [row] = lock ? await query.for('update') : await query;
  if (!row) throw new AppError('NOT_FOUND');
  return row;
}

async function present(db: DbOrTx, row: ProjectRow, timeZone: string): Promise<Project> {
  const [names] = await db
    .select({ client: clients.name, location: locations.name })
    .from(clients)
    .innerJoin(locations, eq(locations.id, row.locationId))
    .where(eq(clients.id, row.clientId));
  const upcoming = and(eq(rosterItems.projectId, row.id), gte(rosterItems.date, todayIn(timeZone)));
  const [{ needed }] = await db.select({ needed: count() }).from(rosterItems).where(upcoming);
  const [{ staffed }] = await db
    .select({ staffed: count() })
    .from(rosterItems)
    .where(and(upcoming, isNotNull(rosterItems.membershipId)));
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    clientId: row.clientId,
    clientName: names?.client ?? '',
    locationId: row.locationId,
    locationName: names?.location ?? '',
    budgetCents: row.budgetCents,
    startDate: row.startDate,
    endDate: row.endDate,
    type: row.type as ProjectType,
    schedule: row.schedule,
    recurrence: recurrenceOf(row.rrule),
    rrule: row.rrule,
    travelAllowanceCents: row.travelAllowanceCents,
    applyPremiums: row.applyPremiums,
    overrideRateCents: row.overrideRateCents,
    travelRoles: row.travelRoles,
    filledUntil: row.filledUntil,
    upcoming: { needed, staffed },
  };
}

/** The account's projects within the member's plannings, by name; by client or a search on name and code. */
export async function listProjects(ctx: AppContext, actor: Actor, query: ProjectsQuery): Promise<ProjectSummary[]> {
  requireClientsEditor(actor);
  const reach = await planningReachOf(ctx.db, actor);
  const q = query.q?.trim();
  const pattern = q ? `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const rows = await ctx.db
    .select({ project: projects, clientName: clients.name, locationName: locations.name })
    .from(projects)
    .innerJoin(clients, eq(clients.id, projects.clientId))
    .innerJoin(locations, eq(locations.id, projects.locationId))
    .where(
      and(
        eq(projects.accountId, actor.accountId),
        query.clientId ? eq(projects.clientId, query.clientId) : undefined,
        pattern ? or(ilike(projects.name, pattern), ilike(projects.code, pattern)) : undefined,
      ),
    )
    .orderBy(asc(sql`lower(${projects.name})`));
  return rows
    .filter((r) => reach.includes(r.project.locationId))
    .map(({ project, clientName, locationName }) => ({
      id: project.id,
      name: project.name,
      code: project.code,
      clientId: project.clientId,
      clientName,
      locationId: project.locationId,
      locationName,
      startDate: project.startDate,
      endDate: project.endDate,
      type: project.type as ProjectType,
    }));
}

export async function getProject(ctx: AppContext, actor: Actor, id: string): Promise<Project> {
  const row = await projectInAccount(ctx.db, actor.accountId, id);
  requireClientsEditor(actor);
  await requirePlanningInScope(ctx.db, actor, row.locationId);
  return present(ctx.db, row, actor.settings.timeZone);
}

/**
 * The ids a project names belong to the account: the client (not archived), the planning, each line's duty and
 * vehicle (not archived, unless the project already had it).
 */
async function assertReferences(
  tx: DbOrTx,
  actor: Actor,
  p: {
    clientId: string;
    locationId: string;
    schedule: readonly ScheduleLine[];
    /** Resources the project already names: still allowed once archived. */
    keptResources?: ReadonlySet<string>;
  },
  clientChanged: boolean,
) {
  const client = await clientInAccount(tx, actor.accountId, p.clientId).catch(() => null);
  if (!client) throw fieldError({ clientId: ['validation.unknownIds'] });
  if (client.archived && clientChanged) throw fieldError({ clientId: ['clients.errors.archived'] });
  const [location] = await tx
    .select({ id: locations.id })
    .from(locations)
    .where(and(eq(locations.id, p.locationId), eq(locations.accountId, actor.accountId)));
  if (!location) throw fieldError({ locationId: ['validation.unknownIds'] });
  await requirePlanningInScope(tx, actor, p.locationId);
  const dutyIds = [...new Set(p.schedule.flatMap((l) => (l.dutyId ? [l.dutyId] : [])))];
  if (dutyIds.length) {
    const found = await tx
      .select({ id: duties.id })
      .from(duties)
      .where(and(inArray(duties.id, dutyIds), eq(duties.accountId, actor.accountId), eq(duties.trashed, false)));
    const known = new Set(found.map((d) => d.id));
    const fields: Record<string, string[]> = {};
    p.schedule.forEach((l, i) => {
      if (l.dutyId && !known.has(l.dutyId)) fields[`schedule.${i}.dutyId`] = ['validation.unknownIds'];
    });
    if (Object.keys(fields).length) throw fieldError(fields);
  }
  const resourceIds = [...new Set(p.schedule.flatMap((l) => (l.resourceId ? [l.resourceId] : [])))];
  if (resourceIds.length) {
    const found = await tx
      .select({ id: resources.id, archived: resources.archived })
      .from(resources)
      .where(and(inArray(resources.id, resourceIds), eq(resources.accountId, actor.accountId)));
    const known = new Map(found.map((r) => [r.id, r.archived]));
    const fields: Record<string, string[]> = {};
    p.schedule.forEach((l, i) => {
      if (!l.resourceId) return;
      const archived = known.get(l.resourceId);
      if (archived === undefined) fields[`schedule.${i}.resourceId`] = ['validation.unknownIds'];
      else if (archived && !p.keptResources?.has(l.resourceId))
        fields[`schedule.${i}.resourceId`] = ['validation.archived'];
    });
    if (Object.keys(fields).length) throw fieldError(fields);
  }
}

/**
 * The double bookings of the vehicles a project's duties now carry (docs/product/resources.md): every item of those
 * resources on the days of the duties it made or rerouted is checked again.
 */
async function revalidateRides(tx: Tx, accountId: string, result: FillResult): Promise<Revalidated[]> {
  const ids = [...result.created, ...(result.rerouted ?? [])];
  if (ids.length === 0) return [];
  const rows = await tx
    .selectDistinct({ resourceId: rosterItems.resourceId, date: rosterItems.date })
    .from(rosterItems)
    .where(and(inArray(rosterItems.id, ids), isNotNull(rosterItems.resourceId)));
  const byResource = new Map<string, string[]>();
  for (const r of rows)
    if (r.resourceId) byResource.set(r.resourceId, [...(byResource.get(r.resourceId) ?? []), r.date]);
  const changed: Revalidated[] = [];
  for (const [resourceId, dates] of byResource)
    changed.push(...(await revalidateItems(tx, accountId, { resourceId, dates })));
  return changed;
}

/** Open roster apps of the account reload the planning's items the project changed. */
function announce(
  command: Command,
  actor: Actor,
  locationIds: string[],
  result: FillResult,
  revalidated: Revalidated[] = [],
) {
  const ids = [
    ...result.created,
    ...result.removed,
    ...result.detached,
    ...(result.rerouted ?? []),
    ...revalidated.map((r) => r.id),
  ];
  for (const r of revalidated) if (!locationIds.includes(r.locationId)) locationIds.push(r.locationId);
  if (ids.length === 0) return;
  for (const location of new Set(locationIds))
    command.emit(`account.${actor.accountId}`, 'LocationUpdated', ids.length <= 200 ? { location, ids } : { location });
}

/** A new project: its open duties are on the roster at once, a year ahead at most (then the daily job keeps up). */
export async function createProject(ctx: AppContext, actor: Actor, input: ProjectCreate): Promise<Project> {
  requireClientsEditor(actor);
  const timeZone = actor.settings.timeZone;
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const next = {
      type: input.type ?? 'ongoing',
      startDate: input.startDate,
      endDate: input.endDate ?? null,
      schedule: input.schedule,
    };
    await assertReferences(tx, actor, { ...input, schedule: input.schedule }, true);
    const problems = projectProblems(next);
    if (Object.keys(problems).length) throw fieldError(problems);
    const [row] = await tx
      .insert(projects)
      .values({
        accountId: actor.accountId,
        clientId: input.clientId,
        locationId: input.locationId,
        name: input.name,
        code: input.code || null,
        budgetCents: input.budgetCents ?? null,
        ...next,
        rrule: toRRule(input.recurrence, input.startDate),
        travelAllowanceCents: input.travelAllowanceCents ?? null,
        applyPremiums: input.applyPremiums ?? true,
        overrideRateCents: input.overrideRateCents ?? null,
        travelRoles: input.travelRoles ?? false,
      })
      .returning();
    const result = await fillProject(tx, row, timeZone, { confirmed: true });
    const revalidated = await revalidateRides(tx, actor.accountId, result);
    await recordActivity(tx, actor, {
      entity: 'project',
      entityId: row.id,
      action: 'create',
      after: { ...row, duties: result.created.length },
    });
    announce(command, actor, [row.locationId], result, revalidated);
    return present(tx, (await projectInAccount(tx, actor.accountId, row.id)) as ProjectRow, timeZone);
  });
}

/**
 * Changes a project. A change of schedule, recurrence, dates or planning redoes its future duties: open ones follow
 * at once; staffed ones that no longer fit are only touched after the planner confirms (ERR_PROJECT_STAFFED, retry
 * with `confirmed`), and then stay on the roster with their person, outside the project.
 */
export async function updateProject(ctx: AppContext, actor: Actor, id: string, input: ProjectUpdate): Promise<Project> {
  const timeZone = actor.settings.timeZone;
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const before = await projectInAccount(tx, actor.accountId, id, true);
    requireClientsEditor(actor);
    await requirePlanningInScope(tx, actor, before.locationId);
    const startDate = input.startDate ?? before.startDate;
    const next = {
      name: input.name ?? before.name,
      code: input.code === undefined ? before.code : input.code || null,
      clientId: input.clientId ?? before.clientId,
      locationId: input.locationId ?? before.locationId,
      budgetCents: input.budgetCents === undefined ? before.budgetCents : input.budgetCents,
      startDate,
      endDate: input.endDate === undefined ? before.endDate : input.endDate,
      type: input.type ?? (before.type as ProjectType),
      schedule: input.schedule ?? (before.schedule as ScheduleLine[]),
      rrule: toRRule(input.recurrence ?? recurrenceOf(before.rrule), startDate),
      travelAllowanceCents:
        input.travelAllowanceCents === undefined ? before.travelAllowanceCents : input.travelAllowanceCents,
      applyPremiums: input.applyPremiums ?? before.applyPremiums,
      overrideRateCents: input.overrideRateCents === undefined ? before.overrideRateCents : input.overrideRateCents,
      travelRoles: input.travelRoles ?? before.travelRoles,
    };
    const keptResources = new Set(
      (before.schedule as ScheduleLine[]).flatMap((l) => (l.resourceId ? [l.resourceId] : [])),
    );
    await assertReferences(tx, actor, { ...next, keptResources }, next.clientId !== before.clientId);
    const problems = projectProblems(next);
    if (Object.keys(problems).length) throw fieldError(problems);
    const [after] = await tx.update(projects).set(next).where(eq(projects.id, id)).returning();
    const redo =
      next.rrule !== before.rrule ||
      next.startDate !== before.startDate ||
      next.endDate !== before.endDate ||
      next.locationId !== before.locationId ||
      next.travelRoles !== before.travelRoles ||
      JSON.stringify(next.schedule) !== JSON.stringify(before.schedule);
    if (redo) {
      const result = await fillProject(tx, after, timeZone, { confirmed: input.confirmed === true });
      if (result.needsConfirmation)
        throw new AppError('ERR_PROJECT_STAFFED', { data: { confirmed: true, count: result.detached.length } });
      announce(
        command,
        actor,
        [before.locationId, after.locationId],
        result,
        await revalidateRides(tx, actor.accountId, result),
      );
    }
    await recordActivity(tx, actor, { entity: 'project', entityId: id, action: 'update', before, after });
    return present(tx, (await projectInAccount(tx, actor.accountId, id)) as ProjectRow, timeZone);
  });
}

/**
 * Deletes a project: its open duties from today on go; staffed duties and past days stay on the roster (no longer
 * linked to a project), so no planned person and no registered hour is lost.
 */
export async function deleteProject(ctx: AppContext, actor: Actor, id: string): Promise<void> {
  await runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const before = await projectInAccount(tx, actor.accountId, id, true);
    requireClientsEditor(actor);
    await requirePlanningInScope(tx, actor, before.locationId);
    const open = await tx
      .delete(rosterItems)
      .where(
        and(
          eq(rosterItems.projectId, id),
          gte(rosterItems.date, todayIn(actor.settings.timeZone)),
          sql`${rosterItems.membershipId} is null`,
        ),
      )
      .returning({ id: rosterItems.id });
    await tx.delete(projects).where(eq(projects.id, id));
    await recordActivity(tx, actor, {
      entity: 'project',
      entityId: id,
      action: 'delete',
      before,
      after: { removedDuties: open.length },
    });
    announce(command, actor, [before.locationId], { created: [], removed: open.map((o) => o.id), detached: [] });
  });
}

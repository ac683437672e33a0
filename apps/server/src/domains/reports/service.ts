import {
  type DownloadField,
  type DownloadRequest,
  type ExportJob,
  HOURS_DOWNLOAD_FIELDS,
  LIST_STATUSES,
  type PayrollRequest,
  REPORT_PREVIEW_LINES,
  REPORT_STATUSES,
  REPORT_SYNC_MAX_LINES,
  type ReportFilters,
  type ReportKind,
  type ReportOptionsResponse,
  type ReportPreviewResponse,
  type SavedReport,
  type SavedReportInput,
} from '@app/contracts';
import {
  countedStatuses,
  displayNameFor,
  hidesNames,
  type Member,
  mayExportPayroll,
  mayUseLists,
  mayUseReports,
  now,
} from '@app/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, exportFiles, hours, memberships, savedReports, users } from '../../db/schema';
import { accountSettings } from '../../platform/account-settings';
import { recordActivity } from '../../platform/activity';
import { type Actor, requireAllowed } from '../../platform/actor';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { membersInScope, type PlanningReach, planningReachOf } from '../members/scope';
import { CONTENT_TYPES, writeFile } from './files';
import { fileLabels } from './labels';
import { type ExportLine, exportLines, filterChoices, summary } from './repo';

/**
 * Reports (registered hours, the accountant's) and lists (planned items, the planner's): filter choices, a preview,
 * saved reports with labels, downloads as xlsx or CSV (big ones as a job with progress), and the payroll export.
 * Every query names the actor's account; another account's ids answer 404.
 */

export interface FileResult {
  fileName: string;
  contentType: string;
  content: Buffer;
}

const allowedFor = (kind: ReportKind) => (kind === 'report' ? mayUseReports : mayUseLists);

function requireKind(actor: Actor, kind: ReportKind) {
  requireAllowed(allowedFor(kind)(actor));
}

async function settingsOf(db: DbOrTx, accountId: string) {
  const [row] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  if (!row) throw new AppError('NOT_FOUND');
  return accountSettings(row.settings);
}

/** Ids in the filters must be the account's: another account's answer 404 like unknown ones. */
async function checkFilterIds(db: DbOrTx, accountId: string, f: ReportFilters) {
  const named = [f.locations, f.members, f.duties, f.costCentres].some((ids) => ids?.length);
  if (!named) return;
  const choices = await filterChoices(db, accountId);
  const known = (list: { id: string }[], ids?: string[]) => {
    const set = new Set(list.map((x) => x.id));
    return (ids ?? []).every((id) => set.has(id));
  };
  if (
    !known(choices.locations, f.locations) ||
    !known(choices.members, f.members) ||
    !known(choices.duties, f.duties) ||
    !known(choices.costCentres, f.costCentres)
  )
    throw new AppError('NOT_FOUND');
}

/** No planning at all: what a restriction to no plannings runs on. */
const NO_PLANNING = '00000000-0000-0000-0000-000000000000';

/**
 * The filters as the actor may run them (restriction by plannings, `planningReachOf`): a planning outside answers
 * 403; none named means every planning within the restriction.
 */
async function scopedFilters(db: DbOrTx, actor: Actor, f: ReportFilters): Promise<ReportFilters> {
  const reach = await planningReachOf(db, actor);
  if (!reach.ids) return f;
  if (f.locations?.length) {
    requireAllowed(f.locations.every((id) => reach.includes(id)));
    return f;
  }
  return { ...f, locations: reach.ids.size ? [...reach.ids] : [NO_PLANNING] };
}

/**
 * A saved report the actor reaches: every planning it names within the restriction. One that names none is a
 * query over every planning, narrowed to the restriction whenever it runs (`scopedFilters`).
 */
const savedWithin = (reach: PlanningReach, filters: ReportFilters) =>
  (filters.locations ?? []).every((id) => reach.includes(id));

/** The people's fields of a line, blank where the planner restriction hides names (`displayNameFor`). */
function linesFor(viewer: Pick<Member, 'membershipId' | 'roles' | 'plannerRestricted'>, lines: ExportLine[]) {
  if (!hidesNames(viewer)) return lines;
  return lines.map((l) =>
    displayNameFor(viewer, { id: l.memberId, name: '' }) === null
      ? { ...l, fname: '', lname: '', email: '', mobile: null, employeeNumber: null, birthday: null }
      : l,
  );
}

export async function options(ctx: AppContext, actor: Actor, kind: ReportKind): Promise<ReportOptionsResponse> {
  requireKind(actor, kind);
  const choices = await filterChoices(ctx.db, actor.accountId);
  const reach = await planningReachOf(ctx.db, actor);
  const members = await membersInScope(ctx.db, actor);
  return {
    ...choices,
    locations: choices.locations.filter((l) => reach.includes(l.id)),
    // Names hidden: no people to choose from (the planner restriction, `hidesNames`).
    members: hidesNames(actor) ? [] : choices.members.filter((m) => !members || members.has(m.id)),
    fields: [...HOURS_DOWNLOAD_FIELDS],
    statuses: kind === 'report' ? [...REPORT_STATUSES] : [...LIST_STATUSES],
    payroll: kind === 'report' && mayExportPayroll(actor),
  };
}

export async function preview(
  ctx: AppContext,
  actor: Actor,
  kind: ReportKind,
  input: ReportFilters,
): Promise<ReportPreviewResponse> {
  await checkFilterIds(ctx.db, actor.accountId, input);
  requireKind(actor, kind);
  const filters = await scopedFilters(ctx.db, actor, input);
  const totals = await summary(ctx.db, actor.accountId, kind, filters);
  const lines = await exportLines(ctx.db, actor.accountId, kind, filters, { limit: REPORT_PREVIEW_LINES });
  return {
    ...totals,
    lines: lines.map((l) => ({
      id: l.id,
      member: {
        id: l.memberId ?? '',
        name: displayNameFor(actor, { id: l.memberId, name: `${l.fname} ${l.lname}`.trim() }),
      },
      date: l.date,
      location: { id: l.locationId, name: l.location },
      duty: l.duty,
      from: l.from,
      until: l.until,
      break: l.break,
      minutes: l.minutes,
      status: l.status,
      paid: l.paid,
    })),
  };
}

const stamp = () => now().toISOString().slice(0, 10);
const fileNameOf = (kind: ReportKind, request: { filters: ReportFilters; format: string }) =>
  `${kind === 'report' ? 'hours' : 'list'}-${request.filters.from}-${request.filters.until}.${request.format}`;

async function buildFile(
  db: DbOrTx,
  accountId: string,
  locale: string,
  kind: ReportKind,
  request: DownloadRequest,
  viewer: Pick<Member, 'membershipId' | 'roles' | 'plannerRestricted'>,
  onProgress?: (share: number) => Promise<void>,
): Promise<FileResult & { lines: number }> {
  const settings = await settingsOf(db, accountId);
  const lines = linesFor(viewer, await exportLines(db, accountId, kind, request.filters));
  const content = await writeFile(lines, {
    fields: request.fields,
    group: request.group,
    format: request.format,
    labels: fileLabels(locale),
    timeZone: settings.timeZone,
    counted: kind === 'report' ? countedStatuses(kind, request.filters.statuses) : undefined,
    locale: settings.locale,
    onProgress,
  });
  return {
    fileName: fileNameOf(kind, request),
    contentType: CONTENT_TYPES[request.format],
    content,
    lines: lines.length,
  };
}

/**
 * A download: small ones answer the file at once; more than REPORT_SYNC_MAX_LINES lines start the
 * `reports.export` job and answer its id (the page shows its progress and a link when it is done).
 */
export async function download(
  ctx: AppContext,
  actor: Actor,
  kind: ReportKind,
  asked: DownloadRequest,
): Promise<{ file: FileResult } | { job: string; lines: number }> {
  await checkFilterIds(ctx.db, actor.accountId, asked.filters);
  requireKind(actor, kind);
  const request = { ...asked, filters: await scopedFilters(ctx.db, actor, asked.filters) };
  const { total } = await summary(ctx.db, actor.accountId, kind, request.filters);
  if (total <= REPORT_SYNC_MAX_LINES) {
    const file = await buildFile(ctx.db, actor.accountId, actor.locale, kind, request, actor);
    return { file };
  }
  const row = await runCommand(ctx, actor, async ({ tx }) => {
    const [created] = await tx
      .insert(exportFiles)
      .values({
        accountId: actor.accountId,
        membershipId: actor.membershipId,
        kind,
        request: request as unknown as Record<string, unknown>,
        locale: actor.locale,
        lines: total,
        fileName: fileNameOf(kind, request),
        contentType: CONTENT_TYPES[request.format],
        createdAt: now(),
      })
      .returning({ id: exportFiles.id });
    return created;
  });
  // Once committed (the job reads the row), and awaited, not after-commit work: an export that cannot be queued
  // fails the request rather than answering a job that never starts.
  await queueExport(ctx, row.id);
  return { job: row.id, lines: total };
}

// The export job

/** With the job queue running, exports go through `reports.export`; without it (tests, tools) they run at once. */
async function queueExport(ctx: AppContext, id: string) {
  if (ctx.jobs.running) await ctx.jobs.send('reports.export', [{ id }]);
  // The job's work, as the job would do it: as the owner (it names its account itself), not through the request's
  // per-account handle, whose plain statements carry their values as literals (a file of 500 KiB among them).
  else await runExport(ctx.owner, id);
}

/** Files of finished exports are kept this long. */
const EXPORT_KEEP_MS = 24 * 60 * 60 * 1000;

/** The `reports.export` job: builds the file, writing its progress as it goes. Runs as the owner (no request). */
export async function runExport(db: DbOrTx, id: string): Promise<void> {
  const [row] = await db.select().from(exportFiles).where(eq(exportFiles.id, id));
  if (!row || row.state === 'done') return;
  // The member who asked, as the names rule reads them (their filters were narrowed when they asked).
  const [viewer] = await db
    .select({
      membershipId: memberships.id,
      roles: memberships.roles,
      plannerRestricted: memberships.plannerRestricted,
    })
    .from(memberships)
    .where(eq(memberships.id, row.membershipId));
  await db.update(exportFiles).set({ state: 'running', progress: 0 }).where(eq(exportFiles.id, id));
  try {
    const file = await buildFile(
      db,
      row.accountId,
      row.locale,
      row.kind as ReportKind,
      row.request as unknown as DownloadRequest,
      viewer
        ? { ...viewer, roles: viewer.roles as Member['roles'] }
        : { membershipId: '', roles: ['planner'], plannerRestricted: true },
      async (share) => {
        await db
          .update(exportFiles)
          .set({ progress: Math.min(99, Math.round(share * 100)) })
          .where(eq(exportFiles.id, id));
      },
    );
    await db
      .update(exportFiles)
      .set({ state: 'done', progress: 100, lines: file.lines, content: file.content, finishedAt: now() })
      .where(eq(exportFiles.id, id));
  } catch (error) {
    await db.update(exportFiles).set({ state: 'failed', finishedAt: now() }).where(eq(exportFiles.id, id));
    throw error;
  }
  await db.delete(exportFiles).where(sql`${exportFiles.createdAt} < ${new Date(now().getTime() - EXPORT_KEEP_MS)}`);
}

async function ownExport(ctx: AppContext, actor: Actor, id: string) {
  const [row] = await ctx.db
    .select({
      id: exportFiles.id,
      kind: exportFiles.kind,
      state: exportFiles.state,
      progress: exportFiles.progress,
      lines: exportFiles.lines,
      fileName: exportFiles.fileName,
      contentType: exportFiles.contentType,
    })
    .from(exportFiles)
    .where(
      and(
        eq(exportFiles.id, id),
        eq(exportFiles.accountId, actor.accountId),
        eq(exportFiles.membershipId, actor.membershipId),
      ),
    );
  if (!row) throw new AppError('NOT_FOUND');
  requireKind(actor, row.kind as ReportKind);
  return row;
}

export async function exportJob(ctx: AppContext, actor: Actor, id: string): Promise<ExportJob> {
  const row = await ownExport(ctx, actor, id);
  return {
    id: row.id,
    state: row.state as ExportJob['state'],
    progress: row.progress,
    lines: row.lines,
    fileName: row.fileName,
    url: row.state === 'done' ? `/api/exports/${row.id}/file` : null,
  };
}

export async function exportFile(ctx: AppContext, actor: Actor, id: string): Promise<FileResult> {
  const row = await ownExport(ctx, actor, id);
  if (row.state !== 'done') throw new AppError('NOT_FOUND');
  const [file] = await ctx.db.select({ content: exportFiles.content }).from(exportFiles).where(eq(exportFiles.id, id));
  if (!file?.content) throw new AppError('NOT_FOUND');
  return { fileName: row.fileName, contentType: row.contentType, content: file.content };
}

// Saved reports and lists

function presentSaved(row: typeof savedReports.$inferSelect): SavedReport {
  return {
    id: row.id,
    kind: row.kind as ReportKind,
    name: row.name,
    labels: row.labels,
    filters: row.filters as SavedReport['filters'],
    fields: row.fields as DownloadField[],
    group: row.grouping as SavedReport['group'],
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function listSaved(ctx: AppContext, actor: Actor, kind: ReportKind): Promise<SavedReport[]> {
  requireKind(actor, kind);
  const rows = await ctx.db
    .select()
    .from(savedReports)
    .where(and(eq(savedReports.accountId, actor.accountId), eq(savedReports.kind, kind)))
    .orderBy(asc(savedReports.name));
  const reach = await planningReachOf(ctx.db, actor);
  return rows.map(presentSaved).filter((r) => savedWithin(reach, r.filters));
}

const distinctLabels = (labels: string[]) => [...new Set(labels)];

export async function createSaved(
  ctx: AppContext,
  actor: Actor,
  kind: ReportKind,
  input: SavedReportInput,
): Promise<SavedReport> {
  await checkFilterIds(ctx.db, actor.accountId, input.filters);
  requireKind(actor, kind);
  await requireSavedWithin(ctx.db, actor, input.filters);
  const at = now();
  const [row] = await runCommand(ctx, actor, async ({ tx }) =>
    tx
      .insert(savedReports)
      .values({
        accountId: actor.accountId,
        kind,
        name: input.name,
        labels: distinctLabels(input.labels),
        filters: input.filters as unknown as Record<string, unknown>,
        fields: input.fields,
        grouping: input.group,
        createdBy: actor.membershipId,
        createdAt: at,
        updatedAt: at,
      })
      .returning(),
  );
  return presentSaved(row);
}

/** Refuses (403) saved filters outside the actor's restriction by plannings. */
async function requireSavedWithin(db: DbOrTx, actor: Actor, filters: ReportFilters) {
  requireAllowed(savedWithin(await planningReachOf(db, actor), filters));
}

async function savedOf(db: DbOrTx, actor: Actor, kind: ReportKind, id: string) {
  const [row] = await db
    .select({ id: savedReports.id, filters: savedReports.filters })
    .from(savedReports)
    .where(and(eq(savedReports.id, id), eq(savedReports.accountId, actor.accountId), eq(savedReports.kind, kind)));
  if (!row) throw new AppError('NOT_FOUND');
  return row.filters as SavedReport['filters'];
}

export async function updateSaved(
  ctx: AppContext,
  actor: Actor,
  kind: ReportKind,
  id: string,
  input: SavedReportInput,
): Promise<SavedReport> {
  const before = await savedOf(ctx.db, actor, kind, id);
  await checkFilterIds(ctx.db, actor.accountId, input.filters);
  requireKind(actor, kind);
  await requireSavedWithin(ctx.db, actor, before);
  await requireSavedWithin(ctx.db, actor, input.filters);
  const [row] = await runCommand(ctx, actor, async ({ tx }) =>
    tx
      .update(savedReports)
      .set({
        name: input.name,
        labels: distinctLabels(input.labels),
        filters: input.filters as unknown as Record<string, unknown>,
        fields: input.fields,
        grouping: input.group,
        updatedAt: now(),
      })
      .where(and(eq(savedReports.id, id), eq(savedReports.accountId, actor.accountId)))
      .returning(),
  );
  return presentSaved(row);
}

export async function deleteSaved(ctx: AppContext, actor: Actor, kind: ReportKind, id: string): Promise<void> {
  const before = await savedOf(ctx.db, actor, kind, id);
  requireKind(actor, kind);
  await requireSavedWithin(ctx.db, actor, before);
  await runCommand(ctx, actor, async ({ tx }) => {
    await tx.delete(savedReports).where(and(eq(savedReports.id, id), eq(savedReports.accountId, actor.accountId)));
  });
}

// Payroll export

/** The fields of the payroll file, per employee. */
export const PAYROLL_FIELDS: DownloadField[] = [
  'employee_number',
  'lname',
  'fname',
  'date',
  'from',
  'until',
  'break',
  'total',
  'overtime',
  'rate',
  'salary',
  'expenses_amount',
  'expenses_travel',
  'expenses_compensation',
  'duty',
  'location',
];

/**
 * Payroll export (docs/product/reports.md): refused while any hours of the range (and plannings) are pending or denied
 * (ERR_PAYROLL_PENDING), or an employee with unpaid hours there has not finished registering: no password yet, or
 * no employee number for the payroll (ERR_PAYROLL_UNREGISTERED). Otherwise the approved hours not yet paid are
 * marked paid, in one transaction, and written to the file; paid ones are never paid again (ERR_PAYROLL_NOTHING
 * when none is left).
 */
export async function payroll(ctx: AppContext, actor: Actor, request: PayrollRequest): Promise<FileResult> {
  const filters: ReportFilters = { from: request.from, until: request.until, locations: request.locations };
  await checkFilterIds(ctx.db, actor.accountId, filters);
  requireAllowed(mayExportPayroll(actor));
  const timeZone = actor.settings.timeZone;
  const lines = await runCommand(ctx, actor, async (command) => {
    const tx = command.tx;
    const waiting = await summary(tx, actor.accountId, 'report', { ...filters, statuses: ['pending', 'denied'] });
    if (waiting.total > 0) throw new AppError('ERR_PAYROLL_PENDING', { data: { count: waiting.total } });

    const unpaid = and(eq(hours.status, 'approved'), eq(hours.paid, false));
    const people = await tx
      .selectDistinct({
        id: memberships.id,
        name: sql<string>`trim(${users.fname} || ' ' || ${users.lname})`,
        registered: sql<boolean>`${users.passwordHash} is not null and coalesce(trim(${memberships.employeeNumber}), '') <> ''`,
      })
      .from(hours)
      .innerJoin(memberships, eq(memberships.id, hours.membershipId))
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(
        and(
          eq(hours.accountId, actor.accountId),
          sql`${hours.date} between ${filters.from} and ${filters.until}`,
          filters.locations?.length ? inArray(hours.locationId, filters.locations) : undefined,
          unpaid,
        ),
      );
    const missing = people.filter((p) => !p.registered).map((p) => p.name);
    if (missing.length) throw new AppError('ERR_PAYROLL_UNREGISTERED', { data: { names: missing.sort() } });

    // Only what this statement finds unpaid (row locks order two exports of one range): paid exactly once.
    const paidIds = await tx
      .update(hours)
      .set({ paid: true, updatedAt: now() })
      .where(
        and(
          eq(hours.accountId, actor.accountId),
          sql`${hours.date} between ${filters.from} and ${filters.until}`,
          filters.locations?.length ? inArray(hours.locationId, filters.locations) : undefined,
          unpaid,
        ),
      )
      .returning({ id: hours.id, membershipId: hours.membershipId });
    if (!paidIds.length) throw new AppError('ERR_PAYROLL_NOTHING');
    const found = await exportLines(tx, actor.accountId, 'report', filters, {
      extra: [
        inArray(
          hours.id,
          paidIds.map((p) => p.id),
        ),
      ],
    });
    await recordActivity(tx, actor, {
      entity: 'hours',
      action: 'payroll',
      after: { from: filters.from, until: filters.until, count: paidIds.length },
    });
    command.emit(
      `account.${actor.accountId}`,
      'HoursUpdated',
      { ids: paidIds.map((p) => p.id), members: [...new Set(paidIds.map((p) => p.membershipId))] },
      actor,
    );
    return found;
  });
  const content = await writeFile(lines, {
    fields: PAYROLL_FIELDS,
    group: 'employee',
    format: request.format,
    labels: fileLabels(actor.locale),
    timeZone,
    locale: actor.settings.locale,
  });
  return {
    fileName: `payroll-${request.from}-${request.until}-${stamp()}.${request.format}`,
    contentType: CONTENT_TYPES[request.format],
    content,
  };
}

import { z } from 'zod';
import { CalendarDate, dateRange, line, name } from './inputs';
import { IsoDate } from './roster';

/**
 * Reports and lists (docs/product/reports.md). Reports read registered hours (accountants);
 * lists read the planned roster items (planners, module lists). Both filter by range, plannings, people, duties,
 * cost centres and status, are saved with a name and labels, and download as xlsx or CSV with the fields picked,
 * grouped per employee, client or planning. The payroll export pays approved, unpaid hours.
 */

/** The download fields of hours, docs/product/reports.md, in its order (expenses split into its four parts). */
export const HOURS_DOWNLOAD_FIELDS = [
  'fname',
  'lname',
  'email',
  'mobile',
  'status',
  'date',
  'from',
  'until',
  'break',
  'total',
  'overtime',
  'rate',
  'expenses_amount',
  'expenses_compensation',
  'expenses_travel',
  'expenses_other',
  'sickness',
  'employee_number',
  'birthday',
  'duty',
  'location',
  'created_at',
  'approved_at',
  'approved_by',
  'salary',
] as const;
export const DownloadField = z.enum(HOURS_DOWNLOAD_FIELDS);
export type DownloadField = z.infer<typeof DownloadField>;

/** The statuses a report filters by: registered hours' states. Lists filter planned items: open or assigned. */
export const REPORT_STATUSES = ['pending', 'approved', 'denied'] as const;
export const LIST_STATUSES = ['assigned', 'open'] as const;
export const ReportStatus = z.enum([...REPORT_STATUSES, ...LIST_STATUSES]);
export type ReportStatus = z.infer<typeof ReportStatus>;

export const REPORT_KINDS = ['report', 'list'] as const;
export const ReportKind = z.enum(REPORT_KINDS);
export type ReportKind = z.infer<typeof ReportKind>;

/** Downloads group their lines per employee, client or planning (docs/product/reports.md). */
export const REPORT_GROUPS = ['employee', 'client', 'planning'] as const;
export const ReportGroup = z.enum(REPORT_GROUPS);
export type ReportGroup = z.infer<typeof ReportGroup>;

export const DOWNLOAD_FORMATS = ['xlsx', 'csv'] as const;
export const DownloadFormat = z.enum(DOWNLOAD_FORMATS);
export type DownloadFormat = z.infer<typeof DownloadFormat>;

/** One report or download covers at most this many days; one filter names at most this many ids of a kind. */
export const REPORT_RANGE_MAX_DAYS = 366;
export const REPORT_FILTER_MAX_IDS = 500;
/** Downloads with more lines than this run as a background job with progress and a link when done. */
export const REPORT_SYNC_MAX_LINES = 2000;
/** A report's preview shows at most this many lines (the download has them all). */
export const REPORT_PREVIEW_LINES = 200;
export const REPORT_NAME_MAX_LENGTH = 80;
export const REPORT_LABEL_MAX_LENGTH = 40;
export const REPORT_LABELS_MAX = 10;

const Ids = z.array(z.uuid()).max(REPORT_FILTER_MAX_IDS);

export const ReportFilters = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    locations: Ids.optional(),
    members: Ids.optional(),
    duties: Ids.optional(),
    costCentres: Ids.optional(),
    statuses: z.array(ReportStatus).max(5).optional(),
  }),
  REPORT_RANGE_MAX_DAYS,
);
export type ReportFilters = z.infer<typeof ReportFilters>;

export const DownloadRequest = z.object({
  filters: ReportFilters,
  /** At least one field (docs/product/reports.md: a download needs at least one field). */
  fields: z.array(DownloadField).min(1, 'validation.fieldsRequired').max(HOURS_DOWNLOAD_FIELDS.length),
  format: DownloadFormat,
  group: ReportGroup,
});
export type DownloadRequest = z.infer<typeof DownloadRequest>;

/** A big download started as a job: its id to follow. A small one answers the file itself. */
export const DownloadJobResponse = z.object({ job: z.string(), lines: z.number().int() });
export type DownloadJobResponse = z.infer<typeof DownloadJobResponse>;

export const EXPORT_JOB_STATES = ['queued', 'running', 'done', 'failed'] as const;
export const ExportJob = z.object({
  id: z.string(),
  state: z.enum(EXPORT_JOB_STATES),
  /** 0 to 100. */
  progress: z.number().int(),
  lines: z.number().int(),
  fileName: z.string(),
  /** Where the file is fetched once done. */
  url: z.string().nullable(),
});
export type ExportJob = z.infer<typeof ExportJob>;
export const ExportJobResponse = z.object({ job: ExportJob });

const Ref = z.object({ id: z.string(), name: z.string() });

/** One line of a report's preview. */
export const ReportLine = z.object({
  id: z.string(),
  /** The name is null where the planner restriction hides names. */
  member: z.object({ id: z.string(), name: z.string().nullable() }),
  date: IsoDate,
  location: Ref,
  duty: z.string().nullable(),
  from: z.string().nullable(),
  until: z.string().nullable(),
  break: z.number().int(),
  minutes: z.number().int(),
  status: z.string(),
  paid: z.boolean(),
});
export type ReportLine = z.infer<typeof ReportLine>;

export const ReportPreviewResponse = z.object({
  lines: z.array(ReportLine),
  /** Every line the filters find (the preview shows the first REPORT_PREVIEW_LINES). */
  total: z.number().int(),
  /** Worked minutes of the lines whose status the totals count (`counted`). */
  minutes: z.number().int(),
  /** The statuses the totals count: those chosen, or approved hours only (docs/product/reports.md, "Totals"). */
  counted: z.array(z.string()),
  /** Lines per status. */
  statuses: z.record(z.string(), z.number().int()),
});
export type ReportPreviewResponse = z.infer<typeof ReportPreviewResponse>;

export const ReportOptionsResponse = z.object({
  locations: z.array(Ref),
  members: z.array(Ref),
  duties: z.array(Ref),
  costCentres: z.array(Ref),
  fields: z.array(DownloadField),
  statuses: z.array(ReportStatus),
  /** Payroll export (reports only, the accountant). */
  payroll: z.boolean(),
});
export type ReportOptionsResponse = z.infer<typeof ReportOptionsResponse>;

export const SavedReportInput = z.object({
  name: name(REPORT_NAME_MAX_LENGTH),
  labels: z.array(name(REPORT_LABEL_MAX_LENGTH)).max(REPORT_LABELS_MAX),
  filters: ReportFilters,
  fields: z.array(DownloadField).max(HOURS_DOWNLOAD_FIELDS.length),
  group: ReportGroup,
});
export type SavedReportInput = z.infer<typeof SavedReportInput>;

export const SavedReport = z.object({
  id: z.string(),
  kind: ReportKind,
  name: z.string(),
  labels: z.array(z.string()),
  filters: z.object({
    from: z.string(),
    until: z.string(),
    locations: z.array(z.string()).optional(),
    members: z.array(z.string()).optional(),
    duties: z.array(z.string()).optional(),
    costCentres: z.array(z.string()).optional(),
    statuses: z.array(ReportStatus).optional(),
  }),
  fields: z.array(DownloadField),
  group: ReportGroup,
  updatedAt: z.string(),
});
export type SavedReport = z.infer<typeof SavedReport>;

export const SavedReportsResponse = z.object({ saved: z.array(SavedReport) });
export const SavedReportResponse = z.object({ saved: SavedReport });

/** Payroll export: the approved, unpaid hours of a range (optionally some plannings), paid by the export. */
export const PayrollRequest = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    locations: Ids.optional(),
    format: DownloadFormat.default('xlsx'),
  }),
  REPORT_RANGE_MAX_DAYS,
);
export type PayrollRequest = z.infer<typeof PayrollRequest>;

/** The printable roster of a week (docs/product/reports.md: staff without access get printed or mailed rosters). */
export const RosterPrintQuery = z.object({ week: CalendarDate });
export const RosterMailRequest = z.object({ week: CalendarDate, message: line(300).optional() });
/** How many were mailed, and their names (the planner learns whom it went to). */
export const RosterMailResponse = z.object({ count: z.number().int(), names: z.array(z.string()) });

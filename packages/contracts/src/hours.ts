import { z } from 'zod';
import { MAX_CENTS } from './catalog';
import { CalendarDate, line, matching, name, Paging, pageQuery, text } from './inputs';
import { BreakMinutes, HHmm, IsoDate } from './roster';

/**
 * Hours (docs/product/hours.md): what a member worked on a planned item or without one, with expenses
 * and travel, and the supervisor's approval. Money is integer cents; times of day "HH:mm" (an end not after the
 * start runs past midnight); the break is one of the break options.
 */

/** open: a planned item without hours yet; pending: submitted, still editable; approved: locked; denied. */
export const HOURS_STATUSES = ['open', 'pending', 'approved', 'denied'] as const;
export const HoursStatus = z.enum(HOURS_STATUSES);
export type HoursStatus = z.infer<typeof HoursStatus>;

/**
 * The timesheet's tabs (docs/product/hours.md): to be registered (own planned items without hours), pending (own
 * submitted or denied), to be approved (everyone's pending, supervisors), approved, to confirm (others' planned
 * items without hours, supervisors confirm them as planned), unsigned (approved without a signature).
 */
export const TIMESHEET_TABS = ['register', 'pending', 'approve', 'approved', 'confirm', 'unsigned'] as const;
export const TimesheetTab = z.enum(TIMESHEET_TABS);
export type TimesheetTab = z.infer<typeof TimesheetTab>;

export const TRAVEL_ROLES = ['driver', 'passenger'] as const;
export const TravelRole = z.enum(TRAVEL_ROLES);
export type TravelRole = z.infer<typeof TravelRole>;

/** Plausibility limits: one registration covers at most this many worked minutes; travel at most this many km. */
export const HOURS_MAX_MINUTES = 16 * 60;
export const TRAVEL_MAX_KM = 2000;
export const HOURS_COMMENT_MAX_LENGTH = 500;
export const DENIAL_MESSAGE_MAX_LENGTH = 500;
/** A drawn signature: a PNG data URL of at most this many characters (about 150 kB). */
export const SIGNATURE_MAX_LENGTH = 200_000;
/** Range of one timesheet read and of one bulk approval, in days. */
export const HOURS_RANGE_MAX_DAYS = 93;
export const HOURS_BULK_MAX = 2000;
/**
 * The tabs that grow with the past (every approved line of the range) are read a page at a time: this many lines
 * unless the request asks for another size, at most `TIMESHEET_PAGE_MAX`. The other tabs are work lists that are
 * worked through (and chosen from in bulk): they come whole, up to `TIMESHEET_LINES_MAX`.
 */
export const PAGED_TIMESHEET_TABS: readonly TimesheetTab[] = ['approved', 'unsigned'];
export const TIMESHEET_PAGE_SIZE = 100;
export const TIMESHEET_PAGE_MAX = 500;
export const TIMESHEET_LINES_MAX = 5000;

export const Signature = z.object({
  /** The drawn signature as a PNG data URL. */
  image: matching(/^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/, 'validation.signature', {
    max: SIGNATURE_MAX_LENGTH,
  }),
  /** Who signed. */
  name: name(120),
});
export type Signature = z.infer<typeof Signature>;

const Cents = z.number().int().min(0).max(MAX_CENTS);

/** What a registration carries besides whose and where. */
const HoursFields = z.object({
  from: HHmm,
  until: HHmm,
  break: BreakMinutes,
  costCentre: z.uuid().nullable().optional(),
  comment: text(HOURS_COMMENT_MAX_LENGTH).optional(),
  /** Expenses in euro cents (the expenses right); null or left out for none. */
  expensesCents: Cents.nullable().optional(),
  /** Travel in whole kilometres (the travel right), and whether the member drove or rode along. */
  travelKm: z.number().int().min(0).max(TRAVEL_MAX_KM).nullable().optional(),
  travelRole: TravelRole.nullable().optional(),
});

/** Travel in kilometres says how one travelled: driver or passenger (docs/product/hours.md, "Expenses and travel"). */
function travelNeedsRole(v: { travelKm?: number | null; travelRole?: string | null }, ctx: z.RefinementCtx) {
  if (v.travelKm && !v.travelRole)
    ctx.addIssue({ code: 'custom', path: ['travelRole'], message: 'validation.travelRole' });
}

/**
 * A registration: for a planned item (`item`; whose and where come from it), or unplanned (`location` and `date`,
 * for `member` or oneself).
 */
export const RegisterHoursRequest = HoursFields.extend({
  item: z.uuid().optional(),
  member: z.uuid().optional(),
  location: z.uuid().optional(),
  date: CalendarDate.optional(),
}).superRefine((v, ctx) => {
  travelNeedsRole(v, ctx);
  if (v.item) return;
  if (!v.location) ctx.addIssue({ code: 'custom', path: ['location'], message: 'validation.required' });
  if (!v.date) ctx.addIssue({ code: 'custom', path: ['date'], message: 'validation.required' });
});
export type RegisterHoursRequest = z.infer<typeof RegisterHoursRequest>;

export const UpdateHoursRequest = HoursFields.superRefine(travelNeedsRole);
export type UpdateHoursRequest = z.infer<typeof UpdateHoursRequest>;

export const ApproveHoursRequest = z.object({ signature: Signature.nullable().optional() });
export type ApproveHoursRequest = z.infer<typeof ApproveHoursRequest>;

export const DenyHoursRequest = z.object({ message: text(DENIAL_MESSAGE_MAX_LENGTH).min(1, 'validation.required') });
export type DenyHoursRequest = z.infer<typeof DenyHoursRequest>;

export const SignHoursRequest = z.object({ signature: Signature });
export type SignHoursRequest = z.infer<typeof SignHoursRequest>;

export const BilledRequest = z.object({ billed: z.boolean() });

/**
 * Many at once: the listed hours, or every pending one of a week (`from`..`until`) and optionally one location.
 * Only hours the supervisor may see are touched.
 */
export const BulkApproveRequest = z
  .object({
    ids: z.array(z.uuid()).min(1).max(HOURS_BULK_MAX).optional(),
    from: CalendarDate.optional(),
    until: CalendarDate.optional(),
    location: z.uuid().optional(),
    signature: Signature.nullable().optional(),
  })
  .superRefine((v, ctx) => {
    if (v.ids) return;
    if (!v.from) ctx.addIssue({ code: 'custom', path: ['from'], message: 'validation.required' });
    if (!v.until) ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.required' });
    if (v.from && v.until && v.until < v.from)
      ctx.addIssue({ code: 'custom', path: ['until'], message: 'validation.range' });
  });
export type BulkApproveRequest = z.infer<typeof BulkApproveRequest>;

export const BulkDenyRequest = z.object({
  ids: z.array(z.uuid()).min(1).max(HOURS_BULK_MAX),
  message: text(DENIAL_MESSAGE_MAX_LENGTH).min(1, 'validation.required'),
});
export type BulkDenyRequest = z.infer<typeof BulkDenyRequest>;

/** Supervisors confirm planned items as worked: approved hours with the planned times. */
export const ConfirmItemsRequest = z.object({
  items: z.array(z.uuid()).min(1).max(HOURS_BULK_MAX),
  signature: Signature.nullable().optional(),
});
export type ConfirmItemsRequest = z.infer<typeof ConfirmItemsRequest>;

export const BulkResult = z.object({ count: z.number().int() });
export type BulkResult = z.infer<typeof BulkResult>;

export const TimesheetQuery = z.object({
  tab: TimesheetTab,
  from: CalendarDate.optional(),
  until: CalendarDate.optional(),
  location: z.uuid().optional(),
  member: z.uuid().optional(),
  /** The page of a paged tab (approved, unsigned); the other tabs answer page 1 with every line. */
  ...pageQuery(TIMESHEET_PAGE_SIZE, TIMESHEET_PAGE_MAX),
});
export type TimesheetQuery = z.infer<typeof TimesheetQuery>;
/** The query as a client writes it (page and size may be left out). */
export type TimesheetQueryInput = z.input<typeof TimesheetQuery>;

const Ref = z.object({ id: z.string(), name: z.string() });

/** One line of the timesheet: a planned item waiting for hours (status open, `id` null), or registered hours. */
export const HoursLine = z.object({
  /** The hours' id; null for a planned item without hours. */
  id: z.string().nullable(),
  item: z.string().nullable(),
  member: Ref,
  date: IsoDate,
  location: Ref,
  duty: Ref.extend({ color: z.string() }).nullable(),
  /** The planned times of the item, when there is one with times. */
  planned: z.object({ from: HHmm, until: HHmm, break: z.number().int() }).nullable(),
  from: HHmm.nullable(),
  until: HHmm.nullable(),
  break: z.number().int(),
  /** Worked minutes: span less the break. */
  minutes: z.number().int(),
  costCentre: Ref.nullable(),
  comment: z.string(),
  status: HoursStatus,
  denialMessage: z.string().nullable(),
  expensesCents: z.number().int().nullable(),
  travelKm: z.number().int().nullable(),
  travelRole: TravelRole.nullable(),
  kmCompensationCents: z.number().int().nullable(),
  /** Cost of the line: rate x hours x factor plus premiums (packages/domain hours/cost.ts), in cents. */
  costCents: z.number().int().nullable(),
  billed: z.boolean(),
  paid: z.boolean(),
  signed: z.boolean(),
  signeeName: z.string().nullable(),
  approvedAt: z.string().nullable(),
  approvedBy: z.string().nullable(),
  /** The acting member may still change it (pending or denied, and theirs or supervised by them). */
  editable: z.boolean(),
  /**
   * What the acting member may do with the line now (the domain's `hoursAbilitiesOf`, decided on the server where the
   * whole line and the member's reach are known): the timesheet shows exactly these actions. All false for a planned
   * item without hours.
   */
  can: z.object({
    edit: z.boolean(),
    remove: z.boolean(),
    approve: z.boolean(),
    deny: z.boolean(),
    reopen: z.boolean(),
    sign: z.boolean(),
    bill: z.boolean(),
  }),
});
export type HoursLine = z.infer<typeof HoursLine>;

export const TimesheetResponse = z.object({
  tab: TimesheetTab,
  lines: z.array(HoursLine),
  /** The page answered and the tab's lines in all (a tab that comes whole: page 1 of `TIMESHEET_LINES_MAX`). */
  paging: Paging,
  /** How many lines each tab the member sees holds (for the tab badges), within the same range. */
  counts: z.record(z.string(), z.number().int()),
});
export type TimesheetResponse = z.infer<typeof TimesheetResponse>;

export const HoursResponse = z.object({ hours: HoursLine });
export type HoursResponse = z.infer<typeof HoursResponse>;

/** What the registration form offers the member. */
export const HoursOptionsResponse = z.object({
  tabs: z.array(TimesheetTab),
  locations: z.array(Ref),
  costCentres: z.array(Ref.extend({ isDefault: z.boolean() })),
  /** People the member may register hours for (themselves first). */
  members: z.array(Ref),
  may: z.object({
    own: z.boolean(),
    unplanned: z.boolean(),
    others: z.boolean(),
    expenses: z.boolean(),
    travel: z.boolean(),
    supervise: z.boolean(),
    /** Signs approved hours: supervisors, and the variant that only collects signatures. */
    sign: z.boolean(),
    bill: z.boolean(),
  }),
  settings: z.object({
    kmCompensationCents: z.number().int(),
    expenseMaxCents: z.number().int().nullable(),
    /** The signature module: approvals carry a drawn signature and the signee's name. */
    signatureRequired: z.boolean(),
  }),
});
export type HoursOptionsResponse = z.infer<typeof HoursOptionsResponse>;

export const ReopenHoursRequest = z.object({ reason: line(200).optional() });

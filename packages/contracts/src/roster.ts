import { z } from 'zod';
import {
  BREAK_OPTIONS,
  BULK_MAX_DAYS,
  NOTE_MAX_LENGTH,
  PRESET_MAX_WEEKS,
  ROSTER_IDS_MAX,
  SICKNESS_CODE_VALUES,
} from './constants';
import { Role } from './enums';
import { CalendarDate, dateRange, line, matching, text } from './inputs';
import { RideRole, RosterResource } from './resources';

/** A date the server answers (YYYY-MM-DD, a day that exists); a date in a request is a `CalendarDate`. */
export const IsoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((s) => {
    const [y, m, d] = s.split('-').map(Number);
    const t = new Date(Date.UTC(y, m - 1, d));
    return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
  }, 'date');
export const HHmm = matching(/^([01]\d|2[0-3]):[0-5]\d$/, 'time');
export const BreakMinutes = z
  .number()
  .int()
  .refine((b) => (BREAK_OPTIONS as readonly number[]).includes(b), 'break');

export const ItemTimes = z.object({ from: HHmm, until: HHmm, break: z.number().int() });
export type ItemTimes = z.infer<typeof ItemTimes>;

export const ItemFlag = z.enum(['signout', 'sick']);

export const ItemApplication = z.object({
  membership: z.string(),
  appliedAt: z.string(),
  accepted: z.boolean().nullable(),
});
export type ItemApplication = z.infer<typeof ItemApplication>;

/** A day of a planning's forecast: WMO weather code, lowest and highest °C, precipitation in mm. */
export const WeatherDay = z.object({
  date: IsoDate,
  code: z.number().int(),
  min: z.number(),
  max: z.number(),
  precipitation: z.number(),
});
export type WeatherDay = z.infer<typeof WeatherDay>;

/** A roster item as the roster shows it (docs/product/roster.md). */
export const RosterItem = z.object({
  id: z.string(),
  date: IsoDate,
  location: z.string(),
  /** Membership id of the assigned member, or null for an open item. */
  user: z.string().nullable(),
  assigned: z.boolean(),
  duty: z.string().nullable(),
  shift: z.string().nullable(),
  times: ItemTimes.nullable(),
  tags: z.array(z.string()),
  notes: z.string().nullable(),
  /** Internal note: planners only. */
  internal: z.string().nullable(),
  flag: ItemFlag.nullable(),
  conflicts: z.array(z.string()).nullable(),
  hour: z
    .object({ billable: z.number().int(), cost: z.number().int().nullable(), code: z.string().nullable() })
    .nullable(),
  /** Worked minutes of the item (its span less the break), when it has times. */
  stats: z.object({ minutes: z.number().int() }).nullable(),
  /** The vehicle or equipment the item carries (a `RosterResource` of the load), or null. */
  resource: z.string().nullable(),
  /** Driver or passenger of its vehicle, as its project says; null when neither. */
  travelRole: RideRole.nullable(),
  /** The project whose schedule made this duty (a `RosterProject` of the load), or null for one planned by hand. */
  project: z.string().nullable(),
  applications: z.array(ItemApplication),
  /** A placeholder sign-up waiting for the planner's confirmation. */
  pending: z.boolean(),
});
export type RosterItem = z.infer<typeof RosterItem>;

/**
 * Whether the viewer may take an open item themselves, and if not the refusal's code (docs/product/roster.md, "Open
 * duties an employee may take").
 */
export const ItemOffer = z.object({ can: z.boolean(), reason: z.string().nullable() });
export type ItemOffer = z.infer<typeof ItemOffer>;

/** Planned minutes per member in the loaded period. */
export const RosterStats = z.record(z.string(), z.object({ minutes: z.number().int(), items: z.number().int() }));
export type RosterStats = z.infer<typeof RosterStats>;

export const ItemChangeResponse = z.object({
  item: RosterItem.nullable(),
  /** Other items whose stored conflicts changed because of this edit. */
  revalidated: z.array(RosterItem),
  stats: RosterStats,
});
export type ItemChangeResponse = z.infer<typeof ItemChangeResponse>;

export const CreateItemRequest = z.object({
  location: z.string().uuid(),
  date: CalendarDate,
  duty: z.string().uuid().nullable().optional(),
  shift: z.string().uuid().nullable().optional(),
  times: z
    .object({ start: HHmm, end: HHmm, break: z.number().int().default(0) })
    .nullable()
    .optional(),
  user: z.string().uuid().nullable().optional(),
  tags: z.array(z.string().uuid()).max(50).optional(),
  notes: text(NOTE_MAX_LENGTH).optional(),
  confirmed: z.union([z.boolean(), z.literal('OVERRULE_REST')]).optional(),
});
export type CreateItemRequest = z.infer<typeof CreateItemRequest>;

export const Confirmed = z
  .union([z.boolean(), z.literal('OVERRULE_REST'), z.literal('true'), z.literal('false')])
  .optional();

export const TimesRequest = z.object({
  start: HHmm.nullable().optional(),
  end: HHmm.nullable().optional(),
  break: z.number().int().default(0),
  confirmed: Confirmed,
});
export const ShiftRequest = z.object({ shift: z.string().uuid(), confirmed: Confirmed });
export const DutyRequest = z.object({ duty: z.string().uuid() });
export const UserRequest = z.object({ user: z.string().uuid(), confirmed: Confirmed, force: z.boolean().optional() });
export const TagsRequest = z.object({ tags: z.array(z.string().uuid()).max(50) });
export const NotesRequest = z.object({ notes: text(NOTE_MAX_LENGTH).nullable() });
export const InternalRequest = z.object({ internal: text(NOTE_MAX_LENGTH).nullable() });

export const RosterQuery = z.object({
  scope: z.enum(['planning', 'preset']),
  location: z.string().uuid(),
  /** First day shown (defaults to the Monday of this week). */
  date: CalendarDate.optional(),
  period: z.enum(['day', 'week', '2weeks', '4weeks', 'month']).optional(),
  /** `1`: the items in their compact form (`RosterCompactResponse`), as the web asks for them. */
  compact: z.enum(['0', '1']).optional(),
  /**
   * `1`: only the viewer's own items (with the rest of the answer as usual): "my duties" shows from this smaller
   * answer first, and the whole period loads after it has painted.
   */
  mine: z.enum(['0', '1']).optional(),
});
export type RosterQuery = z.infer<typeof RosterQuery>;

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/** Items of a location by id (what a realtime event named): ids separated by commas, at most `ROSTER_IDS_MAX`. */
export const RosterItemsQuery = z.object({
  ids: matching(new RegExp(`^${UUID}(,${UUID}){0,${ROSTER_IDS_MAX - 1}}$`), 'validation.invalid', {
    max: ROSTER_IDS_MAX * 37,
    case: 'lower',
  }),
});
/** The items asked for that the viewer may see in the roster, as the roster's load shows them; the rest are left out. */
export const RosterItemsResponse = z.object({
  items: z.array(RosterItem),
  offers: z.record(z.string(), ItemOffer).optional(),
});
export type RosterItemsResponse = z.infer<typeof RosterItemsResponse>;

export const RosterDuty = z.object({
  id: z.string(),
  identifier: z.string(),
  name: z.string(),
  color: z.string(),
  trashed: z.boolean(),
  restHours: z.number().int(),
});
export const RosterShift = z.object({
  id: z.string(),
  identifier: z.string(),
  name: z.string(),
  times: ItemTimes,
  trashed: z.boolean(),
});
export const RosterUser = z.object({
  id: z.string(),
  name: z.string().nullable(),
  gravatar: z.string().nullable(),
  duties: z.array(z.string()),
  tags: z.array(z.string()),
  /** Weekly contract minutes of the contract running at the period's start (planners only). */
  contractMinutes: z.number().int().nullable().optional(),
  /** The member's roles (planners only): the grid groups its rows by them. */
  roles: z.array(Role).optional(),
});
export const RosterDay = z.object({
  date: IsoDate,
  released: z.boolean(),
  past: z.boolean(),
  /** Planners: hours of the planning on the day are billed (the day takes no duty: `undroppableReason`). */
  billed: z.boolean().optional(),
  /** Planners: the planning is closed that day (a temporary planning outside its dates). */
  closed: z.boolean().optional(),
});
export const DayComment = z.object({
  id: z.string(),
  date: IsoDate,
  user: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export const RosterAvailability = z.object({
  user: z.string(),
  date: IsoDate,
  type: z.string(),
  start: HHmm.nullable(),
  end: HHmm.nullable(),
  status: z.string().nullable(),
});

/** A public holiday or one of the account's own days off, named in the reader's language where known. */
export const RosterHoliday = z.object({ date: IsoDate, name: z.string() });
/** A day a member is reported sick (planners only). */
export const RosterSickDay = z.object({ user: z.string(), date: IsoDate });
/**
 * The planned labour cost of the period (docs/product/roster.md, "Hours, contract and cost"), in cents: by day, by
 * member and in total, the items without a wage, and the planning's budget. Only for those who may read wages.
 */
export const RosterCost = z.object({
  byDay: z.record(IsoDate, z.number().int()),
  byUser: z.record(z.string(), z.number().int()),
  totalCents: z.number().int(),
  unpriced: z.number().int(),
  budgetCents: z.number().int().nullable(),
});
export type RosterCost = z.infer<typeof RosterCost>;

/** A project as the roster's load names it (docs/product/clients.md). */
export const RosterProject = z.object({ id: z.string(), name: z.string(), client: z.string() });
export type RosterProject = z.infer<typeof RosterProject>;

export const RosterResponse = z.object({
  days: z.array(RosterDay),
  items: z.array(RosterItem),
  client: z.null(),
  users: z.record(z.string(), RosterUser),
  duties: z.record(z.string(), RosterDuty),
  shifts: z.record(z.string(), RosterShift),
  locations: z.record(z.string(), z.object({ id: z.string(), name: z.string(), releasedUntil: IsoDate.nullable() })),
  comments: z.array(DayComment),
  notes: z.record(IsoDate, z.string()),
  tags: z.record(z.string(), z.object({ id: z.string(), name: z.string() })),
  availability: z.array(RosterAvailability),
  periods: z.object({
    default: z.string(),
    options: z.array(z.string()),
    from: IsoDate,
    until: IsoDate,
  }),
  /**
   * The weather module's forecast for the planning (docs/product/weather.md): the period's days among the next seven,
   * or null (module off, no coordinates, no provider configured, or the provider did not answer).
   */
  weather: z.array(WeatherDay).nullable(),
  stats: RosterStats,
  /** Employees: by item id, whether they may take each open item of a day not past (`ItemOffer`). */
  offers: z.record(z.string(), ItemOffer).optional(),
  /** Holidays among the period's days. */
  holidays: z.array(RosterHoliday).optional(),
  /** Planners: the days members are reported sick. */
  sick: z.array(RosterSickDay).optional(),
  /** Owners and managers with the rates module on: the planned labour cost and the budget (`RosterCost`). */
  cost: RosterCost.optional(),
  /** The resources the items carry and, for planners with the resources module, all of them (by id). */
  resources: z.record(z.string(), RosterResource).optional(),
  /** The projects the items come from (by id), with their client's name. */
  projects: z.record(z.string(), RosterProject).optional(),
});
export type RosterResponse = z.infer<typeof RosterResponse>;

export const SignOutRequest = z.object({ confirm: z.boolean().optional() }).nullable().optional();
export const ConfirmRequest = z.object({ confirm: z.boolean() });
export const ApplicationDecisionRequest = z.object({ accepted: z.boolean(), confirmed: Confirmed });
export const ApplicationsResponse = z.array(ItemApplication);
export const SickRequest = z.object({
  cost: z
    .union([line(20), z.number()])
    .nullable()
    .optional(),
  percentage: z.number().int().optional(),
  /** One of `SICKNESS_CODES` (payroll profile), or empty. */
  code: line(20)
    .nullable()
    .optional()
    .refine((v) => !v?.trim() || SICKNESS_CODE_VALUES.includes(v.trim()), {
      message: 'validation.invalid',
      // A code with characters no text may hold is refused for those alone.
      when: (payload) => payload.issues.length === 0,
    }),
  force: z.boolean().optional(),
});
/** A stored conflict code (AVAILABILITY, ERR_HOURS, ...). */
export const ConflictRequest = z.object({ conflict: matching(/^[A-Z][A-Z_]{0,39}$/) });
/**
 * Why the person picker leaves someone out (docs/product/roster.md, "The person picker"), in the order the picker
 * names them: the first that holds is the reason given.
 */
export const LEFT_OUT_REASONS = [
  'vacation',
  'sick',
  'unavailable',
  'limited',
  'duty',
  'tags',
  'overlap',
  'rest',
] as const;
export const LeftOutReason = z.enum(LEFT_OUT_REASONS);
export type LeftOutReason = z.infer<typeof LeftOutReason>;
/** The people offered; `leftOut`: the others of the planning, each with the reason it is not offered. */
export const UserIdsResponse = z.object({
  users: z.array(z.string()),
  leftOut: z.array(z.object({ user: z.string(), reason: LeftOutReason })).optional(),
});
export type UserIdsResponse = z.infer<typeof UserIdsResponse>;
/** Messages and comments are trimmed; an empty one is not sent. */
export const ItemMessageRequest = z.object({ item: z.string().uuid(), message: text(NOTE_MAX_LENGTH).min(1) });
export const ItemMessage = z.object({
  id: z.string(),
  item: z.string(),
  user: z.string(),
  message: z.string(),
  createdAt: z.string(),
});
export type ItemMessage = z.infer<typeof ItemMessage>;
/** The messages of one item, oldest first. */
export const ItemMessagesQuery = z.object({ item: z.string().uuid() });
export const ItemMessagesResponse = z.array(ItemMessage);
/** Empty removes the day's note. */
export const DayNoteRequest = z.object({ content: text(NOTE_MAX_LENGTH) });
export const DayNoteResponse = z.object({ date: IsoDate, content: z.string().nullable() });
export const DayCommentRequest = z.object({
  location: z.string().uuid(),
  date: CalendarDate,
  comment: text(NOTE_MAX_LENGTH).min(1),
});
export const ReleaseRequest = z.object({ date: CalendarDate });
export const ReleaseResponse = z.object({ releasedUntil: IsoDate.nullable() });

/** The day the planner would pick in the release calendar. */
export const ReleasePreviewQuery = z.object({ date: CalendarDate });
/**
 * What a release (or revoke) on that day sends out (docs/product/roster.md, "Release"): the days it covers, their
 * duties and open duties, how many of them changed since the last release, and who is told (names left out where
 * the planner restriction hides them).
 */
export const ReleasePreview = z.object({
  releasing: z.boolean(),
  from: IsoDate,
  until: IsoDate,
  duties: z.number().int(),
  open: z.number().int(),
  changes: z.number().int(),
  lastRelease: z.string().nullable(),
  notified: z.object({ count: z.number().int(), names: z.array(z.string()) }),
});
export type ReleasePreview = z.infer<typeof ReleasePreview>;

export const BulkSelection = z.object({ items: z.array(z.string().uuid()).min(1).max(2000) });
export const BulkPasteRequest = BulkSelection.extend({
  /** copy keeps the selection; cut moves it. */
  mode: z.enum(['copy', 'cut']),
  /** Each target date receives the selection, shifted so its first day lands there. */
  dates: z.array(CalendarDate).min(1).max(BULK_MAX_DAYS),
  /** Take the assigned members along (their rules are checked) or paste open items. */
  withUsers: z.boolean().default(true),
  location: z.string().uuid().optional(),
});
export const BulkFillRequest = dateRange(
  z.object({
    location: z.string().uuid(),
    from: CalendarDate,
    until: CalendarDate,
    shift: z.string().uuid().nullable().optional(),
    duty: z.string().uuid().nullable().optional(),
    /** Items per day. */
    count: z.number().int().min(1).max(20).default(1),
    /** Weekdays to fill, 0 = Monday ... 6 = Sunday; all when left out. */
    weekdays: z.array(z.number().int().min(0).max(6)).max(7).optional(),
  }),
  BULK_MAX_DAYS,
);
export const BulkResponse = z.object({
  created: z.array(z.string()),
  changed: z.array(z.string()),
  deleted: z.array(z.string()),
});
export type BulkResponse = z.infer<typeof BulkResponse>;

/**
 * Why copying last week leaves an item out (docs/product/roster.md, "Copy last week"): its day takes no copy (past,
 * released, closed, billed, a public holiday or one of the account's days off), the week has it already, its person is no longer a member of the planning, or the
 * person picker's reason the person may not take it now.
 */
export const COPY_WEEK_SKIPS = [
  'past',
  'released',
  'closed',
  'billed',
  'holiday',
  'exists',
  'inactive',
  ...LEFT_OUT_REASONS,
] as const;
export const CopyWeekSkip = z.enum(COPY_WEEK_SKIPS);
export type CopyWeekSkip = z.infer<typeof CopyWeekSkip>;
/** The week to copy into: its first day; the seven days before it are copied. */
export const CopyWeekRequest = z.object({ date: CalendarDate });
export const CopyWeekQuery = z.object({ date: CalendarDate });
/** One item of last week and the day it lands on (or would have). */
export const CopyWeekEntry = z.object({
  source: z.string(),
  date: IsoDate,
  user: z.string().nullable(),
  duty: z.string().nullable(),
  shift: z.string().nullable(),
  times: ItemTimes.nullable(),
});
export const CopyWeekPreview = z.object({
  /** The week copied from and the week copied into. */
  from: IsoDate,
  into: IsoDate,
  until: IsoDate,
  create: z.array(CopyWeekEntry),
  skip: z.array(CopyWeekEntry.extend({ reason: CopyWeekSkip })),
});
export type CopyWeekPreview = z.infer<typeof CopyWeekPreview>;
export const CopyWeekResponse = BulkResponse.extend({ skipped: z.number().int() });
export type CopyWeekResponse = z.infer<typeof CopyWeekResponse>;

export const PresetSaveRequest = z.object({ from: CalendarDate, weeks: z.number().int().min(1).max(PRESET_MAX_WEEKS) });
export const PresetApplyRequest = dateRange(
  z.object({ from: CalendarDate, until: CalendarDate, withUsers: z.boolean().default(true) }),
  BULK_MAX_DAYS,
);
export const PresetSaveResponse = z.object({ weeks: z.number().int(), items: z.number().int() });

export const PresetResponse = z.object({
  days: z.array(RosterDay),
  items: z.array(RosterItem),
  comments: z.array(DayComment),
  notes: z.record(z.string(), z.string()),
  tags: z.record(z.string(), z.object({ id: z.string(), name: z.string() })),
  availability: z.array(RosterAvailability),
  weeks: z.number().int(),
  timeZone: z.string(),
});
export const PresetApplyResponse = z.object({ created: z.number().int(), unassigned: z.number().int() });

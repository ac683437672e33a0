import { z } from 'zod';
import { NOTE_MAX_LENGTH } from './constants';
import { CalendarDate, dateRange, line, Paging, pageQuery, text } from './inputs';

/**
 * Vacation requests and balances (docs/product/vacation.md: `vacation`, `vacation/new`, `vacation/{id}`, `balance`).
 */

/** The longest request, in calendar days (a quarter). */
export const VACATION_MAX_DAYS = 93;
/** A reason of a credit, debit or correction, and a denial's personal message. */
export const VACATION_REASON_MAX_LENGTH = 200;

export const VACATION_DURATIONS = ['full', 'morning', 'afternoon'] as const;
export const VacationDuration = z.enum(VACATION_DURATIONS);
export type VacationDuration = z.infer<typeof VacationDuration>;

/** Paid leave (vacation days), time-for-time (overtime hours) or unpaid (neither). */
export const VACATION_COMPENSATIONS = ['paid', 'timeForTime', 'unpaid'] as const;
export const VacationCompensation = z.enum(VACATION_COMPENSATIONS);
export type VacationCompensation = z.infer<typeof VacationCompensation>;

export const VACATION_STATES = ['pending', 'approved', 'denied', 'withdrawn', 'removed'] as const;
export const VacationState = z.enum(VACATION_STATES);
export type VacationState = z.infer<typeof VacationState>;

export const VacationSkip = z.enum(['holiday', 'dayOff', 'noContract', 'weekFull']);

export const VacationCountedDate = z.object({
  date: z.string(),
  days: z.number(),
  minutes: z.number().int(),
  skipped: VacationSkip.nullable(),
  /** The holiday's name when it is one. */
  holiday: z.string().nullable(),
});
export type VacationCountedDate = z.infer<typeof VacationCountedDate>;

const RANGE_MESSAGES = { order: 'vacation.errors.rangeOrder', tooLong: 'vacation.errors.rangeTooLong' };

export const VacationPreviewQuery = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    membership: z.string().uuid(),
    duration: VacationDuration.default('full'),
  }),
  VACATION_MAX_DAYS,
  RANGE_MESSAGES,
);
export type VacationPreviewQuery = z.infer<typeof VacationPreviewQuery>;

export const VacationPreview = z.object({
  days: z.number(),
  minutes: z.number().int(),
  dates: z.array(VacationCountedDate),
});
export type VacationPreview = z.infer<typeof VacationPreview>;

export const VacationCreateRequest = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    membership: z.string().uuid(),
    duration: VacationDuration,
    compensation: VacationCompensation,
    note: text(NOTE_MAX_LENGTH).nullish(),
  }),
  VACATION_MAX_DAYS,
  RANGE_MESSAGES,
);
export type VacationCreateRequest = z.infer<typeof VacationCreateRequest>;

/** A pending request changed by its requester before a decision (dates, part of the day, compensation, note). */
export const VacationUpdateRequest = dateRange(
  z.object({
    from: CalendarDate,
    until: CalendarDate,
    duration: VacationDuration,
    compensation: VacationCompensation,
    note: text(NOTE_MAX_LENGTH).nullish(),
  }),
  VACATION_MAX_DAYS,
  RANGE_MESSAGES,
);
export type VacationUpdateRequest = z.infer<typeof VacationUpdateRequest>;

export const VacationRequest = z.object({
  id: z.string(),
  membership: z.string(),
  name: z.string(),
  from: z.string(),
  until: z.string(),
  duration: VacationDuration,
  compensation: VacationCompensation,
  note: z.string().nullable(),
  status: VacationState,
  days: z.number(),
  minutes: z.number().int(),
  dates: z.array(VacationCountedDate),
  /** The personal message of a denial (or of a removal). */
  message: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type VacationRequest = z.infer<typeof VacationRequest>;

export const VacationListQuery = z.object({
  year: z.coerce.number().int().min(1950).max(2050),
  membership: z.string().uuid().optional(),
  status: VacationState.optional(),
});
export type VacationListQuery = z.infer<typeof VacationListQuery>;

export const VacationListResponse = z.object({ requests: z.array(VacationRequest) });
export type VacationListResponse = z.infer<typeof VacationListResponse>;

export const VacationDecision = z.enum(['approved', 'denied']);
export type VacationDecision = z.infer<typeof VacationDecision>;

export const VacationDecideRequest = z.object({
  decision: VacationDecision,
  message: line(VACATION_REASON_MAX_LENGTH).nullish(),
});
export type VacationDecideRequest = z.infer<typeof VacationDecideRequest>;

export const VacationBulkDecideRequest = VacationDecideRequest.extend({
  ids: z.array(z.string().uuid()).min(1).max(200),
});
export type VacationBulkDecideRequest = z.infer<typeof VacationBulkDecideRequest>;

export const VacationBulkDecideResponse = z.object({ requests: z.array(VacationRequest) });
export type VacationBulkDecideResponse = z.infer<typeof VacationBulkDecideResponse>;

export const VacationRemoveRequest = z.object({ message: line(VACATION_REASON_MAX_LENGTH).nullish() });
export type VacationRemoveRequest = z.infer<typeof VacationRemoveRequest>;

// Vacation balances

export const VacationYearBalance = z.object({
  year: z.number().int(),
  entitlement: z.number(),
  carryOver: z.number(),
  adjustments: z.number(),
  taken: z.number(),
  planned: z.number(),
  pending: z.number(),
  remaining: z.number(),
});
export type VacationYearBalance = z.infer<typeof VacationYearBalance>;

export const VacationAdjustment = z.object({
  id: z.string(),
  year: z.number().int(),
  kind: z.enum(['credit', 'debit']),
  days: z.number(),
  reason: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type VacationAdjustment = z.infer<typeof VacationAdjustment>;

export const VacationBalanceQuery = z.object({ year: z.coerce.number().int().min(1950).max(2050) });
export type VacationBalanceQuery = z.infer<typeof VacationBalanceQuery>;

export const VacationTeamBalances = z.object({
  year: z.number().int(),
  people: z.array(VacationYearBalance.extend({ membership: z.string(), name: z.string() })),
});
export type VacationTeamBalances = z.infer<typeof VacationTeamBalances>;

export const VacationPersonBalance = z.object({
  membership: z.string(),
  name: z.string(),
  balance: VacationYearBalance,
  adjustments: z.array(VacationAdjustment),
});
export type VacationPersonBalance = z.infer<typeof VacationPersonBalance>;

/** Half days, at most a year's worth. */
const HalfDays = z
  .number()
  .positive('vacation.errors.daysPositive')
  .max(366)
  .refine((v) => Number.isInteger(v * 2), 'vacation.errors.halfDays');

export const VacationAdjustmentInput = z.object({
  year: z.number().int().min(1950).max(2050),
  kind: z.enum(['credit', 'debit']),
  days: HalfDays,
  reason: line(VACATION_REASON_MAX_LENGTH).min(1, 'validation.required'),
});
export type VacationAdjustmentInput = z.infer<typeof VacationAdjustmentInput>;

// Time-for-time balances

export const BalanceLine = z.object({
  date: z.string(),
  kind: z.enum(['overtime', 'vacation', 'correction']),
  minutes: z.number().int(),
  balance: z.number().int(),
  /** The correction's reason, the request's id, the week. */
  ref: z.string().nullable(),
  /** A correction's id (managers delete corrections by it); null for other lines. */
  id: z.string().nullable(),
});
export type BalanceLine = z.infer<typeof BalanceLine>;

export const BalanceLedger = z.object({
  membership: z.string(),
  name: z.string(),
  total: z.number().int(),
  lines: z.array(BalanceLine),
});
export type BalanceLedger = z.infer<typeof BalanceLedger>;

/** The balances list is read a page of people at a time (by name): this many unless asked, at most the max. */
export const BALANCES_PAGE_SIZE = 50;
export const BALANCES_PAGE_MAX = 200;
export const BalancesQuery = z.object(pageQuery(BALANCES_PAGE_SIZE, BALANCES_PAGE_MAX));
export type BalancesQuery = z.infer<typeof BalancesQuery>;
export type BalancesQueryInput = z.input<typeof BalancesQuery>;

export const BalancesResponse = z.object({
  people: z.array(z.object({ membership: z.string(), name: z.string(), total: z.number().int() })),
  paging: Paging,
});
export type BalancesResponse = z.infer<typeof BalancesResponse>;

/** Minutes, signed: a credit adds, a debit subtracts; at most 1,000 hours either way. */
export const BalanceCorrectionInput = z.object({
  date: CalendarDate,
  minutes: z
    .number()
    .int()
    .min(-60_000)
    .max(60_000)
    .refine((v) => v !== 0, 'vacation.errors.minutesZero'),
  reason: line(VACATION_REASON_MAX_LENGTH).min(1, 'validation.required'),
});
export type BalanceCorrectionInput = z.infer<typeof BalanceCorrectionInput>;

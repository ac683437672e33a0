import { z } from 'zod';
import { MAX_CENTS, ShiftTime } from './catalog';
import { BREAK_OPTIONS, CHECKIN_DEFAULT_RADIUS_M, UPLOAD_MAX_BYTES } from './constants';
import { Locale } from './enums';
import { CalendarDate, line, matching, name, text } from './inputs';

/**
 * The settings pages of an account (docs/product/settings.md): each page reads and writes one section. Money is
 * integer cents, factors are hundredths, times of day "HH:mm". Field errors are catalog keys (`validation.*`,
 * `settings.errors.*`) the web words.
 */

/** Countries offered in lists (docs/product/app.md: Germany, Netherlands, USA, and the neighbours we serve). */
export const COUNTRIES = ['DE', 'NL', 'US', 'AT', 'BE', 'CH', 'PL', 'GB'] as const;
export const Country = z.enum(COUNTRIES);
export type Country = z.infer<typeof Country>;

/** Whether the runtime knows an IANA time zone name (Intl throws a RangeError for unknown ones). */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z_]+(?:\/[A-Za-z0-9_+-]+){0,2}$/.test(value) && value !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const TimeZone = line(64).refine(isTimeZone, 'settings.errors.timeZone');

/** The roles two-factor sign-in can be required for (docs/product/settings.md). */
export const TWO_FACTOR_ROLES = ['owner', 'manager', 'planner'] as const;
export const TwoFactorRole = z.enum(TWO_FACTOR_ROLES);

// General

export const GeneralSettings = z.object({
  /** The account's name as members see it (header, account switch). */
  name: name(),
  country: Country,
  timeZone: TimeZone,
  weekStartsOn: z.enum(['monday', 'sunday']),
  locale: Locale,
  /** Empty: two-factor is not required. */
  twoFactorRoles: z.array(TwoFactorRole).max(3),
});
export type GeneralSettings = z.infer<typeof GeneralSettings>;

// Expenses (module rates and expenses)

export const KM_COMPENSATION_MAX_CENTS = 500;

export const ExpenseSettings = z.object({
  /** Employees with the expenses right declare amounts (euro) with their hours. */
  expensesEnabled: z.boolean(),
  /** Employees with the travel right declare kilometres. */
  travelEnabled: z.boolean(),
  kmCompensationCents: z.number().int().min(0).max(KM_COMPENSATION_MAX_CENTS),
  /** The largest amount one declaration may carry; null for no limit. */
  expenseMaxCents: z.number().int().min(1).max(MAX_CENTS).nullable(),
  expenseReceiptRequired: z.boolean(),
});
export type ExpenseSettings = z.infer<typeof ExpenseSettings>;

// Advanced

export const AdvancedSettings = z.object({
  /** Employees apply for open duties; a planner accepts one applicant. */
  employeesMustApply: z.boolean(),
  /** A sign-up to a placeholder waits for the planner's confirmation. */
  placeholderSignupNeedsConfirmation: z.boolean(),
  /** Swaps between employees that break no rule are approved at once; off: planners always decide. */
  swapsApproveAutomatically: z.boolean(),
  contactsVisibility: z.enum(['public', 'private']),
  /** How many items one person may have on one day. */
  maxItemsPerDay: z.number().int().min(1).max(5),
  /** The break rule: the break new times without a shift start with, after more than 6 and 9 hours. */
  breakAfterSixHours: z.literal([...BREAK_OPTIONS]).default(30),
  breakAfterNineHours: z.literal([...BREAK_OPTIONS]).default(45),
});
export type AdvancedSettings = z.infer<typeof AdvancedSettings>;

// Check-in (docs/product/checkins.md)

export const CHECKIN_RADIUS_MIN_M = 50;
export const CHECKIN_RADIUS_MAX_M = 10_000;
export const CHECKIN_BEFORE_MAX_MINUTES = 720;
export const CHECKIN_AUTO_CHECKOUT_MAX_MINUTES = 1440;

export const CheckinSettings = z
  .object({
    /** Check-ins only at the location (within the radius of its address). */
    checkinLocationRequired: z.boolean(),
    checkinRadiusMeters: z.number().int().min(CHECKIN_RADIUS_MIN_M).max(CHECKIN_RADIUS_MAX_M),
    checkinMinMinutesBefore: z.number().int().min(0).max(CHECKIN_BEFORE_MAX_MINUTES),
    checkinMaxMinutesBefore: z.number().int().min(0).max(CHECKIN_BEFORE_MAX_MINUTES),
    /** Minutes after the planned end; null: no automatic check-out. */
    checkinAutoCheckoutMinutes: z.number().int().min(0).max(CHECKIN_AUTO_CHECKOUT_MAX_MINUTES).nullable(),
  })
  .superRefine((v, ctx) => {
    if (v.checkinMaxMinutesBefore < v.checkinMinMinutesBefore)
      ctx.addIssue({ code: 'custom', path: ['checkinMaxMinutesBefore'], message: 'settings.errors.maxBeforeMin' });
  });
export type CheckinSettings = z.infer<typeof CheckinSettings>;
export const CHECKIN_DEFAULTS: CheckinSettings = {
  checkinLocationRequired: false,
  checkinRadiusMeters: CHECKIN_DEFAULT_RADIUS_M,
  checkinMinMinutesBefore: 0,
  checkinMaxMinutesBefore: 30,
  checkinAutoCheckoutMinutes: null,
};

/** The check-in answer also names the plannings whose address is not complete (check-ins need full addresses). */
export const CheckinSettingsResponse = z.object({
  settings: CheckinSettings,
  incompleteLocations: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type CheckinSettingsResponse = z.infer<typeof CheckinSettingsResponse>;

// Company

export const CompanySettings = z.object({
  companyName: line(200).nullable(),
  invoiceAddress: text(500).nullable(),
  vatNumber: line(30).nullable(),
  registrationNumber: line(30).nullable(),
  /** The company page shows to every member (otherwise to managers only). */
  companyVisible: z.boolean(),
});
export type CompanySettings = z.infer<typeof CompanySettings>;

// Rates (hourly wages)

/** Factor in hundredths: 1.25 is 125. */
export const FACTOR_MAX = 1000;

const RateFields = z.object({
  name: name(),
  /** Gross amount per hour. */
  hourlyCents: z.number().int().min(0).max(MAX_CENTS),
  /** Cost conversion: what an hour costs the company per gross hour (1.00 to 10.00), in hundredths. */
  factor: z.number().int().min(1).max(FACTOR_MAX),
});
export const RateInput = RateFields;
export type RateInput = z.infer<typeof RateInput>;
export const RateUpdate = RateFields.partial();
export type RateUpdate = z.infer<typeof RateUpdate>;
export const Rate = RateFields.extend({ id: z.string(), name: z.string() });
export type Rate = z.infer<typeof Rate>;
export const RatesResponse = z.object({ rates: z.array(Rate) });
export type RatesResponse = z.infer<typeof RatesResponse>;

// Premiums (surcharges)

/** Weekdays 1 (Monday) to 7 (Sunday). */
export const Weekday = z.number().int().min(1).max(7);

const PremiumFields = z.object({
  name: name(),
  /** Surcharge on the hourly rate, in percent. */
  percent: z.number().int().min(1).max(500),
  weekdays: z.array(Weekday).max(7),
  /** A time window within the day; an end not after the start runs past midnight. Both or neither. */
  from: ShiftTime.nullable(),
  until: ShiftTime.nullable(),
  tagIds: z.array(z.uuid()).max(100),
  /** Applies on public holidays and the account's own days. */
  holidays: z.boolean(),
  active: z.boolean(),
});

/** The rules beside the fields: a window has both ends, and a premium applies to something. */
function premiumProblems(v: Partial<z.infer<typeof PremiumFields>>, ctx: z.RefinementCtx) {
  if ((v.from == null) !== (v.until == null) && v.from !== undefined && v.until !== undefined) {
    ctx.addIssue({ code: 'custom', path: [v.from == null ? 'from' : 'until'], message: 'validation.required' });
  }
  if (v.from != null && v.from === v.until)
    ctx.addIssue({ code: 'custom', path: ['until'], message: 'settings.errors.sameTimes' });
}

/** A premium applies on some weekdays, in a time window, for some tags or on holidays: at least one of them. */
export const premiumHasBasis = (v: Pick<PremiumInput, 'weekdays' | 'from' | 'tagIds' | 'holidays'>) =>
  v.weekdays.length > 0 || v.from !== null || v.tagIds.length > 0 || v.holidays;

export const PremiumInput = PremiumFields.superRefine((v, ctx) => {
  premiumProblems(v, ctx);
  if (!premiumHasBasis(v))
    ctx.addIssue({ code: 'custom', path: ['weekdays'], message: 'settings.errors.premiumBasis' });
});
export type PremiumInput = z.infer<typeof PremiumInput>;
export const PremiumUpdate = PremiumFields.partial().superRefine(premiumProblems);
export type PremiumUpdate = z.infer<typeof PremiumUpdate>;
export const Premium = PremiumFields.extend({
  id: z.string(),
  name: z.string(),
  tagIds: z.array(z.string()),
  from: z.string().nullable(),
  until: z.string().nullable(),
});
export type Premium = z.infer<typeof Premium>;
export const PremiumsResponse = z.object({ premiums: z.array(Premium) });
export type PremiumsResponse = z.infer<typeof PremiumsResponse>;

// Holidays

export const HolidaySettings = z.object({
  country: Country,
  /** A region code of the country (date-holidays), or null for the nationwide holidays only. */
  region: matching(/^[A-Z0-9]{1,4}$/).nullable(),
});
export type HolidaySettings = z.infer<typeof HolidaySettings>;

export const HolidayRegion = z.object({ code: z.string(), name: z.string() });
export const HolidayRegionsQuery = z.object({ country: Country });
export const HolidayRegionsResponse = z.object({ regions: z.array(HolidayRegion) });
export type HolidayRegionsResponse = z.infer<typeof HolidayRegionsResponse>;

export const HOLIDAY_YEAR_MIN = 1950;
export const HOLIDAY_YEAR_MAX = 2050;
export const HolidaysQuery = z.object({
  year: z.coerce.number().int().min(HOLIDAY_YEAR_MIN).max(HOLIDAY_YEAR_MAX),
});

export const OwnHolidayInput = z.object({ date: CalendarDate, name: name() });
export type OwnHolidayInput = z.infer<typeof OwnHolidayInput>;
export const OwnHolidayUpdate = OwnHolidayInput.partial();
export type OwnHolidayUpdate = z.infer<typeof OwnHolidayUpdate>;
export const OwnHoliday = z.object({ id: z.string(), date: z.string(), name: z.string() });
export type OwnHoliday = z.infer<typeof OwnHoliday>;

export const PublicHoliday = z.object({
  date: z.string(),
  name: z.string(),
  /** date-holidays' kinds: public (a day off by law), bank, school, optional, observance. */
  type: z.string(),
});
export type PublicHoliday = z.infer<typeof PublicHoliday>;

export const HolidaysResponse = z.object({
  year: z.number().int(),
  settings: HolidaySettings,
  public: z.array(PublicHoliday),
  own: z.array(OwnHoliday),
});
export type HolidaysResponse = z.infer<typeof HolidaysResponse>;

// Contract templates

export const CONTRACT_TEMPLATE_MAX_BYTES = UPLOAD_MAX_BYTES;
export const ContractTemplate = z.object({
  id: z.string(),
  name: z.string(),
  fileName: z.string(),
  /** doc or docx, as the file's content says. */
  format: z.enum(['doc', 'docx']),
  size: z.number().int(),
  createdAt: z.string(),
});
export type ContractTemplate = z.infer<typeof ContractTemplate>;
export const ContractTemplatesResponse = z.object({ templates: z.array(ContractTemplate) });
export type ContractTemplatesResponse = z.infer<typeof ContractTemplatesResponse>;
export const ContractTemplateUpdate = z.object({ name: name() });
export type ContractTemplateUpdate = z.infer<typeof ContractTemplateUpdate>;

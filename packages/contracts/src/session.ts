import { z } from 'zod';
import { BREAK_OPTIONS, CHECKIN_DEFAULT_RADIUS_M } from './constants';
import { AccountStatus, Locale, ModuleKey, PlanType, Role } from './enums';
import { PreferenceKey, PreferenceValue } from './inputs';

export const AccountSummary = z.object({
  id: z.string(),
  name: z.string(),
});

export const AccountSettings = z.object({
  country: z.string().default('DE'),
  timeZone: z.string().default('Europe/Berlin'),
  weekStartsOn: z.enum(['monday', 'sunday']).default('monday'),
  employeesMustApply: z.boolean().default(false),
  placeholderSignupNeedsConfirmation: z.boolean().default(false),
  /** A swap between employees that breaks no rule is approved at once; off: planners always decide. */
  swapsApproveAutomatically: z.boolean().default(true),
  plannersMayChangeAvailability: z.boolean().default(true),
  contactsVisibility: z.enum(['public', 'private']).default('private'),
  companyVisible: z.boolean().default(false),
  twoFactorRequired: z.boolean().default(false),
  unavailablePolicy: z.enum(['deny', 'warn', 'allow']).default('warn'),
  availabilityWeeksAhead: z.number().int().min(0).max(52).default(0),
  maxItemsPerDay: z.number().int().min(1).max(5).default(1),
  /**
   * The account's break rule (docs/product/roster.md, "Times"): the break new times without a shift start with, after
   * more than 6 and more than 9 hours; each one of the break options.
   */
  breakAfterSixHours: z.literal([...BREAK_OPTIONS]).default(30),
  breakAfterNineHours: z.literal([...BREAK_OPTIONS]).default(45),
  /** The account's language: new members and mails to people without one of their own use it. */
  locale: Locale.default('de'),
  /** The roles that must use two-factor sign-in while `twoFactorRequired` is on (owner, manager, planner). */
  twoFactorRoles: z.array(z.enum(['owner', 'manager', 'planner'])).default(['owner', 'manager', 'planner']),
  /** Public holidays: the region of `country` whose holidays apply (date-holidays codes), or the whole country. */
  holidayRegion: z.string().nullable().default(null),
  /** Rates and expenses: what employees may declare and how travel is compensated. */
  expensesEnabled: z.boolean().default(true),
  travelEnabled: z.boolean().default(true),
  kmCompensationCents: z.number().int().min(0).default(30),
  expenseMaxCents: z.number().int().min(0).nullable().default(null),
  expenseReceiptRequired: z.boolean().default(false),
  /** Check-ins (docs/product/checkins.md): radius in metres around the location, the window before the start. */
  checkinLocationRequired: z.boolean().default(false),
  checkinRadiusMeters: z.number().int().min(0).default(CHECKIN_DEFAULT_RADIUS_M),
  checkinMinMinutesBefore: z.number().int().min(0).default(0),
  checkinMaxMinutesBefore: z.number().int().min(0).default(30),
  /** Minutes after the planned end at which an open check-in is checked out; null never. */
  checkinAutoCheckoutMinutes: z.number().int().min(0).nullable().default(null),
});
export type AccountSettings = z.infer<typeof AccountSettings>;

export const SessionAccount = z.object({
  id: z.string(),
  name: z.string(),
  companyName: z.string().nullable(),
  status: AccountStatus,
  plan: PlanType.nullable(),
  demo: z.boolean(),
  beta: z.boolean(),
  special: z.boolean(),
  setupComplete: z.boolean(),
  settings: AccountSettings,
  /** End of the trial or the demo (ISO), of the paid period or the licence; null when none runs. */
  trialEndsAt: z.string().nullable(),
  periodEndsAt: z.string().nullable(),
  /** The account holder's name, for members who cannot use the account ("contact the owner"). */
  ownerName: z.string().nullable(),
});
export type SessionAccount = z.infer<typeof SessionAccount>;

export const SessionMembership = z.object({
  id: z.string(),
  roles: z.array(Role),
  rights: z.array(z.string()),
  preferences: z.record(z.string(), z.unknown()),
  checkedIn: z.boolean(),
  shadow: z.boolean(),
  /** A super user's visit (shadow) that may write: confirmed for this visit. */
  shadowWrite: z.boolean(),
  /** The member's guided tour is still to be shown. */
  onboarding: z.boolean(),
  /** Flags the menu rules read. */
  availability: z.boolean(),
  balance: z.boolean(),
  managerLimited: z.boolean(),
  plannerRestricted: z.boolean(),
  locationCount: z.number().int(),
});
export type SessionMembership = z.infer<typeof SessionMembership>;

export const SessionUser = z.object({
  id: z.string(),
  name: z.string(),
  fname: z.string(),
  lname: z.string(),
  email: z.string(),
  gravatar: z.string(),
  superUser: z.boolean(),
  twoFactor: z.boolean(),
});
export type SessionUser = z.infer<typeof SessionUser>;

export const InitResponse = z.object({
  app: z.object({
    modules: z.array(ModuleKey),
    /** When the deployed version last changed (ISO); newer than the loaded time means reload. */
    updated: z.string(),
    /** When this server instance loaded (ISO). */
    loaded: z.string(),
    /** The server's clock as it answered (ISO): pages that start at "today" start at the server's, not the device's. */
    now: z.string(),
    services: z.object({
      realtime: z.boolean(),
      mail: z.boolean(),
      version: z.string(),
      beta: z.boolean(),
    }),
  }),
  csrfToken: z.string(),
  locale: Locale,
  account: SessionAccount,
  accounts: z.array(AccountSummary),
  location: z.string().nullable(),
  membership: SessionMembership,
  user: SessionUser,
});
export type InitResponse = z.infer<typeof InitResponse>;

export const SwitchAccountRequest = z.object({ mobile: z.boolean().optional() });
/** One preference of the member's own membership; `value` null deletes it. */
export const PreferenceRequest = z.object({
  key: PreferenceKey,
  value: PreferenceValue,
});
export type PreferenceRequest = z.infer<typeof PreferenceRequest>;

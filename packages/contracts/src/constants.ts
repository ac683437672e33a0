/** Business constants and limits; each is explained with its topic in docs/product/. */
export const TRIAL_DAYS = 30;
export const BILLING_PERIOD_DAYS = 30;
/** Ours (docs/product/signup.md): a visitor's demo account ("try it") lives 3 days, then a job removes it. */
export const DEMO_DAYS = 3;
export const PRESET_MAX_WEEKS = 4;
/** The roster's periods (docs/product/roster.md); a plain value here, so the web's shell checks an address without the domain's date code. */
export const PERIOD_OPTIONS = ['day', 'week', '2weeks', '4weeks', 'month'] as const;
export const ACTIVITY_LOG_DAYS = 30;
export const AVATAR_MAX_BYTES = 2 * 1024 * 1024;
export const UPLOAD_MAX_BYTES = 4 * 1024 * 1024;
export const PASSWORD_MIN_LENGTH = 8;
export const NOTE_MAX_LENGTH = 500;
export const NOTIFICATION_MIN_MS = 3500;
export const NOTIFICATION_MS_PER_CHAR = 50;
export const BREAK_OPTIONS = [0, 15, 30, 45, 60, 75, 90] as const;
export const MINUTE_STEP = 15;
export const SICK_PERCENTAGE_STEP = 5;
/**
 * Sickness codes of the payroll profile (docs/product/roster.md, "Sickness"): numeric codes with the German words the
 * payroll office reads, shown in every language as they are. Offered when the payroll module is on.
 */
export const SICKNESS_CODES = [
  { code: '101', description: 'Krankheit mit Entgeltfortzahlung' },
  { code: '102', description: 'Krankheit ohne Entgeltfortzahlung (Krankengeld)' },
  { code: '103', description: 'Arbeitsunfall' },
  { code: '104', description: 'Erkrankung des Kindes' },
  { code: '105', description: 'Kur oder Rehabilitation' },
  { code: '106', description: 'Beschäftigungsverbot (Mutterschutz)' },
] as const;
export const SICKNESS_CODE_VALUES: readonly string[] = SICKNESS_CODES.map((c) => c.code);
export const MINUTES_PER_DAY = 1440;
export const LOADER_DELAY_MS = 450;
export const CHAT_UNREAD_CAP = 99;
/** Chats: the typing whisper is sent at most every 300 ms; the indicator clears 900 ms after the last one. */
export const CHAT_TYPING_WHISPER_MS = 300;
export const CHAT_TYPING_TIMEOUT_MS = 900;
/** Group chat avatar shows up to 4 members. */
export const CHAT_AVATAR_MEMBERS = 4;
/** Ours (docs/product/chats.md): a chat message is at most 2,000 characters; history pages hold 50 lines. */
export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const CHAT_PAGE_SIZE = 50;
export const CHECKIN_DEFAULT_RADIUS_M = 500;
export const DEFAULT_SHIFTS = [
  { identifier: 'E', name: 'Early', start: '07:00', end: '15:00', break: 30 },
  { identifier: 'M', name: 'Middle', start: '11:00', end: '19:00', break: 30 },
  { identifier: 'L', name: 'Late', start: '15:00', end: '23:00', break: 30 },
] as const;
export const DEFAULT_LOCATION_NAME = 'Headquarter';
export const DEFAULT_COST_CENTRE_NAME = 'General costs';
/** Sessions: idle and absolute lifetimes. */
export const SESSION_IDLE_MS = 2 * 60 * 60 * 1000;
export const SESSION_ABSOLUTE_MS = 7 * 24 * 60 * 60 * 1000;
/** Login throttle: failed attempts per e-mail within the window before refusal. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 10 * 60 * 1000;
/** Single-use codes sent by e-mail. */
export const CODE_TTL_MS = {
  reset: 60 * 60 * 1000,
  confirm: 7 * 24 * 60 * 60 * 1000,
  invitation: 14 * 24 * 60 * 60 * 1000,
  /** The link that finishes a registration: confirms the address and signs the new owner in. */
  signup: 7 * 24 * 60 * 60 * 1000,
  /** A link that opens the setup wizard for the account's owner ("continue your setup"). */
  setup: 7 * 24 * 60 * 60 * 1000,
} as const;
export const SESSION_COOKIE = 'sid';
export const CSRF_HEADER = 'x-csrf-token';
export const MOBILE_HEADER = 'x-mobile';
export const SOCKET_HEADER = 'x-socket-id';

/**
 * Input limits: what every request may carry (see `inputs.ts` and the README's "Input limits"). Lengths count
 * UTF-16 code units after trimming and NFC normalisation.
 */
/** Names of locations, duties, shifts, cost centres and people. */
export const NAME_MAX_LENGTH = 100;
export const TAG_NAME_MAX_LENGTH = 50;
/** Short codes shown in the roster (F, M, S). */
export const IDENTIFIER_MAX_LENGTH = 5;
/** Dates the product accepts: the span of its date pickers (docs/product/app.md). */
export const DATE_MIN = '1950-01-01';
export const DATE_MAX = '2050-12-31';
/**
 * The longest span (inclusive days) one call works on: a bulk fill, the dates of a paste and a preset's
 * application; the matching wizard; an availability read or write. The web words the first two in `validation.range`.
 */
export const BULK_MAX_DAYS = 62;
export const MATCHING_MAX_DAYS = 62;
export const AVAILABILITY_MAX_DAYS = 93;
/**
 * Auto-roster (docs/product/autoroster.md, README "Auto-roster"): the longest range, the most people and plannings one
 * run takes, and the seconds it may solve.
 */
export const AUTOROSTER_MAX_DAYS = 42;
export const AUTOROSTER_MAX_PEOPLE = 250;
export const AUTOROSTER_MAX_LOCATIONS = 10;
export const AUTOROSTER_MAX_SECONDS = 60;
/** Staffing needs of one planning: lines per weekday, shift and duty. */
export const STAFFING_MAX_NEEDS = 300;
export const STAFFING_MAX_COUNT = 50;
export const STAFFING_MAX_WEIGHT = 1000;
/** Weights of a staffing line when none is set: a place left open costs 100, one person too many 1. */
export const STAFFING_UNDER_WEIGHT = 100;
export const STAFFING_OVER_WEIGHT = 1;
/** The most roster items one read by ids answers (a realtime event naming more reloads the period instead). */
export const ROSTER_IDS_MAX = 100;
/** Preferences of a membership: sent with every `/api/app/init`, so they stay small. */
export const PREFERENCE_KEY_MAX_LENGTH = 64;
export const PREFERENCE_MAX_DEPTH = 8;
export const PREFERENCE_VALUE_MAX_BYTES = 4096;
export const PREFERENCE_MAX_KEYS = 50;
/** The largest JSON body any call accepts (uploads have their own limits). */
export const JSON_BODY_MAX_BYTES = 1024 * 1024;

/**
 * Billing (docs/product/billing.md). The list price per active employee per billing period, in euro cents, for an
 * account without a price of its own (`accounts.price_cents`); plans with their own list prices replace it.
 */
export const PLAN_LIST_PRICE_CENTS = 400;
/** Invoices are due (and debited) this many days after they are issued; the pre-notification names the day. */
export const INVOICE_DEBIT_DAYS = 5;
/**
 * Standard VAT rates of the EU member states in basis points (19 % = 1900), by ISO country code. Which one an
 * invoice charges: `vatFor` in packages/domain (the seller's rate at home, the buyer's for consumers elsewhere in the
 * EU, reverse charge for EU businesses with a VAT number abroad, none outside the EU).
 */
export const EU_VAT_RATES_BP: Readonly<Record<string, number>> = {
  AT: 2000,
  BE: 2100,
  BG: 2000,
  CY: 1900,
  CZ: 2100,
  DE: 1900,
  DK: 2500,
  EE: 2200,
  ES: 2100,
  FI: 2550,
  FR: 2000,
  GR: 2400,
  HR: 2500,
  HU: 2700,
  IE: 2300,
  IT: 2200,
  LT: 2100,
  LU: 1700,
  LV: 2100,
  MT: 1800,
  NL: 2100,
  PL: 2300,
  PT: 2300,
  RO: 2100,
  SE: 2500,
  SI: 2200,
  SK: 2300,
};

/*
 * Plain values the web's shell reads (the languages, the modules, the setup's steps, a picture's address): here, in
 * a module without schemas, so the code every page loads first carries no zod (docs/architecture.md, "The web app's
 * shell"). Their schemas stay with their topic (enums.ts, setup.ts, avatars.ts).
 */

export const LOCALES = ['en', 'de', 'nl', 'pl'] as const;

/** All modules of docs/product/modules.md. Dependencies live in @app/domain (modules.ts). */
export const MODULES = [
  'roster',
  'hours',
  'availability',
  'appointments',
  'shifts',
  'tags',
  'rates',
  'balances',
  'sickness',
  'payroll',
  'lists',
  'costs',
  'chats',
  'tempstaffing',
  'blueprint',
  'weather',
  'vacation',
  'dashboard',
  'today',
  'statistics',
  'university',
  'dossiers',
  'contacts',
  'planning',
  'contracts',
  'onboarding',
  'payslips',
  'documents',
  'checkins',
  'clients',
  'resources',
  'calculations',
  'signature',
  'newsletter',
  'company',
  'freelancers',
  'projects',
] as const;

export const SETUP_STEPS = [
  'welcome',
  'account',
  'company',
  'employees',
  'functions',
  'activities',
  'modules',
  'done',
] as const;

/** How many lines a pasted list of employees may have. */
export const SETUP_EMPLOYEES_MAX = 200;

/** The address of a person's picture (or of their generated initials when they have none). */
export const avatarUrl = (userId: string, version?: number) =>
  `/api/gravatar/${userId}/user${version ? `?v=${version}` : ''}`;

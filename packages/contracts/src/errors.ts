import { z } from 'zod';

/** Roster and item conflict codes of docs/product/roster.md. */
export const ROSTER_ERROR_CODES = [
  'ERR_TIMES',
  'ERR_CONFIRMED',
  'ERR_OVERLAP',
  'ERR_OVERLAP_REMOVAL',
  'ERR_EQUAL',
  'ERR_NEGATIVE',
  'ERR_HOURS',
  'ERR_HOURS_CONFIRMED',
  'ERR_UNAVAILABLE_LIMITED',
  'ERR_UNAVAILABLE_DENY',
  'ERR_UNAVAILABLE_WARN',
  'ERR_EXISTING_FULL',
  'ERR_EXISTING_SHIFT',
  'ERR_OPEN_CHECKIN',
  'ERR_OVERLAP_REST',
  /** The person does not hold the item's duty: retry with confirmed true to plan them anyway (INVALID_DUTY). */
  'ERR_LACKS_DUTY',
  'ERR_DATES',
  'ERR_SICK',
  'ERR_TIME',
  'ERR_COST',
  'NOT_AVAILABLE',
  /** Time, shift and removal are blocked on an item with applicants. */
  'ERR_APPLICATIONS',
  /** Removing this would leave an empty item: retry with force to delete the item. */
  'ERR_LAST_CONTENT',
  /** Released days and past days cannot be picked or changed this way. */
  'ERR_RELEASED',
  /** Someone else signed into this item first. */
  'ERR_ITEM_TAKEN',
  /** Only open items of a duty the member holds, in their plannings, can be signed into. */
  'ERR_NOT_ELIGIBLE',
  'ALREADY_APPLIED',
  'NOT_APPLIED',
  /** Bulk actions need the selected items' conflicts resolved first. */
  'ERR_CONFLICTS',
] as const;

/** Platform codes: authentication, sessions, generic HTTP failures. */
export const PLATFORM_ERROR_CODES = [
  'UNAUTHENTICATED',
  'TOKEN_MISMATCH',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'VALIDATION',
  /** The request itself is broken: malformed JSON, a bad URL, an empty body declared as JSON. */
  'BAD_REQUEST',
  'PAYLOAD_TOO_LARGE',
  /** A body in a format the API does not read (it reads JSON). */
  'UNSUPPORTED_MEDIA_TYPE',
  'URI_TOO_LONG',
  'HEADERS_TOO_LARGE',
  'TIMEOUT',
  'MAINTENANCE',
  /** The server cannot reach its database just now (a restart, a failover, connections cut): try again shortly. */
  'DATABASE_UNAVAILABLE',
  /** The database's disk is full: reads still work, writes are refused until space is freed. */
  'DISK_FULL',
  /** This server is stopping (a deploy or restart) and takes no new requests: try again, another one answers. */
  'SHUTTING_DOWN',
  'INTERNAL',
  'INVALID_CREDENTIALS',
  'THROTTLED',
  'EMAIL_NOT_CONFIRMED',
  'USER_INACTIVE',
  'NO_PASSWORD',
  'NO_ACTIVE_ACCOUNT',
  'BETA_ONLY',
  'TWO_FACTOR_REQUIRED',
  'TWO_FACTOR_SETUP_REQUIRED',
  'INVALID_2FA',
  'CODE_INVALID',
  'CODE_EXPIRED',
  'CODE_USED',
  'PASSWORD_WRONG',
  'MODULE_DEPENDENTS',
  /** The call belongs to a module the account has switched off. */
  'MODULE_INACTIVE',
  'MODULE_REQUIRES',
  /** The module may be stored for an account but is not offered to switch on (docs/product/modules.md). */
  'MODULE_NOT_OFFERED',
  'SPECIAL_ACCOUNT',
  'DEMO_ACCOUNT',
  'LAST_OWNER',
  'IN_USE',
  'DEFAULT_COST_CENTRE',
  'LOCATION_ONLY_ACTIVE',
  'LOCATION_PUBLISHED_ITEMS',
  'LOCATION_LEAVES_USERS_UNASSIGNED',
  /**
   * The e-mail address belongs to a person already (one address, one person across all accounts). The answer never
   * says whether that person is of this account or another.
   */
  'EMAIL_TAKEN',
  /** The plan's maximum number of active employees is reached. */
  'PLAN_LIMIT',
  /** The account holder is never deactivated, deleted or demoted: they hand the account over first. */
  'ACCOUNT_HOLDER',
  /**
   * The person also belongs to another account: their name, e-mail address and language are theirs to change
   * (`data.fields` names the fields asked to change).
   */
  'IDENTITY_SHARED',
  /** The person has already accepted the invitation: nothing to resend. */
  'ALREADY_REGISTERED',
  /** This address started as many demo companies today as one address may (DEMO_STARTS_PER_DAY). */
  'DEMO_LIMIT',
  /** A single chat has no title and keeps its two people: it cannot be renamed, extended or left. */
  'CHAT_SINGLE',
] as const;

/** Hours rejections (docs/product/hours.md): plausibility of registered times, expenses and the approval's lock. */
export const HOURS_ERROR_CODES = [
  /** Hours cannot be registered for a day (or a time) that has not come yet. */
  'ERR_HOURS_FUTURE',
  /** More worked time than one registration may hold (HOURS_MAX_MINUTES). */
  'ERR_HOURS_LONG',
  /** The planned item already has hours. */
  'ERR_HOURS_EXIST',
  /** The member already has hours at that time. */
  'ERR_HOURS_OVERLAP',
  /** The expenses are over the account's maximum for one declaration. */
  'ERR_EXPENSE_MAX',
  /** Paid hours stay as they are. */
  'ERR_HOURS_PAID',
] as const;

/**
 * Payroll export (docs/product/reports.md): only when every hour of the range is approved and every employee
 * registered.
 */
export const REPORT_ERROR_CODES = [
  /** Hours of the range are still pending or denied; `data.count` says how many. */
  'ERR_PAYROLL_PENDING',
  /** Employees with hours in the range have not finished registering; `data.names` names them. */
  'ERR_PAYROLL_UNREGISTERED',
  /** Nothing left to pay in the range: every approved hour is paid already. */
  'ERR_PAYROLL_NOTHING',
] as const;

/**
 * Check-in rejections (docs/product/checkins.md; module checkins). ERR_OPEN_CHECKIN (another duty still checked in) is
 * the roster's.
 */
export const CHECKIN_ERROR_CODES = [
  /** The check-in window of the duty has not opened yet (data: opensAt). */
  'ERR_CHECKIN_EARLY',
  /** The duty has ended. */
  'ERR_CHECKIN_OVER',
  /** The duty was already checked into (one check-in per duty) or is already checked out. */
  'ERR_CHECKIN_DONE',
  /** The account asks for the position and none was sent. */
  'ERR_CHECKIN_POSITION',
  /** The position is outside the radius around the planning (data: distance, radius). */
  'ERR_CHECKIN_DISTANCE',
  /** The planning has no coordinates yet: a manager sets them on the check-in settings page. */
  'ERR_CHECKIN_NO_COORDINATES',
  /** The address could not be found (or is not complete, or no geocoder is configured). */
  'ERR_GEOCODE',
] as const;

/** What the account's status and a super user's visit allow (docs/product/account-access.md). */
export const ACCESS_ERROR_CODES = [
  /** The account cannot be used by this member (expired: only its owner may subscribe): contact the owner. */
  'ACCOUNT_INACTIVE',
  /** The owner of an expired account may only reach the subscription and its invoices until they subscribe. */
  'SUBSCRIPTION_REQUIRED',
  /** A super user's visit is read-only until they confirm write access for it. */
  'SHADOW_READ_ONLY',
] as const;

/** The subscription (docs/product/subscription.md). */
export const SUBSCRIPTION_ERROR_CODES = [
  /** The account's status does not allow this move (the account status machine refused it). */
  'ACCOUNT_STATUS',
  /** Subscribing needs a plan chosen first. */
  'PLAN_REQUIRED',
  /** Subscribing needs a SEPA direct-debit mandate in force. */
  'MANDATE_REQUIRED',
  /** Subscribing needs the invoice details (at least the invoice address). */
  'INVOICE_DETAILS_REQUIRED',
  /** No such licence code. */
  'LICENSE_INVALID',
  /** The licence code can no longer be redeemed. */
  'LICENSE_EXPIRED',
  /** The licence code was already redeemed (each is single use). */
  'LICENSE_USED',
  /** No such discount code, or it is no longer valid or used up. */
  'DISCOUNT_INVALID',
  /** The typed company name is not the account's: nothing was deleted. */
  'CONFIRMATION_MISMATCH',
] as const;

/** Creates sent with an `Idempotency-Key` (idempotency.ts). */
export const IDEMPOTENCY_ERROR_CODES = [
  /** The key was used for another request (another call or another body) within the day it is kept. */
  'IDEMPOTENCY_KEY_REUSED',
  /** A request with this key is still being answered: retry a moment later for its answer. */
  'IDEMPOTENCY_IN_PROGRESS',
] as const;

/** The public API's access tokens and webhooks (docs/product/api.md). */
export const API_ERROR_CODES = [
  /** The bearer token is unknown, revoked or expired (or its member can no longer act): a new token is needed. */
  'TOKEN_INVALID',
  /** The token lacks the scope this call needs (`data.scope` names it). */
  'TOKEN_SCOPE',
  /** This call cannot be made with a token at all: it declares no scope (sign-in, settings, tokens themselves). */
  'TOKEN_NOT_ALLOWED',
] as const;

/** Clients and projects (docs/product/clients.md). */
export const CLIENT_ERROR_CODES = [
  /** A project's new schedule would move or remove duties already staffed: retry with confirmed true to do it. */
  'ERR_PROJECT_STAFFED',
  /** A client with projects or plannings is archived, not deleted. */
  'ERR_CLIENT_IN_USE',
] as const;

/** Client invoices (docs/product/invoicing.md). Invoiced hours refuse changes with the catalogue's ERR_CONFIRMED. */
export const INVOICE_ERROR_CODES = [
  /** The invoice is issued: its lines, number and amounts stay as they were sent. */
  'ERR_INVOICE_ISSUED',
  /** An invoice without lines is not issued. */
  'ERR_INVOICE_EMPTY',
  /** The client has no invoice e-mail to send the invoice to. */
  'ERR_INVOICE_NO_EMAIL',
  /** The client already has an invoice for that period (`data.invoice` names it). */
  'ERR_INVOICE_EXISTS',
] as const;

/** Swaps and offers between employees (docs/product/swaps.md). */
export const SWAP_ERROR_CODES = [
  /** Only one's own duty of a released day that has not started, without a sign-out or sickness, can be offered. */
  'ERR_SWAP_NOT_OFFERABLE',
  /** The duty is offered already (one open offer per duty). */
  'ERR_SWAP_OPEN',
  /** The offer is no longer open: someone accepted first, it was withdrawn, declined or decided. */
  'ERR_SWAP_TAKEN',
  /** The duty has started: its offer expired. */
  'ERR_SWAP_EXPIRED',
  /** Taking the duty puts the person over the most hours a week their contract allows. */
  'ERR_CONTRACT_HOURS',
] as const;

/** The setup wizard (docs/product/setup.md): the account's setup is already finished; the answer offers to sign in. */
export const SETUP_ERROR_CODES = ['SETUP_COMPLETED'] as const;

/** Vehicles and equipment (docs/product/resources.md). */
export const RESOURCE_ERROR_CODES = [
  /** Upcoming roster items still carry the resource (`data.items` counts them): archive it or take it off first. */
  'ERR_RESOURCE_IN_USE',
] as const;

/** Uploads (docs/product/documents.md). */
export const UPLOAD_ERROR_CODES = [
  /** The virus scanner (CLAMD_URL) cannot be reached just now: no file is kept unscanned. Try again shortly. */
  'SCAN_UNAVAILABLE',
] as const;

/** Freelancer invoices (docs/product/freelance.md). */
export const FREELANCE_ERROR_CODES = [
  /**
   * The hours are on a freelancer's invoice (not rejected): they cannot be invoiced again, nor changed, denied or
   * reopened while it stands (`data.count` says how many of the asked hours are).
   */
  'ERR_HOURS_INVOICED',
] as const;

export const ERROR_CODES = [
  ...ROSTER_ERROR_CODES,
  ...PLATFORM_ERROR_CODES,
  ...HOURS_ERROR_CODES,
  ...REPORT_ERROR_CODES,
  ...CHECKIN_ERROR_CODES,
  ...ACCESS_ERROR_CODES,
  ...SUBSCRIPTION_ERROR_CODES,
  ...SETUP_ERROR_CODES,
  ...SWAP_ERROR_CODES,
  ...IDEMPOTENCY_ERROR_CODES,
  ...API_ERROR_CODES,
  ...CLIENT_ERROR_CODES,
  ...INVOICE_ERROR_CODES,
  ...RESOURCE_ERROR_CODES,
  ...UPLOAD_ERROR_CODES,
  ...FREELANCE_ERROR_CODES,
] as const;
export const ErrorCode = z.enum(ERROR_CODES);
export type ErrorCode = z.infer<typeof ErrorCode>;

/**
 * How a refused change is retried once the member confirms it: the flags to send with the same call again. The server
 * puts them in the refusal's `data` (the rest hours: `confirmed: 'OVERRULE_REST'`; limited availability or the warn
 * policy: `confirmed: true`; hours that go with the change, or an item left empty: `force: true`); a refusal without
 * them cannot be overruled. The client reads them from there and never derives them from the code.
 */
export const RetryHint = z.object({
  confirmed: z.union([z.literal(true), z.literal('OVERRULE_REST')]).optional(),
  force: z.literal(true).optional(),
});
export type RetryHint = z.infer<typeof RetryHint>;

/** The retry hint a refusal carries, or null when it cannot be overruled. */
export function retryHintOf(body: { data?: Record<string, unknown> } | null | undefined): RetryHint | null {
  const parsed = RetryHint.safeParse(body?.data ?? {});
  if (!parsed.success) return null;
  const hint: RetryHint = {};
  if (parsed.data.confirmed !== undefined) hint.confirmed = parsed.data.confirmed;
  if (parsed.data.force !== undefined) hint.force = parsed.data.force;
  return Object.keys(hint).length ? hint : null;
}

/** The one error body every failing call answers. */
export const ErrorBody = z.object({
  code: ErrorCode,
  message: z.string(),
  /** 401 only: the client must drop its session and go to login. */
  logout: z.boolean().optional(),
  /** 422 only: messages (catalog keys) per field. */
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /**
   * Whatever the client needs to word or retry the rejection (names, dependents; the retry hint, `RetryHint`; `reload`
   * when what the client shows is out of date and reloading it is the way on).
   */
  data: RetryHint.extend({ reload: z.literal(true).optional() })
    .catchall(z.unknown())
    .optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

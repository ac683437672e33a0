import type { ErrorBody, ErrorCode } from '@app/contracts';

/** The HTTP status each code answers with; everything maps here and nowhere else. */
const STATUS: Partial<Record<ErrorCode, number>> = {
  UNAUTHENTICATED: 401,
  TOKEN_MISMATCH: 401,
  INVALID_CREDENTIALS: 401,
  INVALID_2FA: 401,
  TWO_FACTOR_REQUIRED: 401,
  TWO_FACTOR_SETUP_REQUIRED: 401,
  TOKEN_INVALID: 401,
  BAD_REQUEST: 400,
  FORBIDDEN: 403,
  MODULE_INACTIVE: 403,
  EMAIL_NOT_CONFIRMED: 403,
  USER_INACTIVE: 403,
  NO_PASSWORD: 403,
  NO_ACTIVE_ACCOUNT: 403,
  BETA_ONLY: 403,
  SPECIAL_ACCOUNT: 403,
  DEMO_ACCOUNT: 403,
  ACCOUNT_INACTIVE: 403,
  SUBSCRIPTION_REQUIRED: 403,
  SHADOW_READ_ONLY: 403,
  TOKEN_SCOPE: 403,
  TOKEN_NOT_ALLOWED: 403,
  NOT_FOUND: 404,
  CODE_INVALID: 404,
  LICENSE_INVALID: 404,
  DISCOUNT_INVALID: 404,
  TIMEOUT: 408,
  CONFLICT: 409,
  IDEMPOTENCY_IN_PROGRESS: 409,
  MODULE_DEPENDENTS: 409,
  MODULE_REQUIRES: 409,
  MODULE_NOT_OFFERED: 409,
  LAST_OWNER: 409,
  EMAIL_TAKEN: 409,
  PLAN_LIMIT: 409,
  ACCOUNT_HOLDER: 409,
  IDENTITY_SHARED: 409,
  ALREADY_REGISTERED: 409,
  IN_USE: 409,
  DEFAULT_COST_CENTRE: 409,
  LOCATION_ONLY_ACTIVE: 409,
  LOCATION_PUBLISHED_ITEMS: 409,
  LOCATION_LEAVES_USERS_UNASSIGNED: 409,
  CODE_EXPIRED: 410,
  CODE_USED: 410,
  LICENSE_EXPIRED: 410,
  LICENSE_USED: 410,
  PAYLOAD_TOO_LARGE: 413,
  URI_TOO_LONG: 414,
  UNSUPPORTED_MEDIA_TYPE: 415,
  VALIDATION: 422,
  PASSWORD_WRONG: 422,
  CONFIRMATION_MISMATCH: 422,
  IDEMPOTENCY_KEY_REUSED: 422,
  THROTTLED: 429,
  DEMO_LIMIT: 429,
  HEADERS_TOO_LARGE: 431,
  INTERNAL: 500,
  MAINTENANCE: 503,
  DATABASE_UNAVAILABLE: 503,
  SHUTTING_DOWN: 503,
  SCAN_UNAVAILABLE: 503,
  DISK_FULL: 507,
};

/** Roster and item rule rejections answer 409 unless listed above. */
export function statusOf(code: ErrorCode): number {
  return STATUS[code] ?? 409;
}

/** A rejection the client words by its code. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    readonly extra: Omit<ErrorBody, 'code' | 'message'> = {},
    message: string = code,
  ) {
    super(message);
  }
  get status(): number {
    return statusOf(this.code);
  }
  toBody(): ErrorBody {
    return { code: this.code, message: this.message, ...this.extra };
  }
}

export const notFound = () => new AppError('NOT_FOUND');
export const forbidden = () => new AppError('FORBIDDEN');
export const fieldError = (fields: Record<string, string[]>) => new AppError('VALIDATION', { fields }, 'invalid input');

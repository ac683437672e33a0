import { z } from 'zod';
import {
  DATE_MAX,
  DATE_MIN,
  NAME_MAX_LENGTH,
  PREFERENCE_KEY_MAX_LENGTH,
  PREFERENCE_MAX_DEPTH,
  PREFERENCE_VALUE_MAX_BYTES,
} from './constants';

/**
 * The primitives every request schema is built from, so each input is checked once, at the boundary, and the
 * OpenAPI document (generated from the same schemas) states the same limits: lengths and patterns are plain JSON
 * Schema, the few rules JSON Schema cannot say are checks beside them. Messages are catalog keys the web words
 * (`validation.*` in apps/web/src/i18n), never English text.
 */

// Well-formed text without control characters: every code unit is neither a C0/C1 control nor a surrogate, or
// is one half of a proper surrogate pair. PostgreSQL refuses NUL in text, and a lone surrogate has no UTF-8 form.
// Multi-line text keeps tab and line breaks. One pattern without look-behind, so JSON Schema can carry it.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const MULTI_LINE = /^(?:[^\0-\x08\x0B\x0C\x0E-\x1F\x7F-\x9F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const SINGLE_LINE = /^(?:[^\0-\x1F\x7F-\x9F\uD800-\uDFFF]|[\uD800-\uDBFF][\uDC00-\uDFFF])*$/;

/**
 * Whether a string is text a person could have typed: no control characters (but tab and line breaks when
 * multi-line), no lone surrogates.
 */
export const isCleanText = (value: string, multiLine = true) => (multiLine ? MULTI_LINE : SINGLE_LINE).test(value);

/**
 * The mark of a string built here, as metadata (zod keeps it on every schema derived from a marked one: `.min(1)`,
 * `.optional()`, ...) and so in the OpenAPI document: a test walks every request schema of every route and refuses a
 * string field without it (apps/server/src/platform/request-schemas.test.ts; docs/architecture.md, Inputs).
 */
export const INPUT_MARK = 'x-input';
export type InputKind = 'text' | 'line' | 'date' | 'preferenceKey' | 'email' | 'password' | 'url' | 'token';
const marked = <T extends z.ZodType>(schema: T, kind: InputKind): T => schema.meta({ [INPUT_MARK]: kind }) as T;

// Trimmed and NFC first, so the limit counts what is stored; a string over it is refused before its characters
// are looked at.
const cleaned = (max: number) => z.string().trim().normalize('NFC').max(max, { abort: true });

/** Free text of several lines (notes, comments, messages): trimmed, NFC, at most `max` characters; may be empty. */
export const text = (max: number) => marked(cleaned(max).regex(MULTI_LINE, 'validation.characters'), 'text');

/** One line (an address, a code): like `text` without line breaks or tabs; may be empty. */
export const line = (max: number) => marked(cleaned(max).regex(SINGLE_LINE, 'validation.characters'), 'line');

/** A name: one line of at least one character. */
export const name = (max: number = NAME_MAX_LENGTH) => line(max).min(1);

/**
 * A value of a fixed form (a time, a colour, a code, an identifier): `pattern` must match the whole string, so it
 * decides every character (it is anchored with ^ and $, which is checked here). `trim` and `case` are applied first.
 */
export const matching = (
  pattern: RegExp,
  message = 'validation.invalid',
  opts: { max?: number; trim?: boolean; case?: 'upper' | 'lower' } = {},
) => {
  if (!pattern.source.startsWith('^') || !pattern.source.endsWith('$'))
    throw new Error(`an input pattern must be anchored at both ends: ${pattern}`);
  let schema = z.string();
  if (opts.trim) schema = schema.trim();
  if (opts.case === 'upper') schema = schema.toUpperCase();
  if (opts.case === 'lower') schema = schema.toLowerCase();
  if (opts.max !== undefined) schema = schema.max(opts.max, { abort: true });
  return marked(schema.regex(pattern, message), 'token');
};

/** An e-mail address: trimmed, lower case, at most 254 characters (RFC 5321), of the form zod checks. */
export const email = () => marked(z.string().trim().toLowerCase().max(254).email(), 'email');

/**
 * A password as typed: neither trimmed nor normalised (it must match what was set), at most `max` characters. It is
 * only ever hashed, never stored or shown, so its characters are not restricted.
 */
export const password = (max = 200) => marked(z.string().max(max, { abort: true }), 'password');

/**
 * An https URL of one line (a push service's endpoint): what `line` accepts, parsed as a URL with the https scheme
 * and without credentials. Which hosts are acceptable is the caller's rule.
 */
export const httpsUrl = (max: number) =>
  marked(
    line(max).refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && !url.username && !url.password;
      } catch {
        return false;
      }
    }, 'validation.url'),
    'url',
  );

// Years 1950 to 2050 only, matching DATE_MIN and DATE_MAX (a test keeps them in step).
const DATE_PATTERN = /^(?:19[5-9]\d|20[0-4]\d|2050)-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01])$/;

const parts = (date: string) => date.split('-').map(Number) as [number, number, number];
const utcDay = (date: string) => {
  const [y, m, d] = parts(date);
  return Date.UTC(y, m - 1, d) / 86_400_000;
};
const exists = (date: string) => {
  const [y, m, d] = parts(date);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
};

/** Whether a string is a date the product accepts: YYYY-MM-DD, a real calendar day, DATE_MIN to DATE_MAX. */
export const isCalendarDate = (value: string) => DATE_PATTERN.test(value) && exists(value);

/** Inclusive number of days from one calendar date to another (1 for the same day, 0 or less when backwards). */
export const daysFromTo = (from: string, until: string) => utcDay(until) - utcDay(from) + 1;

/**
 * A date in a request: YYYY-MM-DD, a day that exists (2027-02-30 is refused), within the span of the date
 * pickers (1950 to 2050, docs/product/app.md), so no period arithmetic meets a date it cannot handle.
 */
export const CalendarDate = z
  .string()
  .regex(DATE_PATTERN, 'validation.date')
  .refine((v) => !DATE_PATTERN.test(v) || exists(v), 'validation.date')
  .meta({
    format: 'date',
    description: `A calendar date, YYYY-MM-DD, from ${DATE_MIN} to ${DATE_MAX}.`,
    [INPUT_MARK]: 'date' satisfies InputKind,
  });

/**
 * The page of a long list a request asks for (docs/architecture.md, "Paging"): `page` counts from 1, `size` is the
 * number of lines, `defaultSize` when left out; more than `maxSize` is refused (422), so no call reads without bound.
 * Spread into the list's query object.
 */
export const pageQuery = (defaultSize: number, maxSize: number) => ({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  size: z.coerce.number().int().min(1).max(maxSize).default(defaultSize),
});

/** What a paged answer says about the list: the page and size it answers, and how many lines there are in all. */
export const Paging = z.object({
  page: z.number().int(),
  size: z.number().int(),
  total: z.number().int(),
});
export type Paging = z.infer<typeof Paging>;

/** The catalog keys a refused range answers on `until`. */
export interface RangeMessages {
  /** `until` before `from`. */
  order?: string;
  /** More than the allowed days. */
  tooLong?: string;
}

/**
 * Caps the span `from`..`until` (inclusive) of a request at `maxDays`, so a call is refused before it starts work
 * it would refuse later. Counted arithmetically: a far `until` costs nothing. The refusal lands on `until`.
 */
export function dateRange<T extends z.ZodType<{ from: string; until: string }>>(
  schema: T,
  maxDays: number,
  messages: RangeMessages = {},
): T {
  return schema.superRefine((value, ctx) => {
    // A date that is itself refused already has its message.
    if (!isCalendarDate(value.from) || !isCalendarDate(value.until)) return;
    const days = daysFromTo(value.from, value.until);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['until'], message: messages.order ?? 'validation.range' });
    else if (days > maxDays)
      ctx.addIssue({ code: 'custom', path: ['until'], message: messages.tooLong ?? 'validation.range' });
  }) as T;
}

/** A preference's name: a letter, then letters, digits, `_`, `.` or `-`. */
export const PreferenceKey = z
  .string()
  .max(PREFERENCE_KEY_MAX_LENGTH, { abort: true })
  .regex(new RegExp(`^[A-Za-z][A-Za-z0-9_.-]{0,${PREFERENCE_KEY_MAX_LENGTH - 1}}$`), 'validation.invalid')
  .meta({ [INPUT_MARK]: 'preferenceKey' satisfies InputKind });

/** UTF-8 bytes of a string as JSON writes it (quotes and escapes included), without building it. */
function jsonStringBytes(value: string): number {
  let bytes = 2;
  for (let i = 0; i < value.length; i++) {
    const c = value.charCodeAt(i);
    if (c === 0x22 || c === 0x5c || c === 0x08 || c === 0x0c || c === 0x0a || c === 0x0d || c === 0x09) bytes += 2;
    else if (c < 0x20) bytes += 6;
    else if (c < 0x80) bytes += 1;
    else if (c < 0x800) bytes += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const isPlainObject = (value: object) => {
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
};

/**
 * Why a preference value is refused, as a catalog key, or null when it is fine: plain JSON, text without control
 * characters or lone surrogates, at most PREFERENCE_MAX_DEPTH levels of arrays and objects and
 * PREFERENCE_VALUE_MAX_BYTES serialised. Walked with a stack of its own and given up as soon as a limit is passed,
 * so a value nested thousands of levels deep (or megabytes wide) costs little and cannot overflow the call stack.
 */
export function preferenceValueProblem(value: unknown): string | null {
  if (value === undefined) return 'validation.required';
  const stack: { value: unknown; depth: number }[] = [{ value, depth: 0 }];
  let bytes = 0;
  while (stack.length > 0) {
    const node = stack.pop() as { value: unknown; depth: number };
    const v = node.value;
    if (v === null) bytes += 4;
    else if (typeof v === 'boolean') bytes += v ? 4 : 5;
    else if (typeof v === 'number') {
      if (!Number.isFinite(v)) return 'validation.invalid';
      bytes += String(v).length;
    } else if (typeof v === 'string') {
      if (!MULTI_LINE.test(v)) return 'validation.characters';
      bytes += jsonStringBytes(v);
    } else if (typeof v === 'object' && (Array.isArray(v) || isPlainObject(v))) {
      if (node.depth >= PREFERENCE_MAX_DEPTH) return 'validation.tooLong';
      // Each entry takes at least two bytes (itself and a comma): a very wide value is refused before it is copied.
      if (bytes + 2 * (Array.isArray(v) ? v.length : Object.keys(v).length) > PREFERENCE_VALUE_MAX_BYTES)
        return 'validation.tooLong';
      const entries = Array.isArray(v) ? v.map((item) => [null, item] as const) : Object.entries(v);
      bytes += 2 + Math.max(0, entries.length - 1);
      for (const [key, item] of entries) {
        if (key !== null) {
          if (!MULTI_LINE.test(key)) return 'validation.characters';
          bytes += jsonStringBytes(key) + 1;
        }
        stack.push({ value: item, depth: node.depth + 1 });
      }
    } else return 'validation.invalid';
    if (bytes > PREFERENCE_VALUE_MAX_BYTES) return 'validation.tooLong';
  }
  return null;
}

/** Any JSON value within the limits above; `null` deletes the preference. */
export const PreferenceValue = z
  .unknown()
  .superRefine((value, ctx) => {
    const problem = preferenceValueProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .meta({
    description:
      `Any JSON value, at most ${PREFERENCE_MAX_DEPTH} levels deep and ${PREFERENCE_VALUE_MAX_BYTES} bytes ` +
      'serialised; null deletes the preference.',
  });

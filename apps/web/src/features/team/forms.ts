import type { MemberDetail, MemberProfileUpdate } from '@app/contracts';
import { formatMoney, parseMoney } from '@app/domain';
import type { z } from 'zod';
import i18n from '../../i18n';

/** One zod issue worded from the catalogs: the contracts' own messages are catalog keys. */
function issueMessage(issue: z.core.$ZodIssue): string {
  const t = i18n.t.bind(i18n);
  if (issue.message && i18n.exists(issue.message)) return t(issue.message);
  if (issue.code === 'too_small') return t(issue.origin === 'string' ? 'validation.required' : 'team.tooSmall');
  if (issue.code === 'too_big') return t(issue.origin === 'string' ? 'validation.tooLong' : 'team.tooBig');
  if (issue.code === 'invalid_format' && issue.format === 'email') return t('validation.email');
  if (issue.code === 'invalid_type') return t('validation.required');
  return t('validation.invalid');
}

/**
 * The contract's schema as a form's validation: each issue lands on its field (the first per field). `rename`
 * moves an issue of the request's field onto the form's (cents onto the text a person typed).
 */
export function schemaErrors(
  schema: z.ZodType,
  value: unknown,
  rename: Record<string, string> = {},
): Record<string, string> {
  const result = schema.safeParse(value);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const raw = issue.path.map(String).join('.');
    const path = rename[raw] ?? raw;
    if (!(path in errors)) errors[path] = issueMessage(issue);
  }
  return errors;
}

/** The profile form's values: the contract's fields, with the rate as typed and empty text for no value. */
export type ProfileValues = Omit<MemberProfileUpdate, 'rateCents'> & { rate: string };

export const centsToText = (cents: number | null, locale: string) =>
  cents === null ? '' : formatMoney(cents, locale).replace(/\s/g, '');

export function profileValues(detail: MemberDetail, locale: string): ProfileValues {
  const { rateCents, ...rest } = detail.profile;
  return { ...(rest as Omit<MemberProfileUpdate, 'rateCents'>), rate: centsToText(rateCents, locale) };
}

const blank = (v: string | null) => (v === null || v.trim() === '' ? null : v);

/** The request for the form's values: empty text is no value; a rate that is no amount stays text (refused). */
export function profileBody(values: ProfileValues): MemberProfileUpdate {
  const { rate, ...rest } = values;
  const out: Record<string, unknown> = { ...rest };
  for (const [k, v] of Object.entries(out))
    if (typeof v === 'string' && k !== 'fname' && k !== 'email') out[k] = blank(v);
  out.lname = values.lname;
  out.locale = values.locale;
  out.access = values.access;
  out.rateCents = rate.trim() === '' ? null : (parseMoney(rate) ?? rate);
  return out as MemberProfileUpdate;
}

/** Minutes as "h:mm" for inputs and back (a day's or week's hours). */
export const minutesToHours = (minutes: number) => Math.round((minutes / 60) * 100) / 100;
export const hoursToMinutes = (hours: number | string) => Math.round(Number(hours || 0) * 60);

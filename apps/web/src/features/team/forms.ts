import type { MemberDetail, MemberProfileUpdate } from '@app/contracts';
import { parseMoney } from '@app/domain';
import { centsToText } from '../../ui/money';

/** The profile form's values: the contract's fields, with the rate as typed and empty text for no value. */
export type ProfileValues = Omit<MemberProfileUpdate, 'rateCents'> & { rate: string };

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

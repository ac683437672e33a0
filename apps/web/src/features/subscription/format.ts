import type { SubscriptionResponse } from '@app/contracts';
import type { AccountLife } from '@app/domain';
import { formatLongDate } from '../../ui/format';
/** Euro cents as the reader writes an amount of euros. */
export const euros = (cents: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** An instant as a date in the reader's language. */
export const day = (iso: string, lang: string) => formatLongDate(iso, lang);

/** The account's life as the account machine of packages/domain reads it (the answer carries instants as text). */
export const lifeOf = (data: Pick<SubscriptionResponse, 'status' | 'trialEndsAt' | 'periodEndsAt'>): AccountLife => ({
  status: data.status,
  trialEndsAt: data.trialEndsAt ? new Date(data.trialEndsAt) : null,
  periodEndsAt: data.periodEndsAt ? new Date(data.periodEndsAt) : null,
});

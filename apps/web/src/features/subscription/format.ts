/** Euro cents as the reader writes an amount of euros. */
export const euros = (cents: number, lang: string) =>
  new Intl.NumberFormat(lang, { style: 'currency', currency: 'EUR' }).format(cents / 100);

/** An instant as a date in the reader's language. */
export const day = (iso: string, lang: string) =>
  new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(iso));

/** The statuses from which an owner may subscribe (the machine's rule, packages/domain/src/account/status.ts). */
export const SUBSCRIBABLE: readonly string[] = ['free', 'trial', 'expired', 'cancelled'];

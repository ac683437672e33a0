import { formatMoney, parseMoney } from '@app/domain';

/** Cents as a money field shows them: the locale's format without spaces; no amount is empty text. */
export const centsToText = (cents: number | null | undefined, locale: string) =>
  cents === null || cents === undefined ? '' : formatMoney(cents, locale).replace(/\s/g, '');

/**
 * Text back to cents for the contract: empty is null, text that is no amount stays a string so the schema refuses
 * it on the field.
 */
export const textToCents = (text: string): number | null | string => {
  if (text.trim() === '') return null;
  // Thousands separators of the locale (1.234,50 or 1,234.50) are read as the user meant them.
  const plain = text.replace(/\s/g, '');
  const normalised =
    /[.,]\d{3}[.,]/.test(plain) || /[.,]\d{3}$/.test(plain) ? plain.replace(/[.,](?=\d{3}\b)/g, '') : plain;
  return parseMoney(normalised) ?? text;
};

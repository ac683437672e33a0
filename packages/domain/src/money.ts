/**
 * Money input of docs/product/settings.md: comma or dot as the decimal mark, spaces stripped, null for empty or
 * non-numeric input. Answers integer cents.
 */
export function parseMoney(input: string | number | null | undefined): number | null {
  if (input === null || input === undefined) return null;
  if (typeof input === 'number') return Number.isFinite(input) ? Math.round(input * 100) : null;
  const text = input.replace(/\s+/g, '');
  if (text === '') return null;
  const m = /^(-?)(\d+)(?:[.,](\d{1,2}))?$/.exec(text);
  if (!m) return null;
  const cents = Number(m[2]) * 100 + Number((m[3] ?? '0').padEnd(2, '0'));
  return m[1] === '-' ? -cents : cents;
}

/** Cents shown with two decimals in the user's locale (a comma in de, nl and pl). */
export function formatMoney(cents: number, locale: string): string {
  return new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100);
}

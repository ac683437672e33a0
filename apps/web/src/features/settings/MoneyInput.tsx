import { formatMoney, parseMoney } from '@app/domain';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Money as typed (docs/product/settings.md): comma or dot, spaces ignored; shown with two decimals in the locale. */
export function MoneyInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput inputMode="decimal" leftSection="€" placeholder={t('settings.moneyPlaceholder')} {...props} />;
}

/** Cents as the form shows them. */
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

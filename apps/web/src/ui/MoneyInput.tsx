import { TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Money as typed (docs/product/settings.md): comma or dot, spaces ignored; shown with two decimals in the locale.
 * `centsToText` and `textToCents` (./money) convert between the field's text and the contract's cents.
 */
export function MoneyInput(props: TextInputProps) {
  const { t } = useTranslation();
  return <TextInput inputMode="decimal" leftSection="€" placeholder={t('ui.moneyPlaceholder')} {...props} />;
}

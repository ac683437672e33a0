import { Loader, type LoaderProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A spinner named "Loading" for assistive technology. The name needs a role beside it: a bare spinner is a span, and
 * a label on an element without a role is not allowed (axe: aria-prohibited-attr). A status, as the global loader is.
 */
export function BusyLoader(props: LoaderProps) {
  const { t } = useTranslation();
  return <Loader role="status" aria-label={t('common.loading')} {...props} />;
}

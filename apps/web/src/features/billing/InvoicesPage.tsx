import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../ui/PageTitle';
import { InvoiceList } from './InvoiceList';

/** `subscription/invoices`: the account's invoices on a page of their own (owners). */
export default function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="invoices-page">
      <PageTitle title={t('billing.title')} subtitle={t('billing.subtitle')} />
      <InvoiceList />
    </Stack>
  );
}

import type { InvoiceSummary } from '@app/contracts';
import { Alert, Anchor, Button, Group, Paper, Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { useLang } from '../../app/useLang';
import { RouteLink } from '../../ui/RouteLink';
import { SoftBadge } from '../team/people';
import { formatEuro, formatInvoiceDate, invoiceFileUrl, invoicesQuery } from './api';

function DebitBadge({ invoice }: { invoice: InvoiceSummary }) {
  const { t } = useTranslation();
  return invoice.debitExported ? (
    <SoftBadge color="teal">{t('billing.debitSent')}</SoftBadge>
  ) : (
    <SoftBadge color="gray">{t('billing.debitPending')}</SoftBadge>
  );
}

/**
 * The account's invoices, newest first (owners only): number, date, period, employees, total and whether the
 * direct debit went to the bank, each opening the printable invoice, with its PDF one click away. A table on wide
 * screens, a list of cards on phones.
 */
export function InvoiceList() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(invoicesQuery);
  if (query.isPending)
    return (
      <Stack gap="xs" data-testid="invoice-list-loading">
        <Skeleton h={44} />
        <Skeleton h={44} />
        <Skeleton h={44} />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert
        color={isApiError(query.error) && query.error.status === 403 ? 'yellow' : 'red'}
        title={t(isApiError(query.error) && query.error.status === 403 ? 'billing.ownerOnly' : 'billing.loadFailed')}
      >
        <Button variant="light" size="xs" onClick={() => void query.refetch()}>
          {t('common.reload')}
        </Button>
      </Alert>
    );
  const invoices = query.data.invoices;
  if (!invoices.length)
    return (
      <Paper withBorder radius="md" p="lg" data-testid="invoice-list-empty">
        <Text fw={600}>{t('billing.emptyTitle')}</Text>
        <Text c="dimmed" size="sm">
          {t('billing.empty')}
        </Text>
      </Paper>
    );
  const date = (d: string) => formatInvoiceDate(d, lang);
  const period = (i: InvoiceSummary) => `${date(i.periodFrom)} – ${date(i.periodUntil)}`;
  return (
    <div data-testid="invoice-list">
      <Table.ScrollContainer minWidth={640} visibleFrom="sm">
        <Table verticalSpacing="sm" highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.number')}</Table.Th>
              <Table.Th>{t('billing.date')}</Table.Th>
              <Table.Th>{t('billing.period')}</Table.Th>
              <Table.Th ta="right">{t('billing.employees')}</Table.Th>
              <Table.Th ta="right">{t('billing.total')}</Table.Th>
              <Table.Th>{t('billing.debit')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('billing.download')}</VisuallyHidden>
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoices.map((i) => (
              <Table.Tr key={i.id} data-testid={`invoice-row-${i.number}`}>
                <Table.Td>
                  <RouteLink route="invoice" params={{ id: i.id }} fw={600}>
                    {i.number}
                  </RouteLink>
                </Table.Td>
                <Table.Td>{date(i.issuedOn)}</Table.Td>
                <Table.Td>{period(i)}</Table.Td>
                <Table.Td ta="right">{i.employees}</Table.Td>
                <Table.Td ta="right" fw={600}>
                  {formatEuro(i.totalCents, lang)}
                </Table.Td>
                <Table.Td>
                  <DebitBadge invoice={i} />
                </Table.Td>
                <Table.Td>
                  <Anchor
                    href={invoiceFileUrl(i.id, 'pdf')}
                    size="sm"
                    aria-label={t('billing.pdfOf', { number: i.number })}
                  >
                    PDF
                  </Anchor>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <Stack gap="xs" hiddenFrom="sm">
        {invoices.map((i) => (
          <Paper key={i.id} withBorder radius="md" p="sm" data-testid={`invoice-card-${i.number}`}>
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2}>
                <RouteLink route="invoice" params={{ id: i.id }} fw={600}>
                  {i.number}
                </RouteLink>
                <Text size="sm" c="dimmed">
                  {period(i)}
                </Text>
                <Text size="sm">{t('billing.employeesCount', { count: i.employees })}</Text>
                <DebitBadge invoice={i} />
              </Stack>
              <Stack gap={4} align="flex-end">
                <Text fw={700}>{formatEuro(i.totalCents, lang)}</Text>
                <Anchor
                  href={invoiceFileUrl(i.id, 'pdf')}
                  size="sm"
                  aria-label={t('billing.pdfOf', { number: i.number })}
                >
                  PDF
                </Anchor>
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </div>
  );
}

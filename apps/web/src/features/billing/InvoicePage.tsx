import type { InvoiceDetail } from '@app/contracts';
import {
  Alert,
  Button,
  CopyButton,
  Divider,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { useLang } from '../../app/useLang';
import { RouteLink } from '../../ui/RouteLink';
import { formatEuro, formatInvoiceDate, formatRate, invoiceFileUrl, invoiceQuery } from './api';
import './billing.css';

function Party({ label, party }: { label: string; party: InvoiceDetail['buyer'] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={600}>{party.name}</Text>
      {party.address && (
        <Text size="sm" className="invoice-address">
          {party.address}
        </Text>
      )}
      {party.vatNumber && <Text size="sm">{t('billing.vatNumber', { number: party.vatNumber })}</Text>}
    </Stack>
  );
}

function Sheet({ invoice }: { invoice: InvoiceDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const date = (d: string) => formatInvoiceDate(d, lang, 'long');
  const euro = (cents: number) => formatEuro(cents, lang);
  return (
    <Paper
      withBorder
      radius="md"
      p={{ base: 'sm', sm: 'xl' }}
      className="invoice-sheet"
      miw={0}
      data-testid="invoice-sheet"
    >
      <Stack gap="lg">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
          <Party label={t('billing.seller')} party={invoice.seller} />
          <Stack gap={4} className="invoice-title">
            <Title order={1} size="h2">
              {t('billing.invoiceTitle')}
            </Title>
            <Text fw={700} data-testid="invoice-number">
              {invoice.number}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <Party label={t('billing.customer')} party={invoice.buyer} />
          <Stack gap={6}>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('billing.date')}
              </Text>
              <Text>{date(invoice.issuedOn)}</Text>
            </div>
            <div>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {t('billing.period')}
              </Text>
              <Text>
                {date(invoice.periodFrom)} – {date(invoice.periodUntil)}
              </Text>
            </div>
          </Stack>
        </SimpleGrid>
        <Table verticalSpacing="sm" fz={{ base: 'sm', sm: 'md' }}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('billing.description')}</Table.Th>
              <Table.Th ta="right" className="invoice-wide">
                {t('billing.quantity')}
              </Table.Th>
              <Table.Th ta="right" className="invoice-wide">
                {t('billing.unitPrice')}
              </Table.Th>
              <Table.Th ta="right">{t('billing.amount')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {invoice.lines.map((line) => (
              <Table.Tr key={line.kind}>
                <Table.Td>
                  {line.kind === 'employees'
                    ? t('billing.lineEmployees')
                    : t('billing.lineDiscount', { percent: line.percent })}
                  {line.kind === 'employees' && (
                    <Text size="xs" c="dimmed" className="invoice-narrow">
                      {line.quantity} × {euro(line.unitCents)}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td ta="right" className="invoice-wide">
                  {line.kind === 'employees' ? line.quantity : ''}
                </Table.Td>
                <Table.Td ta="right" className="invoice-wide">
                  {line.kind === 'employees' ? euro(line.unitCents) : ''}
                </Table.Td>
                <Table.Td ta="right">{euro(line.amountCents)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="flex-end">
          <Table w="auto" miw={260} withRowBorders={false} verticalSpacing={4} data-testid="invoice-totals">
            <Table.Tbody>
              <Table.Tr>
                <Table.Td>{t('billing.net')}</Table.Td>
                <Table.Td ta="right">{euro(invoice.netCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td>{t('billing.vat', { rate: formatRate(invoice.vatRateBp, lang) })}</Table.Td>
                <Table.Td ta="right">{euro(invoice.vatCents)}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Td fw={700}>{t('billing.total')}</Table.Td>
                <Table.Td ta="right" fw={700}>
                  {euro(invoice.totalCents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Group>
        {invoice.vatCategory !== 'S' && (
          <Text size="sm">{t(invoice.vatCategory === 'AE' ? 'billing.reverseCharge' : 'billing.outsideScope')}</Text>
        )}
        <Divider />
        <Text size="sm" data-testid="invoice-payment">
          {invoice.debit
            ? t('billing.preNotification', {
                amount: euro(invoice.totalCents),
                date: date(invoice.debit.dueOn),
                iban: invoice.debit.ibanMasked,
                mandate: invoice.debit.mandateReference,
                creditor: invoice.debit.creditorId,
              })
            : t('billing.noMandate', { amount: euro(invoice.totalCents), number: invoice.number })}
        </Text>
        <Text size="xs" c="dimmed">
          {[invoice.seller.name, invoice.seller.vatNumber, invoice.seller.registration].filter(Boolean).join(' · ')}
        </Text>
      </Stack>
    </Paper>
  );
}

/** `invoice/{id}` (bare layout): one invoice to read and print, with its PDF and e-invoice one click away. */
export default function InvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(invoiceQuery(id));
  const number = query.data?.number;
  useEffect(() => {
    document.title = `${number ? t('billing.invoiceNumber', { number }) : t('billing.invoiceTitle')} · ${t('app.name')}`;
  }, [number, t]);
  return (
    <Stack gap="md" maw={860} mx="auto" className="invoice-page" data-testid="invoice-page">
      <Group justify="space-between" className="invoice-toolbar" wrap="wrap" gap="xs">
        <RouteLink route="invoices">{t('billing.back')}</RouteLink>
        {query.data && (
          <Group gap="xs" wrap="wrap">
            <Button variant="default" size="sm" onClick={() => window.print()}>
              {t('billing.print')}
            </Button>
            <Button component="a" href={invoiceFileUrl(id, 'pdf')} size="sm" data-testid="invoice-pdf">
              {t('billing.downloadPdf')}
            </Button>
            <Button component="a" href={invoiceFileUrl(id, 'xml')} variant="light" size="sm">
              {t('billing.downloadXml')}
            </Button>
            <CopyButton value={query.data.shareUrl}>
              {({ copied, copy }) => (
                <Button variant="subtle" size="sm" onClick={copy}>
                  {copied ? t('billing.linkCopied') : t('billing.copyLink')}
                </Button>
              )}
            </CopyButton>
          </Group>
        )}
      </Group>
      {query.isPending ? (
        <Skeleton h={560} radius="md" />
      ) : query.isError ? (
        <Alert
          color={isApiError(query.error) && query.error.status === 403 ? 'yellow' : 'red'}
          title={t(
            isApiError(query.error) && query.error.status === 404
              ? 'billing.notFound'
              : isApiError(query.error) && query.error.status === 403
                ? 'billing.ownerOnly'
                : 'billing.loadFailed',
          )}
        >
          <Button variant="light" size="xs" onClick={() => void query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      ) : (
        <Sheet invoice={query.data} />
      )}
    </Stack>
  );
}

import {
  ClientBillingUpdate,
  ClientInvoiceDraftRequest,
  type ClientInvoiceStatus,
  type ClientInvoiceSummary,
} from '@app/contracts';
import {
  Alert,
  Button,
  NumberInput,
  SegmentedControl,
  Select,
  Skeleton,
  Stack,
  Textarea,
  TextInput,
} from '@mantine/core';
import { IconFileInvoice, IconSettings } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useLang } from '../../app/useLang';
import { DateField } from '../../ui/DateField';
import { DirectoryPage } from '../../ui/DirectoryPage';
import { MoneyInput } from '../../ui/MoneyInput';
import { centsToText, textToCents } from '../../ui/money';
import { PageDialog } from '../../ui/PageDialog';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { formatEuro, formatInvoiceDate } from '../billing/api';
import { clientsQuery } from '../clients/api';
import { SoftBadge } from '../team/people';
import {
  afterInvoiceChange,
  clientBillingQuery,
  clientInvoicesQuery,
  draftInvoice,
  saveClientBilling,
  useClientInvoiceEvents,
} from './api';

export function StatusBadge({ status }: { status: ClientInvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <SoftBadge color={status === 'draft' ? 'orange' : 'teal'} data-testid="invoice-status">
      {t(`invoicing.status.${status}`)}
    </SoftBadge>
  );
}

/**
 * `client-invoices`: the invoices to clients, filtered by client and status (docs/product/invoicing.md). Drafts come
 * from the daily job; a manager drafts one by hand for a period and keeps a client's invoicing settings here.
 */
export default function ClientInvoicesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const [params, setParams] = useSearchParams();
  const clientId = params.get('client');
  const status = (params.get('status') as ClientInvoiceStatus | null) ?? null;
  const clients = useQuery(clientsQuery('', false));
  const invoices = useQuery(clientInvoicesQuery(clientId, status));
  useClientInvoiceEvents();
  const [drafting, setDrafting] = useState(false);
  const [settings, setSettings] = useState(false);
  const setFilter = (key: string, value: string | null) => {
    const next = new URLSearchParams(params);
    if (value) next.set(key, value);
    else next.delete(key);
    setParams(next, { replace: true });
  };
  const date = (d: string) => formatInvoiceDate(d, lang);
  const period = (i: ClientInvoiceSummary) => `${date(i.periodFrom)} – ${date(i.periodUntil)}`;

  return (
    <DirectoryPage<ClientInvoiceSummary>
      testId="client-invoices"
      title={t('invoicing.title')}
      subtitle={t('invoicing.subtitle')}
      actions={
        clientId && (
          <Button
            variant="default"
            leftSection={<IconSettings size={16} aria-hidden />}
            onClick={() => setSettings(true)}
            data-testid="client-billing-open"
          >
            {t('invoicing.settings')}
          </Button>
        )
      }
      create={{ label: t('invoicing.draftNew'), onClick: () => setDrafting(true), testId: 'invoice-draft-open' }}
      filters={
        <>
          <Select
            label={t('invoicing.client')}
            placeholder={t('invoicing.allClients')}
            data={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={clientId}
            onChange={(v) => setFilter('client', v)}
            clearable
            searchable
            w={260}
            data-testid="invoice-filter-client"
          />
          <SegmentedControl
            aria-label={t('invoicing.statusFilter')}
            value={status ?? 'all'}
            onChange={(v) => setFilter('status', v === 'all' ? null : v)}
            data={[
              { value: 'all', label: t('invoicing.all') },
              { value: 'draft', label: t('invoicing.status.draft') },
              { value: 'issued', label: t('invoicing.status.issued') },
            ]}
            data-testid="invoice-filter-status"
          />
        </>
      }
      list={invoices}
      rows={invoices.data}
      failed={{ title: t('invoicing.failed'), retry: t('common.reload') }}
      empty={t('invoicing.empty')}
      emptyIcon={<IconFileInvoice size={28} aria-hidden />}
      rowTestId="client-invoice-row"
      columns={[
        {
          key: 'client',
          header: t('invoicing.client'),
          cell: (i) => (
            <RouteLink route="clientInvoice" params={{ id: i.id }} fw={500}>
              {i.clientName}
            </RouteLink>
          ),
        },
        { key: 'number', header: t('invoicing.number'), cell: (i) => i.number ?? '—' },
        { key: 'period', header: t('invoicing.period'), cell: period, wide: true },
        { key: 'status', header: t('invoicing.statusFilter'), cell: (i) => <StatusBadge status={i.status} /> },
        {
          key: 'total',
          header: t('invoicing.total'),
          cell: (i) => formatEuro(i.totalCents, lang),
          align: 'right',
        },
      ]}
    >
      <PageDialog opened={drafting} onClose={() => setDrafting(false)} title={t('invoicing.draftNew')}>
        <DraftForm clients={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))} clientId={clientId} />
      </PageDialog>
      {clientId && (
        <PageDialog opened={settings} onClose={() => setSettings(false)} title={t('invoicing.settings')}>
          <BillingForm clientId={clientId} onSaved={() => setSettings(false)} />
        </PageDialog>
      )}
    </DirectoryPage>
  );
}

/** A draft by hand: the client and the period. */
function DraftForm({ clients, clientId }: { clients: { value: string; label: string }[]; clientId: string | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: ClientInvoiceDraftRequest,
    initialValues: { clientId: clientId ?? '', from: '', until: '' },
  });
  const draft = useMutation({
    mutationFn: draftInvoice,
    meta: { form: fieldErrors },
    onSuccess: (saved) => {
      afterInvoiceChange();
      navigate(pathTo('clientInvoice', { id: saved.id }));
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => draft.mutate(body(values)))} data-testid="invoice-draft-form">
      <Stack>
        <Select
          label={t('invoicing.client')}
          data={clients}
          searchable
          required
          {...form.getInputProps('clientId')}
          data-testid="invoice-draft-client"
        />
        <DateField
          label={t('invoicing.from')}
          required
          value={form.values.from || null}
          onChange={(v) => form.setFieldValue('from', v ?? '')}
          error={form.errors.from}
          data-testid="invoice-draft-from"
        />
        <DateField
          label={t('invoicing.until')}
          required
          value={form.values.until || null}
          onChange={(v) => form.setFieldValue('until', v ?? '')}
          error={form.errors.until}
          data-testid="invoice-draft-until"
        />
        <Button type="submit" loading={draft.isPending} data-testid="invoice-draft-save">
          {t('invoicing.draft')}
        </Button>
      </Stack>
    </form>
  );
}

/** A client's invoicing settings: the address, the country, the hourly price, the days to pay. */
function BillingForm({ clientId, onSaved }: { clientId: string; onSaved: () => void }) {
  const billing = useQuery(clientBillingQuery(clientId));
  if (billing.isPending) return <Skeleton height={200} />;
  if (billing.isError) return <Alert color="red">{billing.error.message}</Alert>;
  return <BillingFields clientId={clientId} initial={billing.data} onSaved={onSaved} />;
}

function BillingFields({
  clientId,
  initial,
  onSaved,
}: {
  clientId: string;
  initial: ClientBillingUpdate;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const { form, body, fieldErrors } = useSchemaForm({
    schema: ClientBillingUpdate,
    initialValues: {
      address: initial.address,
      country: initial.country ?? '',
      rate: centsToText(initial.hourlyRateCents, lang),
      paymentDays: initial.paymentDays,
    },
    toBody: (v) => ({
      address: v.address,
      country: v.country.trim() ? v.country.trim().toUpperCase() : null,
      hourlyRateCents: textToCents(v.rate),
      paymentDays: v.paymentDays,
    }),
    rename: { hourlyRateCents: 'rate' },
  });
  const save = useMutation({
    mutationFn: (b: ClientBillingUpdate) => saveClientBilling(clientId, b),
    meta: { form: fieldErrors },
    onSuccess: () => {
      afterInvoiceChange();
      onSaved();
    },
  });
  return (
    <form onSubmit={form.onSubmit((values) => save.mutate(body(values)))} data-testid="client-billing-form">
      <Stack>
        <Textarea label={t('invoicing.address')} autosize minRows={2} {...form.getInputProps('address')} />
        <TextInput label={t('invoicing.country')} maxLength={2} {...form.getInputProps('country')} />
        <MoneyInput label={t('invoicing.rate')} {...form.getInputProps('rate')} data-testid="client-billing-rate" />
        <NumberInput
          label={t('invoicing.paymentDays')}
          min={0}
          max={120}
          allowDecimal={false}
          {...form.getInputProps('paymentDays')}
        />
        <Button type="submit" loading={save.isPending} data-testid="client-billing-save">
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}

import { FreelancerInvoiceCreate } from '@app/contracts';
import { addDays, computeFreelancerInvoice, formatMoney, todayIn } from '@app/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  NumberInput,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { DateField } from '../../ui/DateField';
import { formatDate, formatDuration } from '../../ui/format';
import { MoneyInput } from '../../ui/MoneyInput';
import { centsToText, textToCents } from '../../ui/money';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { afterInvoicesChange, billableQuery, createInvoice } from './api';

/** The last full month before today: the period a freelancer usually invoices. */
function lastMonth(today: string) {
  const until = addDays(`${today.slice(0, 8)}01`, -1);
  return { from: `${until.slice(0, 8)}01`, until };
}

interface Values {
  from: string;
  until: string;
  vatId: string;
  rate: string;
  vatPercent: number | string;
}

/**
 * A freelancer's new invoice (docs/product/freelance.md): the period, their VAT ID, rate and VAT; the approved hours
 * of the period still on no invoice, as the invoice's lines will be (the same computation the server makes).
 */
export function NewInvoiceCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const initial = lastMonth(todayIn(session.account.settings.timeZone));
  // The hours the invoice takes: the billable ones of the period as last read.
  const chosen = useRef<string[]>([]);
  const { form, body, fieldErrors } = useSchemaForm<Values, FreelancerInvoiceCreate>({
    schema: FreelancerInvoiceCreate,
    initialValues: { ...initial, vatId: '', rate: '', vatPercent: 0 },
    toBody: (v) => ({
      from: v.from,
      until: v.until,
      hours: chosen.current,
      vatId: v.vatId,
      rateCents: textToCents(v.rate),
      vatRateBp: Math.round(Number(v.vatPercent || 0) * 100),
    }),
    rename: { rateCents: 'rate', vatRateBp: 'vatPercent' },
  });
  const { from, until } = form.getValues();
  const validPeriod = Boolean(from && until && from <= until);
  const billable = useQuery({ ...billableQuery(from, until), enabled: validPeriod });
  // The profile's VAT ID and rate start the form once known.
  const profile = billable.data;
  // biome-ignore lint/correctness/useExhaustiveDependencies: filled once, when the profile's terms arrive.
  useEffect(() => {
    if (!profile) return;
    const v = form.getValues();
    if (!v.vatId && profile.vatId) form.setFieldValue('vatId', profile.vatId);
    if (!v.rate && profile.rateCents) form.setFieldValue('rate', centsToText(profile.rateCents, lang));
  }, [profile]);

  const create = useMutation({
    mutationFn: (v: Values) => createInvoice(body(v)),
    meta: { form: fieldErrors },
    onSuccess: (invoice) => {
      notify('success', t('freelance.created', { number: invoice.number }));
      afterInvoicesChange();
    },
  });

  const hours = billable.data?.hours ?? [];
  chosen.current = hours.map((h) => h.id);
  const rateCents = textToCents(form.getValues().rate);
  const preview =
    typeof rateCents === 'number'
      ? computeFreelancerInvoice(hours, rateCents, Math.round(Number(form.getValues().vatPercent || 0) * 100))
      : null;

  return (
    <Card withBorder padding="lg" mb="xl" data-testid="freelance-new">
      <Title order={2} size="h4" mb="md">
        {t('freelance.newTitle')}
      </Title>
      <form onSubmit={form.onSubmit((v) => create.mutate(v))} noValidate>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2, md: 5 }}>
            <DateField
              label={t('freelance.from')}
              required
              data-testid="freelance-from"
              value={form.getValues().from}
              onChange={(v) => form.setFieldValue('from', v ?? '')}
              error={form.errors.from}
            />
            <DateField
              label={t('freelance.until')}
              required
              data-testid="freelance-until"
              value={form.getValues().until}
              onChange={(v) => form.setFieldValue('until', v ?? '')}
              error={form.errors.until}
            />
            <TextInput
              label={t('freelance.vatId')}
              required
              data-testid="freelance-vat-id"
              {...form.getInputProps('vatId')}
            />
            <MoneyInput
              label={t('freelance.rate')}
              required
              data-testid="freelance-rate"
              {...form.getInputProps('rate')}
            />
            <NumberInput
              label={t('freelance.vatPercent')}
              min={0}
              max={100}
              decimalScale={2}
              suffix=" %"
              data-testid="freelance-vat"
              {...form.getInputProps('vatPercent')}
            />
          </SimpleGrid>
          {!validPeriod ? null : billable.isPending ? (
            <Skeleton height={80} />
          ) : billable.isError ? (
            <Alert color="red" title={t('freelance.failed')}>
              <Button size="xs" variant="light" color="red" onClick={() => billable.refetch()}>
                {t('freelance.retry')}
              </Button>
            </Alert>
          ) : hours.length === 0 ? (
            <Text c="dimmed" data-testid="freelance-nothing">
              {t('freelance.nothing')}
            </Text>
          ) : (
            <Table data-testid="freelance-hours" aria-label={t('freelance.hoursTable')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('freelance.day')}</Table.Th>
                  <Table.Th>{t('freelance.duty')}</Table.Th>
                  <Table.Th ta="right">{t('freelance.hours')}</Table.Th>
                  <Table.Th ta="right">{t('freelance.amount')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {(preview?.lines ?? hours.map((h) => ({ ...h, amountCents: null }))).map((l) => (
                  <Table.Tr key={`${l.date}-${l.duty}-${l.location}`} data-testid="freelance-line">
                    <Table.Td>{formatDate(l.date, lang)}</Table.Td>
                    <Table.Td>
                      {l.duty ?? '—'} · {l.location}
                    </Table.Td>
                    <Table.Td ta="right">{formatDuration(l.minutes)}</Table.Td>
                    <Table.Td ta="right">{l.amountCents === null ? '—' : formatMoney(l.amountCents, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Group justify="space-between" wrap="wrap">
            <Text fw={600} data-testid="freelance-preview-total">
              {preview && hours.length > 0
                ? t('freelance.previewTotal', { total: `€ ${formatMoney(preview.totalCents, lang)}` })
                : ''}
            </Text>
            <Button
              type="submit"
              loading={create.isPending}
              disabled={hours.length === 0}
              data-testid="freelance-create"
            >
              {t('freelance.create')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}

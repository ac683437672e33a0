import { type ClientInvoiceDetail, ClientInvoiceUpdate } from '@app/contracts';
import { lineAmount } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Button,
  Card,
  Group,
  NumberInput,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { IconArrowLeft, IconDownload, IconMail, IconPlus, IconSend, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { PageTitle } from '../../ui/PageTitle';
import { usePathTo } from '../../ui/useLang';
import { useSchemaForm } from '../../ui/useSchemaForm';
import { formatEuro, formatInvoiceDate, formatRate } from '../billing/api';
import {
  afterInvoiceChange,
  clientInvoiceFileUrl,
  clientInvoiceQuery,
  deleteInvoice,
  issueInvoice,
  saveInvoiceLines,
  sendInvoice,
  useClientInvoiceEvents,
} from './api';
import { StatusBadge } from './ClientInvoicesPage';

/** `client-invoices/{id}`: one invoice to a client; a draft's lines are edited here, then it is issued and sent. */
export default function ClientInvoicePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const pathTo = usePathTo();
  const invoice = useQuery(clientInvoiceQuery(id));
  useClientInvoiceEvents();
  return (
    <Stack data-testid="client-invoice-page" gap={0}>
      <Anchor component={Link} to={pathTo('clientInvoices')} size="sm" mb="xs">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('invoicing.back')}
        </Group>
      </Anchor>
      {invoice.isPending ? (
        <Stack data-testid="client-invoice-loading">
          <Skeleton height={36} width={240} />
          <Skeleton height={320} />
        </Stack>
      ) : invoice.isError ? (
        <Alert
          color="red"
          title={
            isApiError(invoice.error) && invoice.error.status === 404 ? t('invoicing.notFound') : t('invoicing.failed')
          }
        >
          <Button size="xs" variant="light" color="red" onClick={() => invoice.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      ) : (
        <InvoiceView key={`${invoice.data.id}-${invoice.data.status}`} invoice={invoice.data} />
      )}
    </Stack>
  );
}

interface LineValues {
  id?: string;
  description: string;
  quantity: number | string;
  price: number | string;
}

const toNumber = (v: number | string) => (typeof v === 'number' ? v : Number(String(v).replace(',', '.')));

function InvoiceView({ invoice }: { invoice: ClientInvoiceDetail }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const can = invoice.abilities;
  const { form, body, fieldErrors } = useSchemaForm({
    schema: ClientInvoiceUpdate,
    initialValues: {
      lines: invoice.lines.map(
        (l): LineValues => ({ id: l.id, description: l.description, quantity: l.quantity, price: l.unitCents / 100 }),
      ),
    },
    toBody: (v) => ({
      lines: v.lines.map((l) => ({
        ...(l.id ? { id: l.id } : {}),
        description: l.description,
        quantity: toNumber(l.quantity),
        unitCents: Math.round(toNumber(l.price) * 100),
      })),
    }),
  });
  const save = useMutation({
    mutationFn: (b: ClientInvoiceUpdate) => saveInvoiceLines(invoice.id, b),
    meta: { form: fieldErrors },
    onSuccess: (saved) => {
      afterInvoiceChange();
      // The saved lines as the form holds them (typed text becomes numbers, new lines get their ids): nothing differs.
      const next = {
        lines: saved.lines.map(
          (l): LineValues => ({ id: l.id, description: l.description, quantity: l.quantity, price: l.unitCents / 100 }),
        ),
      };
      form.setValues(next);
      form.resetDirty(next);
      notify('success', t('invoicing.saved'));
    },
  });
  const issue = useMutation({
    mutationFn: () => issueInvoice(invoice.id),
    onSuccess: (issued) => {
      afterInvoiceChange();
      notify('success', t('invoicing.issuedDone', { number: issued.number }));
    },
  });
  const send = useMutation({
    mutationFn: () => sendInvoice(invoice.id),
    onSuccess: () => {
      afterInvoiceChange();
      notify('success', t('invoicing.sentDone'));
    },
  });
  const removal = useMutation({
    mutationFn: () => deleteInvoice(invoice.id),
    onSuccess: () => {
      afterInvoiceChange();
      navigate(pathTo('clientInvoices'));
    },
  });
  const askIssue = async () => {
    const ok = await confirmAsync({
      title: t('invoicing.issueTitle'),
      message: t('invoicing.issueText'),
      confirm: t('invoicing.issue'),
    });
    if (ok) issue.mutate();
  };
  const askDelete = async () => {
    const ok = await confirmAsync({
      title: t('invoicing.deleteTitle'),
      message: t('invoicing.deleteText'),
      confirm: t('invoicing.delete'),
      danger: true,
    });
    if (ok) removal.mutate();
  };
  const date = (d: string) => formatInvoiceDate(d, lang);
  const lines = form.values.lines;
  const net = lines.reduce(
    (s, l) => s + lineAmount(toNumber(l.quantity) || 0, Math.round(toNumber(l.price) * 100) || 0),
    0,
  );
  const dirty = form.isDirty();

  return (
    <>
      <PageTitle
        title={invoice.number ? `${invoice.clientName} · ${invoice.number}` : invoice.clientName}
        subtitle={`${date(invoice.periodFrom)} – ${date(invoice.periodUntil)}`}
        right={
          <Group gap="xs">
            <StatusBadge status={invoice.status} />
            {can.download && (
              <>
                <Button
                  variant="default"
                  component="a"
                  href={clientInvoiceFileUrl(invoice.id, 'pdf')}
                  download
                  leftSection={<IconDownload size={16} aria-hidden />}
                  data-testid="invoice-pdf"
                >
                  {t('invoicing.pdf')}
                </Button>
                <Button
                  variant="default"
                  component="a"
                  href={clientInvoiceFileUrl(invoice.id, 'xml')}
                  download
                  leftSection={<IconDownload size={16} aria-hidden />}
                  data-testid="invoice-xml"
                >
                  {t('invoicing.xml')}
                </Button>
              </>
            )}
            {can.send && (
              <Button
                variant="light"
                leftSection={<IconMail size={16} aria-hidden />}
                onClick={() => send.mutate()}
                loading={send.isPending}
                disabled={!invoice.sendTo}
                data-testid="invoice-send"
              >
                {t('invoicing.send')}
              </Button>
            )}
            {can.issue && (
              <Button
                leftSection={<IconSend size={16} aria-hidden />}
                onClick={askIssue}
                loading={issue.isPending}
                disabled={dirty}
                data-testid="invoice-issue"
              >
                {t('invoicing.issue')}
              </Button>
            )}
          </Group>
        }
      />
      <Card withBorder radius="md" padding="lg">
        <form onSubmit={form.onSubmit((values) => save.mutate(body(values)))} data-testid="invoice-lines-form">
          <Stack>
            <Title order={2} size="h4">
              {t('invoicing.lines')}
            </Title>
            {lines.length === 0 && (
              <Text c="dimmed" data-testid="invoice-no-lines">
                {t('invoicing.noLines')}
              </Text>
            )}
            <Table.ScrollContainer minWidth={640} scrollAreaProps={{ viewportProps: { tabIndex: 0 } }}>
              <Table verticalSpacing="xs" data-testid="invoice-lines">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('invoicing.description')}</Table.Th>
                    <Table.Th w={110}>{t('invoicing.quantity')}</Table.Th>
                    <Table.Th w={130}>{t('invoicing.unitPrice')}</Table.Th>
                    <Table.Th ta="right">{t('invoicing.amount')}</Table.Th>
                    {can.edit && <Table.Th w={40} />}
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {lines.map((line, i) => (
                    <Table.Tr key={line.id ?? `new-${i}`} data-testid="invoice-line">
                      <Table.Td>
                        {can.edit ? (
                          <TextInput
                            aria-label={t('invoicing.description')}
                            {...form.getInputProps(`lines.${i}.description`)}
                            data-testid="invoice-line-description"
                          />
                        ) : (
                          line.description
                        )}
                      </Table.Td>
                      <Table.Td>
                        {can.edit ? (
                          <NumberInput
                            aria-label={t('invoicing.quantity')}
                            decimalScale={2}
                            min={0}
                            hideControls
                            {...form.getInputProps(`lines.${i}.quantity`)}
                            data-testid="invoice-line-quantity"
                          />
                        ) : (
                          String(line.quantity)
                        )}
                      </Table.Td>
                      <Table.Td>
                        {can.edit ? (
                          <NumberInput
                            aria-label={t('invoicing.unitPrice')}
                            decimalScale={2}
                            fixedDecimalScale
                            min={0}
                            hideControls
                            leftSection="€"
                            {...form.getInputProps(`lines.${i}.price`)}
                            data-testid="invoice-line-price"
                          />
                        ) : (
                          formatEuro(Math.round(toNumber(line.price) * 100), lang)
                        )}
                      </Table.Td>
                      <Table.Td ta="right" data-testid="invoice-line-amount">
                        {formatEuro(
                          lineAmount(toNumber(line.quantity) || 0, Math.round(toNumber(line.price) * 100) || 0),
                          lang,
                        )}
                      </Table.Td>
                      {can.edit && (
                        <Table.Td>
                          <ActionIcon
                            variant="subtle"
                            color="red"
                            aria-label={t('invoicing.removeLine')}
                            onClick={() => form.removeListItem('lines', i)}
                            data-testid="invoice-line-remove"
                          >
                            <IconTrash size={16} aria-hidden />
                          </ActionIcon>
                        </Table.Td>
                      )}
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <Group justify="space-between" align="flex-start" wrap="wrap">
              {can.edit ? (
                <Group gap="xs">
                  <Button
                    variant="light"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => form.insertListItem('lines', { description: '', quantity: 1, price: 0 })}
                    data-testid="invoice-line-add"
                  >
                    {t('invoicing.addLine')}
                  </Button>
                  <Button type="submit" disabled={!dirty} loading={save.isPending} data-testid="invoice-save">
                    {t('common.save')}
                  </Button>
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} aria-hidden />}
                    onClick={askDelete}
                    loading={removal.isPending}
                    data-testid="invoice-delete"
                  >
                    {t('invoicing.delete')}
                  </Button>
                </Group>
              ) : (
                <Text size="sm" c="dimmed">
                  {invoice.sendTo ? t('invoicing.sendTo', { email: invoice.sendTo }) : t('invoicing.noEmail')}
                </Text>
              )}
              <Table w="auto" data-testid="invoice-totals">
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td>{t('invoicing.net')}</Table.Td>
                    <Table.Td ta="right">{formatEuro(dirty ? net : invoice.netCents, lang)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>{t('invoicing.vat', { rate: formatRate(invoice.vatRateBp, lang) })}</Table.Td>
                    <Table.Td ta="right">{dirty ? '—' : formatEuro(invoice.vatCents, lang)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td fw={700}>{t('invoicing.total')}</Table.Td>
                    <Table.Td ta="right" fw={700} data-testid="invoice-total">
                      {dirty ? '—' : formatEuro(invoice.totalCents, lang)}
                    </Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            </Group>
            {invoice.hoursCount > 0 && (
              <Text size="sm" c="dimmed" data-testid="invoice-hours-count">
                {t('invoicing.hoursLocked', { count: invoice.hoursCount })}
              </Text>
            )}
          </Stack>
        </form>
      </Card>
    </>
  );
}

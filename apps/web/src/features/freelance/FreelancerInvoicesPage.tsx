import type { FreelancerInvoice } from '@app/contracts';
import { formatMoney } from '@app/domain';
import { Badge, Button, Group, Stack, Text, Textarea, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { DirectoryPage } from '../../ui/DirectoryPage';
import { formatDateRange } from '../../ui/format';
import { PageDialog } from '../../ui/PageDialog';
import { afterInvoicesChange, downloadInvoicePdf, invoicesQuery, payInvoice, rejectInvoice } from './api';
import { NewInvoiceCard } from './NewInvoiceCard';

const STATUS_COLOR = { submitted: 'blue', paid: 'green', rejected: 'red' } as const;

/**
 * Freelancer invoices (module freelancers): a freelancer invoices their approved hours and sees their invoices; the
 * company's owners, managers and accountants see every freelancer's and mark them paid or reject them.
 */
export default function FreelancerInvoicesPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const narrow = useNarrowLayout();
  const list = useQuery(invoicesQuery());
  const [rejecting, setRejecting] = useState<FreelancerInvoice | null>(null);
  const [reason, setReason] = useState('');

  const pay = useMutation({
    mutationFn: (id: string) => payInvoice(id),
    onSuccess: (inv) => {
      notify('success', t('freelance.paidDone', { number: inv.number }));
      afterInvoicesChange();
    },
  });
  const reject = useMutation({
    mutationFn: ({ id, text }: { id: string; text: string }) => rejectInvoice(id, text),
    onSuccess: (inv) => {
      notify('success', t('freelance.rejectedDone', { number: inv.number }));
      setRejecting(null);
      setReason('');
      afterInvoicesChange();
    },
  });
  const download = useMutation({ mutationFn: (id: string) => downloadInvoicePdf(id) });

  const own = list.data?.own ?? false;
  const money = (cents: number) => `€ ${formatMoney(cents, lang)}`;
  const actions = (inv: FreelancerInvoice) => (
    <Group gap="xs" justify={narrow ? 'flex-start' : 'flex-end'} wrap="wrap">
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDownload size={14} aria-hidden />}
        onClick={() => download.mutate(inv.id)}
        aria-label={t('freelance.pdfOf', { number: inv.number })}
        data-testid="freelance-pdf"
      >
        PDF
      </Button>
      {inv.can.pay && (
        <Button size="xs" variant="default" onClick={() => pay.mutate(inv.id)} data-testid="freelance-pay">
          {t('freelance.markPaid')}
        </Button>
      )}
      {inv.can.reject && (
        <Button size="xs" variant="default" c="red.9" onClick={() => setRejecting(inv)} data-testid="freelance-reject">
          {t('freelance.reject')}
        </Button>
      )}
    </Group>
  );
  const status = (inv: FreelancerInvoice) => (
    <Badge color={STATUS_COLOR[inv.status]} variant="outline" c="dark" data-testid="freelance-status">
      {t(`freelance.status.${inv.status}`)}
    </Badge>
  );

  return (
    <DirectoryPage<FreelancerInvoice>
      testId="freelance"
      title={t('freelance.title')}
      subtitle={own ? t('freelance.subtitleOwn') : t('freelance.subtitleCompany')}
      intro={own && <NewInvoiceCard />}
      list={list}
      rows={list.data?.invoices}
      failed={{ title: t('freelance.failed'), retry: t('freelance.retry') }}
      empty={own ? t('freelance.emptyOwn') : t('freelance.emptyCompany')}
      rowTestId="freelance-invoice"
      card={(inv) => (
        <>
          <Group justify="space-between">
            <Text fw={600}>{inv.number}</Text>
            {status(inv)}
          </Group>
          {!own && <Text size="sm">{inv.freelancer.name}</Text>}
          <Text size="sm" c="dimmed">
            {formatDateRange(inv.from, inv.until, lang)}
          </Text>
          <Text fw={600}>{money(inv.totalCents)}</Text>
          {inv.rejectReason && <Text size="sm">{inv.rejectReason}</Text>}
          {actions(inv)}
        </>
      )}
      columns={[
        {
          key: 'number',
          header: t('freelance.number'),
          cell: (inv) => (
            <Text span fw={500} inherit>
              {inv.number}
            </Text>
          ),
        },
        ...(own
          ? []
          : [
              {
                key: 'freelancer',
                header: t('freelance.freelancer'),
                cell: (inv: FreelancerInvoice) => inv.freelancer.name,
              },
            ]),
        { key: 'period', header: t('freelance.period'), cell: (inv) => formatDateRange(inv.from, inv.until, lang) },
        { key: 'total', header: t('freelance.total'), cell: (inv) => money(inv.totalCents), align: 'right' },
        {
          key: 'status',
          header: t('freelance.statusLabel'),
          cell: (inv) => (
            <>
              {status(inv)}
              {inv.rejectReason && (
                <Text size="xs" c="dimmed">
                  {inv.rejectReason}
                </Text>
              )}
            </>
          ),
        },
        { key: 'actions', header: <VisuallyHidden>{t('freelance.actions')}</VisuallyHidden>, cell: actions },
      ]}
    >
      <PageDialog
        opened={rejecting !== null}
        onClose={() => setRejecting(null)}
        title={t('freelance.rejectTitle', { number: rejecting?.number ?? '' })}
      >
        <form
          onSubmit={(e) => {
            e.preventDefault();
            if (rejecting && reason.trim()) reject.mutate({ id: rejecting.id, text: reason.trim() });
          }}
          data-testid="freelance-reject-dialog"
        >
          <Stack>
            <Textarea
              label={t('freelance.reason')}
              required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-testid="freelance-reason"
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRejecting(null)}>
                {t('common.cancel')}
              </Button>
              <Button
                type="submit"
                color="red"
                loading={reject.isPending}
                disabled={!reason.trim()}
                data-testid="freelance-reject-confirm"
              >
                {t('freelance.reject')}
              </Button>
            </Group>
          </Stack>
        </form>
      </PageDialog>
    </DirectoryPage>
  );
}

import type { SubscriptionResponse } from '@app/contracts';
import { now, subscriptionAbilitiesOf } from '@app/domain';
import { Alert, Button, Card, Divider, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCheck, IconCircleDashed } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useLang, usePathTo } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { subscribe, subscriptionQuery } from './api';
import { euros, lifeOf } from './format';
import { useShadow, useSubscriptionChange } from './hooks';
import './subscription.css';

/**
 * `subscription/confirm` (owner only): the plan, the price, the invoice details and the mandate at a glance, what is
 * still missing, and the one button that subscribes (docs/product/subscription.md).
 */
export default function SubscriptionConfirmPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const navigate = useNavigate();
  const query = useQuery(subscriptionQuery);
  const shadow = useShadow();
  const { mutation, refusal } = useSubscriptionChange<void>(subscribe, t('subscriptionPage.confirm.done'), () =>
    navigate(pathTo('subscription')),
  );
  if (!query.data) return query.isPending ? <DelayedLoader /> : null;
  const data = query.data;
  const open = subscriptionAbilitiesOf(lifeOf(data), now()).subscribe;
  const ready = data.missing.length === 0;

  return (
    <Stack gap="lg" maw={760} data-testid="subscription-confirm-page" className="subscription-page">
      <PageTitle
        title={t('subscriptionPage.confirm.title')}
        subtitle={t('subscriptionPage.confirm.subtitle', { company: data.companyName })}
      />
      {!open && (
        <Alert color="blue" variant="light" data-testid="confirm-not-open">
          {t('subscriptionPage.confirm.notOpen', { status: t(`subscriptionPage.statuses.${data.status}`) })}{' '}
          <RouteLink route="subscription">{t('subscriptionPage.confirm.back')}</RouteLink>
        </Alert>
      )}
      <Card withBorder radius="md" padding="lg">
        <Stack gap="md">
          <Row
            done={!data.missing.includes('plan')}
            title={t('subscriptionPage.confirm.plan')}
            testId="confirm-plan"
            detail={
              data.plan
                ? t('subscriptionPage.confirm.planLine', {
                    plan: t(`subscriptionPage.plans.${data.plan}.name`),
                    price: data.priceCents === null ? '–' : euros(data.priceCents, lang),
                    billing: t(`subscriptionPage.plans.${data.billing}`),
                  })
                : t('subscriptionPage.confirm.planMissing')
            }
          />
          <Divider />
          <Row
            done={!data.missing.includes('invoiceDetails')}
            title={t('subscriptionPage.confirm.invoice')}
            testId="confirm-invoice"
            detail={
              data.invoice.invoiceAddress ? (
                <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
                  {[data.invoice.invoiceAddress, data.invoice.vatNumber].filter(Boolean).join('\n')}
                </Text>
              ) : (
                t('subscriptionPage.confirm.invoiceMissing')
              )
            }
          />
          <Divider />
          <Row
            done={!data.missing.includes('mandate')}
            title={t('subscriptionPage.confirm.mandate')}
            testId="confirm-mandate"
            detail={
              data.mandate
                ? t('subscriptionPage.confirm.mandateLine', {
                    holder: data.mandate.holder,
                    iban: data.mandate.ibanMasked,
                    reference: data.mandate.reference,
                  })
                : t('subscriptionPage.confirm.mandateMissing')
            }
          />
        </Stack>
      </Card>
      <Summary data={data} />
      {refusal && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          data-testid="confirm-refusal"
        >
          {refusal}
        </Alert>
      )}
      <Group justify="space-between" wrap="wrap-reverse" gap="sm">
        <RouteLink route="subscription" data-testid="confirm-back">
          {ready ? t('subscriptionPage.confirm.back') : t('subscriptionPage.confirm.complete')}
        </RouteLink>
        <Button
          size="md"
          disabled={!open || !ready || shadow}
          loading={mutation.isPending}
          onClick={() => mutation.mutate()}
          data-testid="confirm-subscribe"
        >
          {t('subscriptionPage.confirm.submit')}
        </Button>
      </Group>
    </Stack>
  );
}

function Row({
  done,
  title,
  detail,
  testId,
}: {
  done: boolean;
  title: string;
  detail: React.ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" data-testid={testId} data-done={done || undefined}>
      <ThemeIcon
        radius="xl"
        size="md"
        variant={done ? 'filled' : 'light'}
        color={done ? 'teal' : 'gray'}
        aria-label={done ? t('subscriptionPage.confirm.rowDone') : t('subscriptionPage.confirm.missing')}
        role="img"
      >
        {done ? <IconCheck size={14} aria-hidden /> : <IconCircleDashed size={14} aria-hidden />}
      </ThemeIcon>
      <Stack gap={2} style={{ minWidth: 0 }}>
        <Text fw={600}>{title}</Text>
        {typeof detail === 'string' ? (
          <Text size="sm" c="dimmed">
            {detail}
          </Text>
        ) : (
          detail
        )}
      </Stack>
    </Group>
  );
}

function Summary({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Card withBorder radius="md" padding="lg" className="subscription-summary" data-testid="confirm-summary">
      <Stack gap="xs">
        <Title order={3} size="h4">
          {t('subscriptionPage.confirm.summary')}
        </Title>
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm">{t('subscriptionPage.confirm.employees', { count: data.billableEmployees })}</Text>
          <Text size="xl" fw={800} data-testid="confirm-estimate">
            {data.estimateCents === null ? '–' : euros(data.estimateCents, lang)}
          </Text>
        </Group>
        <Text size="xs" c="dimmed">
          {data.discount
            ? t('subscriptionPage.figures.estimateDiscount', { percent: data.discount.percent })
            : t('subscriptionPage.figures.estimateHint')}
        </Text>
        <Text size="sm">
          {t(
            data.billing === 'advance'
              ? 'subscriptionPage.confirm.whenAdvance'
              : 'subscriptionPage.confirm.whenArrears',
          )}
        </Text>
        <Text size="sm" c="dimmed">
          {t('subscriptionPage.confirm.cancelAnytime')}
        </Text>
      </Stack>
    </Card>
  );
}

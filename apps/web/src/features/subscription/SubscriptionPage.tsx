import { InvoiceDetailsRequest, PLANS, type PlanType, type SubscriptionResponse } from '@app/contracts';
import { daysLeft, now, subscriptionAbilitiesOf } from '@app/domain';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconAlertTriangle, IconCheck, IconTicket, IconUsers } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type ApiError, isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { useLang, usePathTo } from '../../app/useLang';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { PageTitle } from '../../ui/PageTitle';
import { InvoiceList } from '../billing/InvoiceList';
import { SettingsForm } from '../settings/SettingsForm';
import {
  applyDiscount,
  cancelSubscription,
  choosePlan,
  redeemLicense,
  resumeSubscription,
  saveInvoiceDetails,
  subscriptionQuery,
} from './api';
import { DeleteAccountCard } from './DeleteAccountDialog';
import { day, euros, lifeOf } from './format';
import { useSubscriptionChange, useSubscriptionUpdate, worded } from './hooks';
import { MandateCard } from './MandateDialog';
import './subscription.css';

/**
 * `subscription` (owner only; docs/product/subscription.md): where the account stands, the plans with their price
 * per employee and the estimate, the invoice details, the direct-debit mandate, codes, cancelling and resuming, and
 * deleting the account with everything in it.
 */
export default function SubscriptionPage() {
  const { t } = useTranslation();
  const query = useQuery(subscriptionQuery);
  if (!query.data) return query.isPending ? <DelayedLoader /> : null;
  const data = query.data;
  return (
    <Stack gap="lg" data-testid="subscription-page" className="subscription-page">
      <PageTitle title={t('subscriptionPage.title')} subtitle={data.companyName} />
      <StatusCard data={data} />
      <PlansSection data={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <InvoiceDetailsCard data={data} />
        <MandateCard data={data} />
      </SimpleGrid>
      <CodesCard data={data} />
      <Stack gap="xs" component="section" aria-labelledby="subscription-invoices">
        <Title order={2} size="h4" id="subscription-invoices">
          {t('billing.title')}
        </Title>
        <InvoiceList />
      </Stack>
      <DeleteAccountCard data={data} />
    </Stack>
  );
}

/** Filled badges in shades dark enough for white text at 4.5:1 (WCAG AA). */
const STATUS_COLOR: Record<string, string> = {
  trial: 'blue.9',
  active: 'teal.9',
  license: 'teal.9',
  cancelled: 'gray.8',
  expired: 'red.9',
  demo: 'grape.8',
};

function StatusCard({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  const pathTo = usePathTo();
  const update = useSubscriptionUpdate();
  const change = useMutation({
    mutationFn: (action: 'cancel' | 'resume') => (action === 'cancel' ? cancelSubscription() : resumeSubscription()),
    meta: { handled: worded },
    onError: (e) => {
      if (isApiError(e) && worded(e)) notify('warning', errorMessage(e.body));
    },
    onSuccess: (next, action) => {
      update(next);
      notify(
        'success',
        t(action === 'cancel' ? 'subscriptionPage.status.cancelled' : 'subscriptionPage.status.resumed'),
      );
    },
  });
  const end = data.status === 'trial' || data.status === 'demo' ? data.trialEndsAt : data.periodEndsAt;
  const left = end ? daysLeft(new Date(end), now()) : null;
  const can = subscriptionAbilitiesOf(lifeOf(data), now());

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: t('subscriptionPage.status.cancelTitle'),
      closeButtonProps: { 'aria-label': t('common.close') },
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {t('subscriptionPage.status.cancelText', { date: data.periodEndsAt ? day(data.periodEndsAt, lang) : '–' })}
          </Text>
          <Text size="sm" c="dimmed">
            {t('subscriptionPage.status.cancelHint')}
          </Text>
        </Stack>
      ),
      labels: { confirm: t('subscriptionPage.status.cancel'), cancel: t('subscriptionPage.status.keep') },
      confirmProps: { color: 'red' },
      onConfirm: () => change.mutate('cancel'),
    });

  return (
    <Card withBorder radius="md" padding="lg" data-testid="subscription-status">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4}>
            <Group gap="xs">
              <Title order={3} size="h4">
                {t('subscriptionPage.status.heading')}
              </Title>
              <Badge
                color={STATUS_COLOR[data.status] ?? 'gray.8'}
                variant="filled"
                data-testid="subscription-status-badge"
              >
                {t(`subscriptionPage.statuses.${data.status}`)}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed" data-testid="subscription-status-line">
              {statusLine(t, data, lang, left)}
            </Text>
          </Stack>
          <Group gap="xs">
            {can.subscribe && (
              <Button component={Link} to={pathTo('subscriptionConfirm')} data-testid="subscription-subscribe">
                {t('subscriptionPage.status.subscribe')}
              </Button>
            )}
            {can.resume && (
              <Button
                variant="light"
                loading={change.isPending}
                onClick={() => change.mutate('resume')}
                data-testid="subscription-resume"
              >
                {t('subscriptionPage.status.resume')}
              </Button>
            )}
            {can.cancel && (
              <Button variant="default" onClick={confirmCancel} data-testid="subscription-cancel">
                {t('subscriptionPage.status.cancel')}
              </Button>
            )}
          </Group>
        </Group>
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <Figure
            label={t('subscriptionPage.figures.employees')}
            value={String(data.billableEmployees)}
            testId="billable"
          />
          <Figure
            label={t('subscriptionPage.figures.price')}
            value={data.priceCents === null ? '–' : euros(data.priceCents, lang)}
            testId="price"
          />
          <Figure
            label={t('subscriptionPage.figures.estimate')}
            value={data.estimateCents === null ? '–' : euros(data.estimateCents, lang)}
            hint={
              data.discount
                ? t('subscriptionPage.figures.estimateDiscount', { percent: data.discount.percent })
                : t('subscriptionPage.figures.estimateHint')
            }
            testId="estimate"
          />
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          {t('subscriptionPage.figures.who')}
        </Text>
      </Stack>
    </Card>
  );
}

function statusLine(
  t: (key: string, o?: Record<string, unknown>) => string,
  data: SubscriptionResponse,
  lang: string,
  left: number | null,
): string {
  const date = (iso: string | null) => (iso ? day(iso, lang) : '–');
  switch (data.status) {
    case 'trial':
    case 'demo':
      return t('subscriptionPage.status.trialEnds', { date: date(data.trialEndsAt), count: left ?? 0 });
    case 'active':
      return data.periodEndsAt
        ? t('subscriptionPage.status.activeUntil', { date: date(data.periodEndsAt) })
        : t('subscriptionPage.status.activeOpen');
    case 'cancelled':
      return t('subscriptionPage.status.cancelledUntil', { date: date(data.periodEndsAt) });
    case 'license':
      return data.periodEndsAt
        ? t('subscriptionPage.status.licenseUntil', { date: date(data.periodEndsAt) })
        : t('subscriptionPage.status.licenseOpen');
    case 'expired':
      return t('subscriptionPage.status.expired');
    default:
      return t('subscriptionPage.status.free');
  }
}

function Figure({ label, value, hint, testId }: { label: string; value: string; hint?: string; testId: string }) {
  return (
    <Card withBorder radius="md" padding="sm" className="subscription-figure">
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`subscription-${testId}`}>
        {value}
      </Text>
      {hint && (
        <Text size="xs" c="dimmed">
          {hint}
        </Text>
      )}
    </Card>
  );
}

function PlansSection({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { mutation, refusal } = useSubscriptionChange(choosePlan, t('subscriptionPage.plans.saved'));
  const licensed = data.status === 'license';
  const shown: PlanType[] = ['fix', 'flex'];
  if (data.plan === 'legacy' || data.plan === 'custom') shown.push(data.plan);
  const ownPlan = data.plan === 'fix' || data.plan === 'flex' ? data.plan : null;

  return (
    <Stack gap="sm" component="section" aria-labelledby="subscription-plans">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={3} size="h4" id="subscription-plans">
            {t('subscriptionPage.plans.heading')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('subscriptionPage.plans.intro')}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="subscription-billing-label">
            {t('subscriptionPage.plans.billing')}
          </Text>
          <SegmentedControl
            aria-labelledby="subscription-billing-label"
            value={data.billing}
            disabled={!ownPlan || licensed || mutation.isPending}
            onChange={(value) => {
              if (ownPlan) mutation.mutate({ plan: ownPlan, billing: value as 'advance' | 'arrears' });
            }}
            data={[
              { value: 'advance', label: t('subscriptionPage.plans.advance') },
              { value: 'arrears', label: t('subscriptionPage.plans.arrears') },
            ]}
            data-testid="subscription-billing"
          />
        </Stack>
      </Group>
      {refusal && (
        <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {refusal}
        </Alert>
      )}
      {licensed && (
        <Alert color="blue" variant="light">
          {t('subscriptionPage.plans.licensed', { code: data.licenseCode ?? '' })}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: shown.length > 2 ? 3 : 2 }} spacing="md">
        {shown.map((plan) => {
          const current = data.plan === plan;
          const price = current ? data.priceCents : PLANS[plan].priceCents;
          const max = current ? data.maxEmployees : PLANS[plan].maxEmployees;
          const selectable = PLANS[plan].selectable && !licensed;
          const full = max !== null && data.billableEmployees > max;
          return (
            <Card
              key={plan}
              withBorder
              radius="md"
              padding="lg"
              className="subscription-plan"
              data-current={current || undefined}
              data-testid={`plan-${plan}`}
            >
              <Stack gap="sm" h="100%">
                <Group justify="space-between" wrap="nowrap">
                  <Title order={4}>{t(`subscriptionPage.plans.${plan}.name`)}</Title>
                  {current && (
                    <Badge variant="filled" color="blue.9" leftSection={<IconCheck size={12} aria-hidden />}>
                      {t('subscriptionPage.plans.current')}
                    </Badge>
                  )}
                </Group>
                <Text size="sm" c="dimmed">
                  {t(`subscriptionPage.plans.${plan}.description`)}
                </Text>
                <Group gap={6} align="baseline">
                  <Text fz={28} fw={800} lh={1}>
                    {price === null ? t('subscriptionPage.plans.negotiated') : euros(price, lang)}
                  </Text>
                  {price !== null && (
                    <Text size="sm" c="dimmed">
                      {t('subscriptionPage.plans.perEmployee')}
                    </Text>
                  )}
                </Group>
                <List
                  size="sm"
                  spacing={4}
                  icon={
                    <ThemeIcon size={18} radius="xl" variant="light">
                      <IconUsers size={12} aria-hidden />
                    </ThemeIcon>
                  }
                >
                  <List.Item>
                    {max === null ? t('subscriptionPage.plans.noMax') : t('subscriptionPage.plans.max', { count: max })}
                  </List.Item>
                  {price !== null && (
                    <List.Item>
                      {t('subscriptionPage.plans.estimate', {
                        amount: euros(price * data.billableEmployees, lang),
                        count: data.billableEmployees,
                      })}
                    </List.Item>
                  )}
                </List>
                {selectable && !current && (
                  <Button
                    mt="auto"
                    variant="light"
                    fullWidth
                    disabled={full}
                    loading={mutation.isPending && mutation.variables?.plan === plan}
                    onClick={() => mutation.mutate({ plan: plan as 'fix' | 'flex', billing: data.billing })}
                    data-testid={`plan-${plan}-choose`}
                  >
                    {full ? t('subscriptionPage.plans.tooSmall') : t('subscriptionPage.plans.choose')}
                  </Button>
                )}
              </Stack>
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

function InvoiceDetailsCard({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  const update = useSubscriptionUpdate();
  const { country: _country, ...initial } = data.invoice;
  return (
    <Stack gap="sm" component="section" aria-labelledby="subscription-invoice">
      <Title order={3} size="h4" id="subscription-invoice">
        {t('subscriptionPage.invoice.heading')}
      </Title>
      <SettingsForm
        schema={InvoiceDetailsRequest}
        initial={initial}
        save={saveInvoiceDetails}
        fromSaved={(saved: SubscriptionResponse) => {
          const { country: _c, ...rest } = saved.invoice;
          return rest;
        }}
        onSaved={update}
        savedMessage={t('subscriptionPage.invoice.saved')}
        testId="invoice-details"
      >
        {(form) => (
          <Stack gap="sm">
            <Textarea
              label={t('subscriptionPage.invoice.address')}
              autosize
              minRows={3}
              required
              {...form.getInputProps('invoiceAddress')}
              data-testid="invoice-address"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TextInput
                label={t('subscriptionPage.invoice.vatNumber')}
                description={t('subscriptionPage.invoice.vatHint')}
                {...form.getInputProps('vatNumber')}
                data-testid="invoice-vat"
              />
              <TextInput
                label={t('subscriptionPage.invoice.registrationNumber')}
                description={t('subscriptionPage.invoice.registrationHint')}
                {...form.getInputProps('registrationNumber')}
                data-testid="invoice-registration"
              />
            </SimpleGrid>
            <TextInput
              type="email"
              label={t('subscriptionPage.invoice.email')}
              description={t('subscriptionPage.invoice.emailHint')}
              {...form.getInputProps('invoiceEmail')}
              data-testid="invoice-email"
            />
          </Stack>
        )}
      </SettingsForm>
    </Stack>
  );
}

function CodesCard({ data }: { data: SubscriptionResponse }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="subscription-codes">
      <Stack gap="sm">
        <Group gap="xs">
          <ThemeIcon variant="light" radius="xl">
            <IconTicket size={16} aria-hidden />
          </ThemeIcon>
          <Title order={3} size="h4" id="subscription-codes">
            {t('subscriptionPage.codes.heading')}
          </Title>
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
          <CodeForm
            kind="discount"
            current={data.discount ? t('subscriptionPage.codes.discountActive', data.discount) : null}
          />
          <CodeForm
            kind="license"
            current={data.licenseCode ? t('subscriptionPage.codes.licenseActive', { code: data.licenseCode }) : null}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}

function CodeForm({ kind, current }: { kind: 'discount' | 'license'; current: string | null }) {
  const { t } = useTranslation();
  const update = useSubscriptionUpdate();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: () => (kind === 'discount' ? applyDiscount({ code }) : redeemLicense({ code })),
    meta: { handled: (e: ApiError) => worded(e) || e.status === 422 },
    onMutate: () => setError(null),
    onError: (e) => {
      if (isApiError(e)) setError(e.status === 422 ? t('subscriptionPage.errors.code') : errorMessage(e.body));
    },
    onSuccess: (next) => {
      update(next);
      setCode('');
      notify(
        'success',
        t(kind === 'discount' ? 'subscriptionPage.codes.discountApplied' : 'subscriptionPage.codes.licenseApplied'),
      );
    },
  });
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        if (code.trim()) mutation.mutate();
      }}
      noValidate
      data-testid={`code-${kind}`}
    >
      <Stack gap={6}>
        <TextInput
          label={t(kind === 'discount' ? 'subscriptionPage.codes.discount' : 'subscriptionPage.codes.license')}
          description={t(
            kind === 'discount' ? 'subscriptionPage.codes.discountHint' : 'subscriptionPage.codes.licenseHint',
          )}
          value={code}
          onChange={(e) => setCode(e.currentTarget.value)}
          error={error}
          autoComplete="off"
          rightSectionWidth={96}
          rightSectionPointerEvents="all"
          rightSection={
            <Button
              type="submit"
              size="compact-sm"
              variant="light"
              loading={mutation.isPending}
              data-testid={`code-${kind}-apply`}
            >
              {t('subscriptionPage.codes.apply')}
            </Button>
          }
          data-testid={`code-${kind}-input`}
        />
        {current && (
          <Text size="sm" c="teal.8" data-testid={`code-${kind}-current`}>
            {current}
          </Text>
        )}
      </Stack>
    </form>
  );
}

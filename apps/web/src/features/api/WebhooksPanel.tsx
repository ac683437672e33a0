import type { WebhookEndpoint } from '@app/contracts';
import { Badge, Button, Card, Group, Stack, Switch, Table, Text, Title } from '@mantine/core';
import { IconPlus, IconSend, IconWebhook } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { formatDateTime } from '../../ui/format';
import { apiKeys, deleteWebhook, deliveriesQuery, testWebhook, updateWebhook } from './api';
import { eventKey, WebhookDialog } from './WebhookDialog';

/** The endpoint's last deliveries: event, state, tries and the receiver's status. */
function DeliveryLog({ id }: { id: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const log = useQuery(deliveriesQuery(id));
  if (!log.data) return null;
  if (log.data.length === 0) return <Text size="sm">{t('api.webhooks.noDeliveries')}</Text>;
  return (
    <Table.ScrollContainer minWidth={420}>
      <Table striped data-testid="webhook-deliveries">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('api.webhooks.log.when')}</Table.Th>
            <Table.Th>{t('api.webhooks.log.event')}</Table.Th>
            <Table.Th>{t('api.webhooks.log.state')}</Table.Th>
            <Table.Th>{t('api.webhooks.log.response')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {log.data.map((d) => (
            <Table.Tr key={d.id} data-status={d.status}>
              <Table.Td>{formatDateTime(d.lastAttemptAt ?? d.createdAt, lang)}</Table.Td>
              <Table.Td>{t(eventKey(d.event))}</Table.Td>
              <Table.Td>
                {t(`api.webhooks.log.${d.status}`)}
                {d.attempts > 1 && ` · ${t('api.webhooks.log.attempts', { count: d.attempts })}`}
              </Table.Td>
              <Table.Td>{d.responseStatus ?? t('api.webhooks.log.unreachable')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** One endpoint: its address and events, whether it is on, the test button, its log, removing it. */
function EndpointCard({ endpoint }: { endpoint: WebhookEndpoint }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [showLog, setShowLog] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: apiKeys.webhooks() });
  const toggle = useMutation({
    mutationFn: (enabled: boolean) =>
      updateWebhook(endpoint.id, {
        url: endpoint.url,
        description: endpoint.description,
        events: endpoint.events,
        enabled,
      }),
    onSuccess: () => void refresh(),
  });
  const test = useMutation({
    mutationFn: () => testWebhook(endpoint.id),
    onSuccess: (res) => {
      if (res.ok) notify('success', t('api.webhooks.testOk', { status: res.responseStatus }));
      else
        notify(
          'error',
          res.responseStatus === null
            ? t('api.webhooks.testUnreachable')
            : t('api.webhooks.testFailed', { status: res.responseStatus }),
        );
      void refresh();
      void queryClient.invalidateQueries({ queryKey: apiKeys.deliveries(endpoint.id) });
    },
  });
  const remove = useMutation({
    mutationFn: async () => {
      const sure = await confirmAsync({
        title: t('api.webhooks.removeTitle'),
        message: t('api.webhooks.removeConfirm', { url: endpoint.url }),
        confirm: t('api.webhooks.remove'),
        danger: true,
      });
      if (sure) await deleteWebhook(endpoint.id);
      return sure;
    },
    onSuccess: (done) => {
      if (done) void refresh();
    },
  });
  const state = endpoint.enabled ? 'on' : endpoint.disabledReason === 'failures' ? 'failures' : 'off';
  return (
    <Card withBorder padding="md" radius="md" data-testid="webhook-row" data-state={state}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
              {endpoint.url}
            </Text>
            {endpoint.description && <Text size="sm">{endpoint.description}</Text>}
          </Stack>
          <Badge
            variant="light"
            color={state === 'on' ? 'green' : state === 'failures' ? 'red' : 'gray'}
            // Dark text on the light tint: green's own shade is too pale to read on it.
            c={state === 'failures' ? 'red.9' : 'dark.7'}
            style={{ flexShrink: 0 }}
          >
            {t(`api.webhooks.state.${state}`)}
          </Badge>
        </Group>
        <Group gap={4}>
          {endpoint.events.map((event) => (
            <Badge key={event} variant="outline" color="gray" c="dark.7">
              {t(eventKey(event))}
            </Badge>
          ))}
        </Group>
        {state === 'failures' && (
          <Text size="sm" c="red.9">
            {t('api.webhooks.switchedOff')}
          </Text>
        )}
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Switch
            checked={endpoint.enabled}
            onChange={(e) => toggle.mutate(e.currentTarget.checked)}
            disabled={toggle.isPending}
            label={t('api.webhooks.enabled')}
            data-testid="webhook-enabled"
          />
          <Group gap="xs">
            <Button size="xs" variant="default" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
              {t(showLog ? 'api.webhooks.hideLog' : 'api.webhooks.showLog')}
            </Button>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconSend size={14} aria-hidden />}
              onClick={() => test.mutate()}
              loading={test.isPending}
              data-testid="webhook-test"
            >
              {t('api.webhooks.test')}
            </Button>
            <Button size="xs" variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
              {t('api.webhooks.remove')}
            </Button>
          </Group>
        </Group>
        {showLog && <DeliveryLog id={endpoint.id} />}
      </Stack>
    </Card>
  );
}

/** The account's webhook endpoints (owners). */
export function WebhooksPanel({ endpoints }: { endpoints: WebhookEndpoint[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Stack gap="sm" data-testid="webhooks">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} size="h4">
            {t('api.webhooks.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('api.webhooks.intro')}
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setOpen(true)}
          data-testid="webhook-new"
        >
          {t('api.webhooks.new')}
        </Button>
      </Group>
      {endpoints.length === 0 ? (
        <Card withBorder padding="lg" radius="md">
          <Group gap="sm" wrap="nowrap">
            <IconWebhook size={20} aria-hidden />
            <Text>{t('api.webhooks.empty')}</Text>
          </Group>
        </Card>
      ) : (
        endpoints.map((endpoint) => <EndpointCard key={endpoint.id} endpoint={endpoint} />)
      )}
      <WebhookDialog opened={open} onClose={() => setOpen(false)} />
    </Stack>
  );
}

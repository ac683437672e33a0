import { NotificationChannel, type NotificationSettings, type NotificationSettingsResponse } from '@app/contracts';
import { notificationGroups } from '@app/domain';
import { Alert, Badge, Button, Card, Group, Paper, Skeleton, Stack, Switch, Text, Title } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { PageTitle } from '../../ui/PageTitle';
import { currentPushSubscription, disablePush, enablePush, pushSupported, saveSettings, settingsQuery } from './api';

/**
 * `notifications`: per event and channel, how the member is told, in a section per module with a save bar that stays
 * in view while there are changes (docs/product/notifications.md); this browser's push subscription.
 */
export default function NotificationsPage() {
  const { t } = useTranslation();
  const query = useQuery(settingsQuery);
  return (
    <Stack gap="lg" data-testid="notifications-page" maw={880}>
      <PageTitle title={t('notifications.page.title')} subtitle={t('notifications.page.subtitle')} />
      {query.isPending && (
        <Stack>
          <Skeleton h={90} />
          <Skeleton h={300} />
        </Stack>
      )}
      {query.isError && (
        <Alert color="red" title={t('notifications.error')}>
          <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {query.data && (
        <>
          <PushCard data={query.data} />
          <SettingsForm data={query.data} />
        </>
      )}
    </Stack>
  );
}

function PushCard({ data }: { data: NotificationSettingsResponse }) {
  const { t } = useTranslation();
  const supported = pushSupported();
  const [here, setHere] = useState<boolean | null>(null);
  const [denied, setDenied] = useState(false);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-read when the server's device count changes
  useEffect(() => {
    currentPushSubscription()
      .then((s) => setHere(Boolean(s)))
      .catch(() => setHere(false));
  }, [data.pushDevices]);
  // The browser's push service can fail as well as the API: any failure is the one message "push failed".
  const push = useMutation({
    mutationFn: async (fn: () => Promise<unknown>) => {
      try {
        await fn();
        return true;
      } catch {
        return false;
      }
    },
    onSuccess: (done) => {
      if (!done) notify('error', t('notifications.push.failed'));
    },
  });
  const busy = push.isPending;
  const run = (fn: () => Promise<unknown>) => push.mutate(fn);
  return (
    <Card withBorder padding="lg" data-testid="push-card">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={3} size="h4">
            {t('notifications.push.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {!supported
              ? t('notifications.push.unsupported')
              : here
                ? t('notifications.push.on')
                : t('notifications.push.off')}
          </Text>
          <Text size="xs" c="dimmed" data-testid="push-devices">
            {t('notifications.push.devices', { count: data.pushDevices })}
          </Text>
          {denied && (
            <Text size="sm" c="red">
              {t('notifications.push.denied')}
            </Text>
          )}
        </Stack>
        {supported &&
          (here ? (
            <Button variant="default" loading={busy} onClick={() => run(disablePush)}>
              {t('notifications.push.disable')}
            </Button>
          ) : (
            <Button
              loading={busy}
              onClick={() =>
                run(async () => {
                  const result = await enablePush(data.pushKey);
                  setDenied(result === 'denied');
                })
              }
            >
              {t('notifications.push.enable')}
            </Button>
          ))}
      </Group>
    </Card>
  );
}

const same = (a: NotificationSettings, b: NotificationSettings) => JSON.stringify(a) === JSON.stringify(b);

function SettingsForm({ data }: { data: NotificationSettingsResponse }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<NotificationSettings>(data.settings);
  // A new answer from the server resets the form.
  useEffect(() => setValues(data.settings), [data]);
  const dirty = !same(values, data.settings);
  const active = new Map(data.events.map((e) => [e.event, e.active]));

  // A failed save is said on the page (the settings stay as typed); the shared mapping stays silent about it.
  const saving = useMutation({
    mutationFn: saveSettings,
    meta: { handled: () => true },
    onSuccess: () => notify('success', t('notifications.page.saved')),
  });
  const failed = saving.isError;
  const save = () => saving.mutate(values);
  useEffect(() => {
    if (!dirty) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 's') {
        e.preventDefault();
        save();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  return (
    <Stack gap="sm">
      <Title order={3} size="h4">
        {t('notifications.page.events')}
      </Title>
      {notificationGroups().map((group) => (
        <Stack
          key={group.module}
          gap="xs"
          component="section"
          aria-labelledby={`notification-group-${group.module}`}
          data-testid={`notification-group-${group.module}`}
        >
          <Title order={4} size="h5" id={`notification-group-${group.module}`}>
            {t(`notifications.groups.${group.module}`)}
          </Title>
          <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {group.events.map((event) => {
              const on = active.get(event) ?? true;
              const label = t(`notifications.events.${event}`);
              return (
                <Paper component="li" withBorder p="md" key={event} data-testid={`event-${event}`}>
                  <Group justify="space-between" wrap="wrap" gap="sm">
                    <Stack gap={2} style={{ flex: '1 1 220px' }}>
                      <Group gap="xs">
                        <Text fw={600}>{label}</Text>
                        {!on && (
                          <Badge size="xs" color="gray" variant="light">
                            {t('notifications.page.inactive')}
                          </Badge>
                        )}
                      </Group>
                      <Text size="xs" c="dimmed">
                        {t(`notifications.eventHints.${event}`)}
                      </Text>
                    </Stack>
                    <Group gap="lg" wrap="wrap">
                      {NotificationChannel.options.map((channel) => (
                        <Switch
                          key={channel}
                          label={t(`notifications.channels.${channel}`)}
                          aria-label={`${label}: ${t(`notifications.channels.${channel}`)}`}
                          checked={values[event][channel]}
                          disabled={!on}
                          onChange={(e) => {
                            const checked = e.currentTarget.checked;
                            setValues((v) => ({ ...v, [event]: { ...v[event], [channel]: checked } }));
                          }}
                          data-testid={`switch-${event}-${channel}`}
                        />
                      ))}
                    </Group>
                  </Group>
                </Paper>
              );
            })}
          </Stack>
        </Stack>
      ))}
      {failed && (
        <Alert color="red" data-testid="notifications-save-failed">
          {t('notifications.page.saveFailed')}
        </Alert>
      )}
      {dirty && (
        <Paper withBorder shadow="md" p="sm" className="notifications-savebar" data-testid="notifications-savebar">
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{t('notifications.page.unsaved')}</Text>
            <Group gap="xs">
              <Button variant="default" onClick={() => setValues(data.settings)}>
                {t('common.reset')}
              </Button>
              <Button loading={saving.isPending} onClick={save} data-testid="notifications-save">
                {t('common.save')}
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
    </Stack>
  );
}

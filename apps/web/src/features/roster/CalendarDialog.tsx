import { Alert, Button, CopyButton, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { IconCalendarShare } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { ToolbarButton } from '../../ui/ToolbarButton';
import { calendarFeedCalls, calendarFeedQuery, rosterKeys } from './api';
import { askConfirm } from './useItemEdit';

/**
 * The calendar subscription: a personal iCal address of the member's released duties. The address is shown once
 * when it is made (only its hash is stored); renewing replaces it, removing revokes it.
 */
export function CalendarDialog({ locale, compact }: { locale: string; compact: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [created, setCreated] = useState<{ url: string; webcal: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const state = useQuery({ ...calendarFeedQuery, enabled: opened });
  const active = state.data?.active ?? false;

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try {
      await action();
      await queryClient.invalidateQueries({ queryKey: rosterKeys.calendarFeed() });
    } catch (error) {
      handleApiError(error);
    } finally {
      setBusy(false);
    }
  };

  const create = () =>
    run(async () => {
      if (active && !(await askConfirm(t('roster.calendarFeed.renewConfirm'), t('roster.calendarFeed.renew')))) return;
      setCreated(await calendarFeedCalls.create());
    });
  const remove = () =>
    run(async () => {
      if (!(await askConfirm(t('roster.calendarFeed.removeConfirm'), t('roster.calendarFeed.remove')))) return;
      await calendarFeedCalls.remove();
      setCreated(null);
      notify('success', t('roster.calendarFeed.removed'));
    });

  const close = () => {
    setOpened(false);
    setCreated(null);
  };

  return (
    <>
      <ToolbarButton
        compact={compact}
        icon=<IconCalendarShare size={16} aria-hidden />
        label={t('roster.calendarFeed.button')}
        onClick={() => setOpened(true)}
        data-testid="calendar-feed-open"
      />
      <Modal
        opened={opened}
        onClose={close}
        title={t('roster.calendarFeed.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <Stack gap="sm" data-testid="calendar-feed-dialog">
          <Text size="sm">{t('roster.calendarFeed.intro')}</Text>
          {created ? (
            <Stack gap="xs">
              <TextInput
                label={t('roster.calendarFeed.address')}
                value={created.url}
                readOnly
                onFocus={(e) => e.currentTarget.select()}
                data-testid="calendar-feed-url"
              />
              <Group gap="xs">
                <CopyButton value={created.url}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant={copied ? 'light' : 'filled'} onClick={copy}>
                      {copied ? t('roster.calendarFeed.copied') : t('roster.calendarFeed.copy')}
                    </Button>
                  )}
                </CopyButton>
                <Button size="xs" variant="default" component="a" href={created.webcal}>
                  {t('roster.calendarFeed.openApp')}
                </Button>
              </Group>
              <Alert color="yellow" variant="light" p="xs">
                <Text size="xs" c="dark.7">
                  {t('roster.calendarFeed.secret')}
                </Text>
              </Alert>
            </Stack>
          ) : (
            state.data && (
              <Text size="sm" c="gray.7">
                {active && state.data.createdAt
                  ? t('roster.calendarFeed.active', {
                      date: new Date(state.data.createdAt).toLocaleDateString(locale, { dateStyle: 'medium' }),
                    })
                  : t('roster.calendarFeed.none')}
              </Text>
            )
          )}
          <Group justify="flex-end" gap="xs">
            {active && (
              <Button variant="subtle" color="red" onClick={() => void remove()} disabled={busy}>
                {t('roster.calendarFeed.remove')}
              </Button>
            )}
            <Button onClick={() => void create()} loading={busy} data-testid="calendar-feed-create">
              {active ? t('roster.calendarFeed.renew') : t('roster.calendarFeed.create')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

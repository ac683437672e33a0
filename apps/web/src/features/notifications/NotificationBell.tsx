import { localizedPath, notificationPath, unreadBubble } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Indicator,
  Popover,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  UnstyledButton,
} from '@mantine/core';
import { IconBell, IconX } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useLang } from '../../app/useLang';
import { listQuery, markRead, removeNotification, useUnreadNotifications } from './api';
import { formatWhen, notificationText } from './text';
import './notifications.css';

/** The header's bell: the unread count, and a panel with the member's notifications (docs/product/notifications.md). */
export function NotificationBell() {
  const { t } = useTranslation();
  const lang = useLang();
  const [opened, setOpened] = useState(false);
  const unread = useUnreadNotifications();
  const bubble = unreadBubble(unread);
  return (
    <Indicator label={bubble} disabled={!bubble} size={16} color="red" offset={4} inline>
      <Popover
        opened={opened}
        onChange={setOpened}
        width={380}
        position="bottom-end"
        shadow="md"
        trapFocus
        returnFocus
        withinPortal
      >
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => setOpened((o) => !o)}
            aria-label={t('notifications.bell', { count: unread })}
            data-testid="notifications-bell"
            data-unread={unread}
          >
            <IconBell size={20} />
          </ActionIcon>
        </Popover.Target>
        <Popover.Dropdown p={0} className="notifications-dropdown">
          {opened && <Panel lang={lang} unread={unread} onNavigate={() => setOpened(false)} />}
        </Popover.Dropdown>
      </Popover>
    </Indicator>
  );
}

function Panel({
  lang,
  unread,
  onNavigate,
}: {
  lang: ReturnType<typeof useLang>;
  unread: number;
  onNavigate: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useInfiniteQuery(listQuery);
  const items = list.data?.pages.flatMap((p) => p.notifications) ?? [];
  return (
    <Stack gap={0} data-testid="notifications-panel">
      <Group justify="space-between" px="md" py="sm" className="notifications-head">
        <Text fw={600} component="h2" size="md" m={0}>
          {t('notifications.title')}
        </Text>
        <Group gap="xs">
          {unread > 0 && (
            <Button
              size="compact-xs"
              variant="subtle"
              onClick={() => markRead('all')}
              data-testid="notifications-read-all"
            >
              {t('notifications.markAllRead')}
            </Button>
          )}
          <Anchor component={Link} to={localizedPath('notifications', lang)} size="xs" onClick={onNavigate}>
            {t('notifications.settingsLink')}
          </Anchor>
        </Group>
      </Group>
      <ScrollArea.Autosize mah={440} type="auto">
        {list.isPending && (
          <Stack p="md" gap="sm">
            <Skeleton h={36} />
            <Skeleton h={36} />
            <Skeleton h={36} />
          </Stack>
        )}
        {list.isError && (
          <Alert color="red" m="md" title={t('notifications.error')}>
            <Button size="compact-xs" variant="light" onClick={() => list.refetch()}>
              {t('common.reload')}
            </Button>
          </Alert>
        )}
        {list.isSuccess && items.length === 0 && (
          <Text c="dimmed" size="sm" p="md" data-testid="notifications-empty">
            {t('notifications.empty')}
          </Text>
        )}
        <ul className="notifications-list" aria-label={t('notifications.title')}>
          {items.map((n) => (
            <li
              key={n.id}
              className={n.readAt ? 'notification' : 'notification notification-unread'}
              data-testid="notification"
            >
              <UnstyledButton
                className="notification-main"
                onClick={async () => {
                  if (!n.readAt) await markRead([n.id]).catch(() => undefined);
                  onNavigate();
                  navigate(notificationPath(n.event, n.data, lang));
                }}
              >
                <Text size="sm" fw={n.readAt ? 400 : 600}>
                  {notificationText(t, n, lang)}
                </Text>
                <Group gap={6} mt={2}>
                  {!n.readAt && (
                    <Badge size="xs" variant="light" color="blue">
                      {t('notifications.new')}
                    </Badge>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatWhen(n.createdAt, lang)}
                  </Text>
                </Group>
              </UnstyledButton>
              <ActionIcon
                variant="subtle"
                color="gray"
                size="sm"
                aria-label={t('notifications.remove')}
                onClick={() => removeNotification(n.id)}
              >
                <IconX size={14} />
              </ActionIcon>
            </li>
          ))}
        </ul>
        {list.hasNextPage && (
          <Group justify="center" p="sm">
            <Button
              size="compact-sm"
              variant="subtle"
              loading={list.isFetchingNextPage}
              onClick={() => list.fetchNextPage()}
            >
              {t('notifications.more')}
            </Button>
          </Group>
        )}
      </ScrollArea.Autosize>
    </Stack>
  );
}

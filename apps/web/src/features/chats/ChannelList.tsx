import type { Channel } from '@app/contracts';
import { unreadBubble } from '@app/domain';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  ScrollArea,
  Skeleton,
  Stack,
  Text,
  TextInput,
  Title,
  Tooltip,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconMessagePlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePathTo } from '../../app/useLang';
import { ChannelAvatar } from './ChannelAvatar';
import { channelTitle, listTime } from './format';

function preview(channel: Channel, me: string, t: (k: string, o?: Record<string, unknown>) => string): string {
  const last = channel.lastChat;
  if (!last) return t('chats.noMessages');
  if (last.kind !== 'message')
    return t(`chats.system.${last.kind}${last.user?.id === me ? 'You' : ''}`, {
      name: last.user ? (last.user.name ?? t('roster.hiddenName')) : '',
    });
  if (last.mine) return t('chats.lastMessageYou', { message: last.message });
  return channel.type === 'group'
    ? `${last.user ? (last.user.name ?? t('roster.hiddenName')).split(' ')[0] : ''}: ${last.message}`
    : last.message;
}

/** The channel list: newest first, with the last line, its time and the unread count. */
export function ChannelList({
  channels,
  loading,
  failed,
  onRetry,
  active,
  me,
  onNew,
}: {
  channels: Channel[] | undefined;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  active: string | undefined;
  me: string;
  onNew: () => void;
}) {
  const { t, i18n } = useTranslation();
  const pathTo = usePathTo();
  const [search, setSearch] = useState('');
  const needle = search.trim().toLowerCase();
  const shown = (channels ?? []).filter(
    (c) => !needle || channelTitle(c, me, t('chats.group')).toLowerCase().includes(needle),
  );

  return (
    <Stack gap={0} className="chat-list" data-testid="chat-list">
      <Group justify="space-between" p="md" pb="xs" wrap="nowrap">
        <Title order={1} size="h3">
          {t('chats.title')}
        </Title>
        <Tooltip label={t('chats.newChat')}>
          <ActionIcon variant="light" size="lg" onClick={onNew} aria-label={t('chats.newChat')} data-testid="chat-new">
            <IconMessagePlus size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>
      {(channels?.length ?? 0) > 0 && (
        <TextInput
          mx="md"
          mb="xs"
          size="sm"
          leftSection={<IconSearch size={16} />}
          placeholder={t('chats.search')}
          aria-label={t('chats.search')}
          value={search}
          onChange={(e) => setSearch(e.currentTarget.value)}
        />
      )}
      <ScrollArea style={{ flex: 1 }} type="auto">
        {loading && (
          <Stack gap="md" p="md" data-testid="chat-list-loading">
            {[0, 1, 2, 3, 4].map((i) => (
              <Group key={i} wrap="nowrap">
                <Skeleton circle height={44} />
                <Stack gap={6} style={{ flex: 1 }}>
                  <Skeleton height={12} width="60%" />
                  <Skeleton height={10} width="85%" />
                </Stack>
              </Group>
            ))}
          </Stack>
        )}
        {failed && (
          <Stack align="center" p="xl" gap="sm" data-testid="chat-list-error">
            <Text c="dimmed" ta="center">
              {t('chats.loadError')}
            </Text>
            <Button variant="light" onClick={onRetry}>
              {t('chats.retry')}
            </Button>
          </Stack>
        )}
        {channels && channels.length === 0 && (
          <Stack align="center" p="xl" gap="sm" data-testid="chat-list-empty">
            <Text fw={600}>{t('chats.empty')}</Text>
            <Text c="dimmed" size="sm" ta="center">
              {t('chats.emptyHint')}
            </Text>
            <Button leftSection={<IconMessagePlus size={18} />} onClick={onNew}>
              {t('chats.newChat')}
            </Button>
          </Stack>
        )}
        <nav aria-label={t('chats.listLabel')}>
          {shown.map((c) => {
            const title = channelTitle(c, me, t('chats.group'));
            const bubble = unreadBubble(c.unread);
            const selected = c.id === active;
            return (
              <UnstyledButton
                key={c.id}
                component={Link}
                to={pathTo('chat', { channel: c.id })}
                className="chat-list-item"
                data-active={selected || undefined}
                aria-current={selected ? 'page' : undefined}
                data-testid="chat-list-item"
                data-channel={c.id}
              >
                <Group wrap="nowrap" gap="sm" align="center">
                  <ChannelAvatar channel={c} me={me} />
                  <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text fw={bubble ? 700 : 600} size="sm" truncate>
                        {title}
                      </Text>
                      {c.lastChat && (
                        <Text size="xs" c={bubble ? 'blue.9' : 'dimmed'} style={{ flexShrink: 0 }}>
                          {listTime(c.lastChat.createdAt, i18n.language, t('chats.yesterday'))}
                        </Text>
                      )}
                    </Group>
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" c={bubble ? undefined : 'dimmed'} truncate>
                        {preview(c, me, t)}
                      </Text>
                      {bubble && (
                        <>
                          <Badge
                            size="sm"
                            circle={bubble.length < 3}
                            variant="filled"
                            aria-hidden
                            data-testid="chat-unread"
                          >
                            {bubble}
                          </Badge>
                          <VisuallyHidden>{t('chats.unread', { count: c.unread })}</VisuallyHidden>
                        </>
                      )}
                    </Group>
                  </Stack>
                </Group>
              </UnstyledButton>
            );
          })}
        </nav>
        {channels && channels.length > 0 && shown.length === 0 && (
          <Text c="dimmed" size="sm" ta="center" p="lg">
            {t('chats.noMatch')}
          </Text>
        )}
      </ScrollArea>
    </Stack>
  );
}

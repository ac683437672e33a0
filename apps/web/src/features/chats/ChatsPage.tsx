import { Center, Stack, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { joinRoom, onRealtime } from '../../app/realtime';
import { useSession } from '../../app/session';
import { useNarrowLayout } from '../../app/viewport';
import { channelsQuery, chatKeys } from './api';
import { ChannelList } from './ChannelList';
import { Conversation } from './Conversation';
import { NewChatDialog } from './NewChatDialog';
import './chats.css';

/**
 * Chats (`chats`, `chats/{channel}`): the channel list beside the open conversation on wide screens; on a phone one
 * pane at a time, the conversation with a back button. Realtime keeps both live: the page joins each channel's
 * private room, and its events only invalidate what they name.
 */
export default function ChatsPage() {
  const { t } = useTranslation();
  const { channel } = useParams();
  const init = useSession();
  const me = init.membership.id;
  const narrow = useNarrowLayout();
  const queryClient = useQueryClient();
  const channels = useQuery(channelsQuery);
  const [creating, setCreating] = useState(false);
  const ids = (channels.data ?? []).map((c) => c.id).join(',');

  useEffect(() => {
    document.title = `${t('chats.title')} · ${t('app.name')}`;
  }, [t]);

  // The private rooms of the member's channels (the server admits participants only).
  useEffect(() => {
    if (!ids) return;
    const leave = ids.split(',').map((id) => joinRoom(`chat.${id}`));
    return () => {
      for (const l of leave) l();
    };
  }, [ids]);

  useEffect(() => {
    const changed = (payload: Record<string, unknown>) => {
      const id =
        typeof payload.channel === 'string'
          ? payload.channel
          : (payload.chat as { channel?: string } | undefined)?.channel;
      if (id) queryClient.invalidateQueries({ queryKey: chatKeys.history(id) });
      queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
    };
    const stops = [
      onRealtime('ChatMessageSent', changed),
      onRealtime('StatusUpdate', changed),
      onRealtime('ChannelUpdated', changed),
    ];
    return () => {
      for (const stop of stops) stop();
    };
  }, [queryClient]);

  const showList = !narrow || !channel;
  const showConversation = !narrow || Boolean(channel);

  return (
    <div className="chats-page" data-testid="chats-page" data-narrow={narrow || undefined}>
      {/* The page's one h1: the list's title, or (a conversation alone on a phone) a hidden one. */}
      {!showList && <VisuallyHidden component="h1">{t('chats.title')}</VisuallyHidden>}
      {showList && (
        <ChannelList
          channels={channels.data}
          loading={channels.isPending}
          failed={channels.isError && !channels.data}
          onRetry={() => channels.refetch()}
          active={channel}
          me={me}
          onNew={() => setCreating(true)}
        />
      )}
      {showConversation &&
        (channel ? (
          <Conversation key={channel} channelId={channel} me={me} narrow={narrow} />
        ) : (
          <Center className="chat-pane" data-testid="chat-no-selection">
            <Stack align="center" gap="xs" p="xl">
              <ThemeIcon size={56} radius="xl" variant="light">
                <IconMessages size={30} />
              </ThemeIcon>
              <Text fw={600}>{t('chats.noSelection')}</Text>
              <Text c="dimmed" size="sm" ta="center" maw={320}>
                {t('chats.noSelectionHint')}
              </Text>
            </Stack>
          </Center>
        ))}
      <NewChatDialog opened={creating} onClose={() => setCreating(false)} />
    </div>
  );
}

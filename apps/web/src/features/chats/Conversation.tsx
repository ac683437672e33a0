import {
  CHAT_MESSAGE_MAX_LENGTH,
  CHAT_TYPING_TIMEOUT_MS,
  CHAT_TYPING_WHISPER_MS,
  type ChannelResponse,
  type Chat,
} from '@app/contracts';
import { ActionIcon, Box, Button, Center, Group, Skeleton, Stack, Text, Textarea, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconInfoCircle, IconSend } from '@tabler/icons-react';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type KeyboardEvent, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { onRealtime, whisper } from '../../app/realtime';
import { usePathTo } from '../../app/useLang';
import { BusyLoader } from '../../ui/BusyLoader';
import { chatKeys, type History, historyQuery, markChannelRead, sendChat } from './api';
import { ChannelAvatar } from './ChannelAvatar';
import { ChannelDetails } from './ChannelDetails';
import { channelTitle, clock, colorFor, dayKey, dayLabel } from './format';
import { MessageStatus } from './MessageStatus';

/** Who is typing in this channel, each cleared 900 ms after their last whisper (docs/product/chats.md). */
function useTyping(channel: string): string[] {
  const [typing, setTyping] = useState<string[]>([]);
  useEffect(() => {
    const timers = new Map<string, ReturnType<typeof setTimeout>>();
    const clear = (user: string) => {
      clearTimeout(timers.get(user));
      timers.delete(user);
      setTyping((list) => list.filter((u) => u !== user));
    };
    const stop = onRealtime('Typing', (payload) => {
      if (payload.channel !== channel || typeof payload.user !== 'string') return;
      const user = payload.user;
      if (payload.typing !== true) return clear(user);
      clearTimeout(timers.get(user));
      timers.set(
        user,
        setTimeout(() => clear(user), CHAT_TYPING_TIMEOUT_MS),
      );
      setTyping((list) => (list.includes(user) ? list : [...list, user]));
    });
    // A message from someone ends their typing at once.
    const stopSent = onRealtime('ChatMessageSent', (payload) => {
      const chat = payload.chat as { channel?: string } | undefined;
      if (chat?.channel === channel) for (const user of [...timers.keys()]) clear(user);
    });
    return () => {
      stop();
      stopSent();
      for (const timer of timers.values()) clearTimeout(timer);
    };
  }, [channel]);
  return typing;
}

function Line({ chat, showAuthor, group, me }: { chat: Chat; showAuthor: boolean; group: boolean; me: string }) {
  const { t, i18n } = useTranslation();
  if (chat.kind !== 'message') {
    const own = chat.user?.id === me;
    return (
      <Text size="xs" c="dimmed" ta="center" my={6} data-testid="chat-system-line" data-kind={chat.kind}>
        {t(`chats.system.${chat.kind}${own ? 'You' : ''}`, {
          name: chat.user ? (chat.user.name ?? t('roster.hiddenName')) : '',
        })}{' '}
        · {clock(chat.createdAt, i18n.language)}
      </Text>
    );
  }
  return (
    <div className="chat-row" data-mine={chat.mine || undefined} data-testid="chat-message">
      <div className="chat-bubble">
        {group && showAuthor && !chat.mine && chat.user && (
          <Text size="xs" fw={700} c={colorFor(chat.user.id)} mb={2}>
            {chat.user.name ?? t('roster.hiddenName')}
          </Text>
        )}
        <div className="chat-text">{chat.message}</div>
        <span className="chat-meta">
          <time dateTime={chat.createdAt}>{clock(chat.createdAt, i18n.language)}</time>
          {chat.mine && <MessageStatus statuses={chat.statuses} />}
        </span>
      </div>
    </div>
  );
}

/** One conversation: header, history (older pages on scrolling up), typing indicator and composer. */
export function Conversation({ channelId, me, narrow }: { channelId: string; me: string; narrow: boolean }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const queryClient = useQueryClient();
  const history = useInfiniteQuery(historyQuery(channelId));
  const typing = useTyping(channelId);
  const [draft, setDraft] = useState('');
  const [sendFailed, setSendFailed] = useState(false);
  const [detailsOpen, setDetailsOpen] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const stickToBottom = useRef(true);
  const whisperTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const room = `chat.${channelId}`;

  const head = history.data?.pages[0] as ChannelResponse | undefined;
  const channel = head?.channel;
  const lines = useMemo(
    () => (history.data ? [...history.data.pages].reverse().flatMap((p) => p.chats) : []),
    [history.data],
  );
  const lastId = lines.at(-1)?.id;

  // A channel that is gone or not ours: back to the list (docs/product/chats.md).
  useEffect(() => {
    if (history.error && isApiError(history.error) && history.error.status === 404) {
      notify('warning', t('chats.notFound'));
      navigate(pathTo('chats'), { replace: true });
    }
  }, [history.error, navigate, pathTo, t]);

  // Reading the conversation marks its messages read, now and whenever new ones arrive while it is open.
  const unread = channel?.unread ?? 0;
  useEffect(() => {
    if (!unread) return;
    const read = () => {
      if (document.visibilityState === 'visible') markChannelRead(channelId).catch(() => undefined);
    };
    read();
    document.addEventListener('visibilitychange', read);
    return () => document.removeEventListener('visibilitychange', read);
  }, [channelId, unread]);

  // Scrolling: to the newest line on open and when one arrives at the bottom; kept in place when older load.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the lines change
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el) return;
    if (keepFromBottom.current !== null) {
      el.scrollTop = el.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stickToBottom.current) {
      el.scrollTop = el.scrollHeight;
    }
  }, [lines.length, lastId, typing.length]);

  const loadOlder = () => {
    const el = scroller.current;
    if (!history.hasNextPage || history.isFetchingNextPage) return;
    if (el) keepFromBottom.current = el.scrollHeight - el.scrollTop;
    history.fetchNextPage();
  };

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    stickToBottom.current = el.scrollHeight - el.scrollTop - el.clientHeight < 80;
    if (el.scrollTop < 120) loadOlder();
  };

  const onDraft = (value: string) => {
    setDraft(value);
    setSendFailed(false);
    // The whisper goes out at most every 300 ms while typing (docs/product/chats.md).
    if (value.trim() && !whisperTimer.current) {
      whisperTimer.current = setTimeout(() => {
        whisperTimer.current = null;
        whisper(room, true);
      }, CHAT_TYPING_WHISPER_MS);
    }
  };

  useEffect(
    () => () => {
      if (whisperTimer.current) clearTimeout(whisperTimer.current);
    },
    [],
  );

  const send = async () => {
    const message = draft.trim();
    // Trimmed; an empty message is not sent (docs/product/chats.md).
    if (!message) return;
    setDraft('');
    if (whisperTimer.current) clearTimeout(whisperTimer.current);
    whisperTimer.current = null;
    whisper(room, false);
    stickToBottom.current = true;
    try {
      const chat = await sendChat(channelId, message);
      queryClient.setQueryData<History>(chatKeys.history(channelId), (data) => {
        if (!data) return data;
        const [first, ...rest] = data.pages;
        if (first.chats.some((c) => c.id === chat.id)) return data;
        return { ...data, pages: [{ ...first, chats: [...first.chats, chat] }, ...rest] };
      });
      queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
    } catch (error) {
      // A failed send is only logged (docs/product/chats.md); the text stays so nothing typed is lost.
      console.error(error);
      setDraft((current) => current || message);
      setSendFailed(true);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (e.key === 'Enter' && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      send();
    }
  };

  if (history.isPending || (history.error && !channel)) {
    return (
      <Stack className="chat-pane" p="md" gap="md" data-testid="chat-conversation-loading">
        {history.error && !(isApiError(history.error) && history.error.status === 404) ? (
          <Center h="100%">
            <Stack align="center" gap="sm">
              <Text c="dimmed">{t('chats.loadError')}</Text>
              <Button variant="light" onClick={() => history.refetch()}>
                {t('chats.retry')}
              </Button>
            </Stack>
          </Center>
        ) : (
          <>
            <Group>
              <Skeleton circle height={40} />
              <Skeleton height={14} width={180} />
            </Group>
            {[60, 40, 70, 35].map((w, i) => (
              <Skeleton key={w} height={34} width={`${w}%`} radius="lg" ml={i % 2 ? 'auto' : 0} />
            ))}
          </>
        )}
      </Stack>
    );
  }
  if (!channel || !head) return null;

  const title = channelTitle(channel, me, t('chats.group'));
  const group = channel.type === 'group';
  const nameOf = (id: string) => head.participants.find((p) => p.user.id === id)?.user.name ?? t('roster.hiddenName');
  const typingText =
    typing.length === 1
      ? t('chats.typing', { name: nameOf(typing[0]).split(' ')[0] })
      : typing.length > 1
        ? t('chats.typingMany')
        : null;
  const subtitle = group
    ? channel.participants
        .map((p) => (p.id === me ? t('chats.you') : (p.name ?? t('roster.hiddenName')).split(' ')[0]))
        .join(', ')
    : null;

  return (
    <Stack gap={0} className="chat-pane" data-testid="chat-conversation" data-channel={channelId}>
      <Group className="chat-header" gap="sm" wrap="nowrap" px="md" py="sm">
        {narrow && (
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => navigate(pathTo('chats'))}
            aria-label={t('chats.back')}
            data-testid="chat-back"
          >
            <IconArrowLeft size={20} />
          </ActionIcon>
        )}
        <ChannelAvatar channel={channel} me={me} size={40} />
        <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
          <Title order={3} size="h5" lineClamp={1} data-testid="chat-title">
            {title}
          </Title>
          {(typingText ?? subtitle) && (
            <Text size="xs" c={typingText ? 'blue.9' : 'dimmed'} truncate>
              {typingText ?? subtitle}
            </Text>
          )}
        </Stack>
        <Tooltip label={t('chats.details.open')}>
          <ActionIcon
            variant="subtle"
            size="lg"
            onClick={() => setDetailsOpen(true)}
            aria-label={t('chats.details.open')}
            data-testid="chat-details"
          >
            <IconInfoCircle size={20} />
          </ActionIcon>
        </Tooltip>
      </Group>

      <div
        className="chat-scroller"
        ref={scroller}
        onScroll={onScroll}
        role="log"
        aria-live="polite"
        aria-label={t('chats.historyLabel', { title })}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: the history scrolls by keyboard too
        tabIndex={0}
        data-testid="chat-history"
      >
        {history.hasNextPage && (
          <Center py="xs">
            {history.isFetchingNextPage ? (
              <BusyLoader size="sm" />
            ) : (
              <Button variant="subtle" size="xs" onClick={loadOlder} data-testid="chat-load-older">
                {t('chats.loadOlder')}
              </Button>
            )}
          </Center>
        )}
        {lines.map((chat, i) => {
          const prev = lines[i - 1];
          const newDay = !prev || dayKey(prev.createdAt) !== dayKey(chat.createdAt);
          const showAuthor = newDay || !prev || prev.kind !== 'message' || prev.user?.id !== chat.user?.id;
          return (
            <Fragment key={chat.id}>
              {newDay && (
                <div className="chat-day" data-testid="chat-day">
                  <span>
                    {dayLabel(chat.createdAt, i18n.language, {
                      today: t('chats.today'),
                      yesterday: t('chats.yesterday'),
                    })}
                  </span>
                </div>
              )}
              <Line chat={chat} showAuthor={showAuthor} group={group} me={me} />
            </Fragment>
          );
        })}
        {lines.every((l) => l.kind !== 'message') && (
          <Text c="dimmed" size="sm" ta="center" mt="xl" data-testid="chat-empty">
            {t('chats.startHint')}
          </Text>
        )}
        {typingText && (
          <div className="chat-row" data-testid="chat-typing">
            <div className="chat-bubble chat-typing" role="status" aria-label={typingText}>
              <span />
              <span />
              <span />
            </div>
          </div>
        )}
      </div>

      <Box className="chat-composer" px="md" py="sm">
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <Textarea
            style={{ flex: 1 }}
            autosize
            minRows={1}
            maxRows={6}
            radius="lg"
            value={draft}
            maxLength={CHAT_MESSAGE_MAX_LENGTH}
            onChange={(e) => onDraft(e.currentTarget.value)}
            onKeyDown={onKeyDown}
            placeholder={t('chats.composer.placeholder')}
            aria-label={t('chats.composer.label')}
            description={narrow ? undefined : t('chats.composer.hint')}
            inputWrapperOrder={['input', 'description', 'error']}
            error={sendFailed ? t('chats.sendFailed') : undefined}
            data-testid="chat-composer"
          />
          <ActionIcon
            size={42}
            radius="xl"
            variant="filled"
            onClick={send}
            disabled={!draft.trim()}
            aria-label={t('chats.composer.send')}
            data-testid="chat-send"
            mb={narrow ? 0 : 22}
          >
            <IconSend size={20} />
          </ActionIcon>
        </Group>
      </Box>

      <ChannelDetails opened={detailsOpen} onClose={() => setDetailsOpen(false)} data={head} me={me} title={title} />
    </Stack>
  );
}

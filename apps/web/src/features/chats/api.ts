import {
  Channel,
  ChannelResponse,
  ChannelsResponse,
  ChatContactsResponse,
  type ChatNotificationEvent,
  ChatsPageResponse,
  type CreateChannelRequest,
  SendChatResponse,
  UnreadChatsResponse,
} from '@app/contracts';
import { hasModule } from '@app/domain';
import { type InfiniteData, infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiVoid, get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';
import { useAccess } from '../../app/session';

/** Query keys of chats, built in one place (realtime invalidates them). */
export const chatKeys = {
  all: ['chats'] as const,
  channels: () => [...chatKeys.all, 'channels'] as const,
  history: (channel: string) => [...chatKeys.all, 'history', channel] as const,
  contacts: () => [...chatKeys.all, 'contacts'] as const,
  unread: () => [...chatKeys.all, 'unread'] as const,
};

const enc = encodeURIComponent;

export const channelsQuery = queryOptions({
  queryKey: chatKeys.channels(),
  queryFn: async () => (await get(ChannelsResponse, '/api/channels')).channels,
  staleTime: 30_000,
});

export const contactsQuery = queryOptions({
  queryKey: chatKeys.contacts(),
  queryFn: async () => (await get(ChatContactsResponse, '/api/chat-contacts')).contacts,
  staleTime: 60_000,
});

export const unreadQuery = queryOptions({
  queryKey: chatKeys.unread(),
  queryFn: async () => (await get(UnreadChatsResponse, '/api/memberships/unread-chats')).unread,
  staleTime: 60_000,
});

/**
 * A page of a conversation: the first is the channel with its newest lines; the next ones are older lines. A
 * refetch walks the pages again from the newest, so a message that arrived in between leaves no gap.
 */
export type HistoryPage = ChannelResponse | (ChatsPageResponse & { channel?: undefined });
export type History = InfiniteData<HistoryPage, number | null>;

export const historyQuery = (channel: string) =>
  infiniteQueryOptions({
    queryKey: chatKeys.history(channel),
    initialPageParam: null as number | null,
    queryFn: async ({ pageParam }): Promise<HistoryPage> =>
      pageParam === null
        ? await get(ChannelResponse, `/api/channels/${enc(channel)}`)
        : await get(ChatsPageResponse, `/api/channels/${enc(channel)}/chats?before=${pageParam}`),
    getNextPageParam: (last) => (last.more && last.chats.length ? last.chats[0].id : undefined),
    // A channel that is gone or not ours sends the user back to the list (docs/product/chats.md): the page handles it.
    meta: { handled: (error) => error.status === 404 },
    staleTime: 10_000,
  });

export const sendChat = async (channel: string, message: string) =>
  (await post(SendChatResponse, `/api/channels/${enc(channel)}/chats`, { message })).chat;

export const createChannel = async (body: CreateChannelRequest) => await post(Channel, '/api/channels', body);

export const renameChannel = async (channel: string, title: string) =>
  await put(ChannelResponse, `/api/channels/${enc(channel)}`, { title });

export const addParticipants = async (channel: string, participants: string[]) =>
  await post(ChannelResponse, `/api/channels/${enc(channel)}/participants`, { participants });

export const removeParticipant = (channel: string, membership: string) =>
  apiVoid('DELETE', `/api/channels/${enc(channel)}/participants/${enc(membership)}`);

/** Marks every unread message of the channel read, then refreshes the bubble and the list. */
export async function markChannelRead(channel: string) {
  const unread = (await put(UnreadChatsResponse, '/api/memberships/unread-chats', { status: 'read', channel })).unread;
  queryClient.setQueryData(chatKeys.unread(), unread);
  queryClient.setQueryData<Channel[]>(chatKeys.channels(), (list) =>
    list?.map((c) => (c.id === channel ? { ...c, unread: 0 } : c)),
  );
}

/** Tells the senders their messages arrived (two checks). */
async function markReceived(ids: number[]) {
  if (ids.length === 0) return;
  const unread = (await put(UnreadChatsResponse, '/api/memberships/unread-chats', { status: 'received', ids })).unread;
  queryClient.setQueryData(chatKeys.unread(), unread);
}

/**
 * The member's unread chats for the menu bubble, kept live app-wide: a ChatNotification marks the new message
 * received and refreshes the list; messages that arrived while the app was closed are marked received on load.
 */
export function useUnreadChats(): number {
  const access = useAccess();
  const enabled = hasModule(access, 'chats');
  const unread = useQuery({ ...unreadQuery, enabled });
  const pending = unread.data?.filter((u) => u.receivedAt === null).map((u) => u.statusId) ?? [];
  const pendingKey = pending.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the list
  useEffect(() => {
    if (pendingKey) markReceived(pending).catch(() => undefined);
  }, [pendingKey]);
  useEffect(() => {
    if (!enabled) return;
    return onRealtime('ChatNotification', (payload) => {
      const event = payload as unknown as Partial<ChatNotificationEvent>;
      queryClient.invalidateQueries({ queryKey: chatKeys.channels() });
      if (typeof event.statusId === 'number') markReceived([event.statusId]).catch(() => undefined);
      else queryClient.invalidateQueries({ queryKey: chatKeys.unread() });
    });
  }, [enabled]);
  return enabled ? (unread.data?.length ?? 0) : 0;
}

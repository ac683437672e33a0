import { z } from 'zod';
import { CHAT_MESSAGE_MAX_LENGTH, CHAT_PAGE_SIZE } from './constants';
import { name, text } from './inputs';

/**
 * Chats (docs/product/chats.md): channels of two people (single) or more (group), their messages
 * with a status per recipient (received, read), and the member's unread chats.
 */

export const ChannelType = z.enum(['single', 'group']);
export type ChannelType = z.infer<typeof ChannelType>;

/** What a line of the conversation is: a message, or one of the system lines of docs/product/chats.md. */
export const ChatKind = z.enum(['message', 'created', 'joined', 'left']);
export type ChatKind = z.infer<typeof ChatKind>;

/** A person of a chat; the name is null where the planner restriction hides names. */
export const ChatUser = z.object({ id: z.string(), name: z.string().nullable() });
export type ChatUser = z.infer<typeof ChatUser>;

export const ChatStatus = z.object({
  membershipId: z.string(),
  receivedAt: z.string().nullable(),
  readAt: z.string().nullable(),
});
export type ChatStatus = z.infer<typeof ChatStatus>;

export const Chat = z.object({
  id: z.number().int(),
  channel: z.string(),
  kind: ChatKind,
  /** Empty on system lines. */
  message: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
  /** Who wrote it (or joined, created, left). */
  user: ChatUser.nullable(),
  /** One per recipient of a message (none on system lines). */
  statuses: z.array(ChatStatus),
});
export type Chat = z.infer<typeof Chat>;

export const ChatParticipant = z.object({
  user: ChatUser,
  /** The creator of the channel, or a member of it. */
  role: z.enum(['creator', 'member']),
  createdAt: z.string(),
  /** Set when the participant left or was removed (participantsWithTrashed). */
  deletedAt: z.string().nullable(),
});
export type ChatParticipant = z.infer<typeof ChatParticipant>;

export const Channel = z.object({
  id: z.string(),
  type: ChannelType,
  /** A group's title; null on single chats (the app shows the other person's name). */
  title: z.string().nullable(),
  createdAt: z.string(),
  lastUpdated: z.string(),
  /** Current participants, the member included. */
  participants: z.array(ChatUser),
  lastChat: Chat.nullable(),
  /** The member's unread messages in this channel. */
  unread: z.number().int(),
  /** Whether the member may still write here (still a participant). */
  active: z.boolean(),
});
export type Channel = z.infer<typeof Channel>;

export const ChannelsResponse = z.object({ channels: z.array(Channel) });
export type ChannelsResponse = z.infer<typeof ChannelsResponse>;

export const ChannelResponse = z.object({
  channel: Channel,
  /** The newest page, oldest first. */
  chats: z.array(Chat),
  /** Older messages exist (load them with GET /api/channels/{channel}/chats?before={first id}). */
  more: z.boolean(),
  /** participantsWithTrashed: everyone who ever took part, with when they joined and left. */
  participants: z.array(ChatParticipant),
});
export type ChannelResponse = z.infer<typeof ChannelResponse>;

export const ChatsPageQuery = z.object({
  before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  limit: z.coerce.number().int().min(1).max(CHAT_PAGE_SIZE).optional(),
});
export const ChatsPageResponse = z.object({ chats: z.array(Chat), more: z.boolean() });
export type ChatsPageResponse = z.infer<typeof ChatsPageResponse>;

/** Messages are trimmed; an empty one is not sent. */
export const SendChatRequest = z.object({ message: text(CHAT_MESSAGE_MAX_LENGTH).min(1, 'validation.required') });
export type SendChatRequest = z.infer<typeof SendChatRequest>;
export const SendChatResponse = z.object({ chat: Chat });

const Participants = z.array(z.string().uuid()).min(1).max(200);

/** A single chat names one other person; a group names a title and at least one other person. */
export const CreateChannelRequest = z.discriminatedUnion('type', [
  z.object({ type: z.literal('single'), participants: z.array(z.string().uuid()).length(1) }),
  z.object({ type: z.literal('group'), title: name(), participants: Participants }),
]);
export type CreateChannelRequest = z.infer<typeof CreateChannelRequest>;
export const RenameChannelRequest = z.object({ title: name() });
export const AddParticipantsRequest = z.object({ participants: Participants });

/** The people the member may start a chat with (contacts visibility and shared locations). */
export const ChatContactsResponse = z.object({ contacts: z.array(ChatUser) });
export type ChatContactsResponse = z.infer<typeof ChatContactsResponse>;

export const UnreadChat = z.object({
  channel: z.object({ id: z.string() }),
  statusId: z.number().int(),
  receivedAt: z.string().nullable(),
});
export type UnreadChat = z.infer<typeof UnreadChat>;
export const UnreadChatsResponse = z.object({ unread: z.array(UnreadChat) });
export type UnreadChatsResponse = z.infer<typeof UnreadChatsResponse>;

/** On arrival the app marks the statuses it received; reading a channel marks all of the member's there read. */
export const UpdateUnreadChatsRequest = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('received'),
    ids: z.array(z.number().int().positive().max(Number.MAX_SAFE_INTEGER)).min(1).max(1000),
  }),
  z.object({ status: z.literal('read'), channel: z.string().uuid() }),
]);
export type UpdateUnreadChatsRequest = z.infer<typeof UpdateUnreadChatsRequest>;

/** Realtime payloads: small, ids only; the app refetches. */
export interface ChatMessageSentEvent {
  chat: { id: number; channel: string };
}
export interface StatusUpdateEvent {
  channel: string;
  membership: string;
  status: 'received' | 'read';
  /** received: the messages marked; read covers the whole channel. */
  chats?: number[];
}
export interface ChatNotificationEvent {
  channel: string;
  chat: number;
  statusId: number;
}
export interface TypingEvent {
  channel: string;
  user: string;
  typing: boolean;
}

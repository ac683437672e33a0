import {
  AddParticipantsRequest,
  Channel,
  ChannelResponse,
  ChannelsResponse,
  ChatContactsResponse,
  ChatsPageQuery,
  ChatsPageResponse,
  CreateChannelRequest,
  ErrorBody,
  OkResponse,
  RenameChannelRequest,
  SendChatRequest,
  SendChatResponse,
  UnreadChatsResponse,
  UpdateUnreadChatsRequest,
} from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context';
import { actorOf } from '../../platform/http';
import * as chats from './service';

const errors = { 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 409: ErrorBody, 422: ErrorBody };
const tags = ['chats'];
const ChannelParams = z.object({ channel: z.string().uuid() });

/** Chat calls of docs/product/chats.md, and the channel management, which is ours (docs/architecture.md). */
export function chatRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/api/channels', { schema: { tags, response: { 200: ChannelsResponse, ...errors } } }, async (request) =>
    chats.listChannels(ctx, actorOf(request)),
  );
  r.post(
    '/api/channels',
    { schema: { tags, body: CreateChannelRequest, response: { 200: Channel, ...errors } } },
    async (request) => chats.createChannel(ctx, actorOf(request), request.body),
  );
  r.get(
    '/api/channels/:channel',
    { schema: { tags, params: ChannelParams, response: { 200: ChannelResponse, ...errors } } },
    async (request) => chats.loadChannel(ctx, actorOf(request), request.params.channel),
  );
  r.put(
    '/api/channels/:channel',
    {
      schema: {
        tags,
        params: ChannelParams,
        body: RenameChannelRequest,
        response: { 200: ChannelResponse, ...errors },
      },
    },
    async (request) => chats.renameChannel(ctx, actorOf(request), request.params.channel, request.body.title),
  );
  r.get(
    '/api/channels/:channel/chats',
    {
      schema: {
        tags,
        params: ChannelParams,
        querystring: ChatsPageQuery,
        response: { 200: ChatsPageResponse, ...errors },
      },
    },
    async (request) =>
      chats.loadOlder(ctx, actorOf(request), request.params.channel, request.query.before, request.query.limit),
  );
  r.post(
    '/api/channels/:channel/chats',
    { schema: { tags, params: ChannelParams, body: SendChatRequest, response: { 200: SendChatResponse, ...errors } } },
    async (request) => chats.sendChat(ctx, actorOf(request), request.params.channel, request.body.message),
  );
  r.post(
    '/api/channels/:channel/participants',
    {
      schema: {
        tags,
        params: ChannelParams,
        body: AddParticipantsRequest,
        response: { 200: ChannelResponse, ...errors },
      },
    },
    async (request) => chats.addParticipants(ctx, actorOf(request), request.params.channel, request.body.participants),
  );
  r.delete(
    '/api/channels/:channel/participants/:membership',
    {
      schema: {
        tags,
        params: ChannelParams.extend({ membership: z.string().uuid() }),
        response: { 200: OkResponse, ...errors },
      },
    },
    async (request) =>
      chats.removeParticipant(ctx, actorOf(request), request.params.channel, request.params.membership),
  );
  r.get(
    '/api/chat-contacts',
    { schema: { tags, response: { 200: ChatContactsResponse, ...errors } } },
    async (request) => chats.listContacts(ctx, actorOf(request)),
  );
  r.get(
    '/api/memberships/unread-chats',
    { schema: { tags, response: { 200: UnreadChatsResponse, ...errors } } },
    async (request) => chats.unreadChats(ctx, actorOf(request)),
  );
  r.put(
    '/api/memberships/unread-chats',
    { schema: { tags, body: UpdateUnreadChatsRequest, response: { 200: UnreadChatsResponse, ...errors } } },
    async (request) => chats.updateUnreadChats(ctx, actorOf(request), request.body),
  );
}

import {
  CHAT_PAGE_SIZE,
  type Channel,
  type ChannelResponse,
  type ChatContactsResponse,
  type ChatKind,
  type ChatsPageResponse,
  type CreateChannelRequest,
  type UnreadChatsResponse,
  type UpdateUnreadChatsRequest,
} from '@app/contracts';
import { displayNameFor, mayChatWith, mayEditChannel, mayRemoveParticipant, memberHasRole, now } from '@app/domain';
import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { chatChannels, chatMessages, chatParticipants, chatStatuses, memberships, users } from '../../db/schema';
import { type Actor, requireAllowed } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { notify } from '../notifications/service';
import {
  type ChannelRow,
  channelOfParticipant,
  lastLinesOf,
  lockChannel,
  pageOf,
  participantsOf,
  presentLines,
  reachOf,
  unreadCounts,
} from './repo';

/**
 * Chats (docs/product/chats.md): channels of two people or a group, messages with a status per recipient, unread
 * chats. Every function takes the acting member; every write is one command (platform/command.ts) whose answer is
 * read in its transaction; every query names the account. Realtime only says what changed, once it committed:
 * `ChatMessageSent` and `StatusUpdate` to the channel's private room `chat.{id}`, `ChatNotification` to each
 * recipient's `notification.{id}` (their menu bubble and the "received" mark, wherever they are in the app).
 */

const room = (channelId: string) => `chat.${channelId}`;

/** The people the member may chat with (contacts visibility, plannings in common; policies/chats.ts). */
export async function listContacts(ctx: AppContext, actor: Actor): Promise<ChatContactsResponse> {
  const reach = await reachOf(ctx.db, actor.accountId, actor.membershipId);
  return {
    contacts: reach.members
      .filter((m) =>
        mayChatWith(actor, m.id, {
          contactsPublic: reach.contactsPublic,
          sharesLocation: m.shares,
          targetActive: m.status === 'active',
          targetPlans: memberHasRole({ roles: m.roles as Actor['roles'] }, 'planner'),
        }),
      )
      .map((m) => ({ id: m.id, name: displayNameFor(actor, m) })),
  };
}

/** Refuses (403) unless the member may reach every one of them; unknown ids and other accounts' answer 404. */
async function requireReachable(db: DbOrTx, actor: Actor, targets: readonly string[]) {
  const reach = await reachOf(db, actor.accountId, actor.membershipId, targets);
  const found = new Map(reach.members.map((m) => [m.id, m]));
  for (const id of targets) {
    const m = found.get(id);
    if (!m) throw new AppError('NOT_FOUND');
    requireAllowed(
      mayChatWith(actor, id, {
        contactsPublic: reach.contactsPublic,
        sharesLocation: m.shares,
        targetActive: m.status === 'active',
        targetPlans: memberHasRole({ roles: m.roles as Actor['roles'] }, 'planner'),
      }),
    );
  }
}

async function addLine(tx: Tx, channel: ChannelRow, membershipId: string, kind: ChatKind, message = '') {
  const at = now();
  const [line] = await tx
    .insert(chatMessages)
    .values({ accountId: channel.accountId, channelId: channel.id, membershipId, kind, message, createdAt: at })
    .returning();
  await tx.update(chatChannels).set({ lastUpdated: at }).where(eq(chatChannels.id, channel.id));
  return line;
}

/** The channels as the list shows them: people, last line, unread count. */
async function presentChannels(db: DbOrTx, actor: Actor, rows: readonly ChannelRow[]): Promise<Channel[]> {
  const ids = rows.map((c) => c.id);
  const [people, lastLines, unread] = await Promise.all([
    participantsOf(db, actor.accountId, ids),
    lastLinesOf(db, actor.accountId, ids),
    unreadCounts(db, actor.accountId, actor.membershipId),
  ]);
  const presented = await presentLines(db, actor.accountId, actor, lastLines);
  const lastOf = new Map(presented.map((l) => [l.channel, l]));
  return rows.map((c) => {
    const current = people.filter((p) => p.channelId === c.id && p.deletedAt === null);
    return {
      id: c.id,
      type: c.type as Channel['type'],
      title: c.title,
      createdAt: c.createdAt.toISOString(),
      lastUpdated: c.lastUpdated.toISOString(),
      participants: current.map((p) => ({
        id: p.membershipId,
        name: displayNameFor(actor, { id: p.membershipId, name: p.name }),
      })),
      lastChat: lastOf.get(c.id) ?? null,
      unread: unread.get(c.id) ?? 0,
      active: current.some((p) => p.membershipId === actor.membershipId),
    };
  });
}

/** GET /api/channels: the member's channels, the most recently active first. */
export async function listChannels(ctx: AppContext, actor: Actor): Promise<{ channels: Channel[] }> {
  const rows = await ctx.db
    .select({ channel: chatChannels })
    .from(chatChannels)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.channelId, chatChannels.id),
        eq(chatParticipants.membershipId, actor.membershipId),
        isNull(chatParticipants.deletedAt),
      ),
    )
    .where(eq(chatChannels.accountId, actor.accountId))
    .orderBy(desc(chatChannels.lastUpdated));
  return {
    channels: await presentChannels(
      ctx.db,
      actor,
      rows.map((r) => r.channel),
    ),
  };
}

/** GET /api/channels/{channel}: the channel, its newest page of lines (oldest first) and everyone who took part. */
export async function loadChannel(ctx: AppContext, actor: Actor, channelId: string): Promise<ChannelResponse> {
  return channelView(ctx.db, actor, channelId);
}

/** The channel as its page shows it, read through `db` (a command's transaction answers what it changed). */
async function channelView(db: DbOrTx, actor: Actor, channelId: string): Promise<ChannelResponse> {
  const channel = await channelOfParticipant(db, actor.accountId, actor.membershipId, channelId);
  const [presented] = await presentChannels(db, actor, [channel]);
  const page = await loadPage(db, actor, channel.id, null, CHAT_PAGE_SIZE);
  const people = await participantsOf(db, actor.accountId, [channel.id]);
  return {
    channel: presented,
    ...page,
    participants: people.map((p) => ({
      user: { id: p.membershipId, name: displayNameFor(actor, { id: p.membershipId, name: p.name }) },
      role: p.role === 'creator' ? 'creator' : 'member',
      createdAt: p.createdAt.toISOString(),
      deletedAt: p.deletedAt?.toISOString() ?? null,
    })),
  };
}

async function loadPage(
  db: DbOrTx,
  actor: Actor,
  channelId: string,
  before: number | null,
  limit: number,
): Promise<ChatsPageResponse> {
  const rows = await pageOf(db, actor.accountId, channelId, before, limit + 1);
  const more = rows.length > limit;
  const lines = rows.slice(0, limit).reverse();
  return { chats: await presentLines(db, actor.accountId, actor, lines), more };
}

/** GET /api/channels/{channel}/chats?before=: an older page of the history. */
export async function loadOlder(
  ctx: AppContext,
  actor: Actor,
  channelId: string,
  before: number,
  limit = CHAT_PAGE_SIZE,
): Promise<ChatsPageResponse> {
  await channelOfParticipant(ctx.db, actor.accountId, actor.membershipId, channelId);
  return loadPage(ctx.db, actor, channelId, before, limit);
}

/**
 * POST /api/channels: a single chat with one person (the existing one when the two already share one), or a group
 * with a title. Creating writes the "created" line and a "joined" line per other person.
 */
export async function createChannel(ctx: AppContext, actor: Actor, input: CreateChannelRequest): Promise<Channel> {
  const others = [...new Set(input.participants)].filter((id) => id !== actor.membershipId);
  if (others.length === 0)
    throw new AppError('VALIDATION', { fields: { participants: ['validation.required'] } }, 'nobody to chat with');
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    await requireReachable(tx, actor, others);

    if (input.type === 'single') {
      const [existing] = await tx
        .execute(sql`
        select c.id from chat_channels c
        join chat_participants a on a.channel_id = c.id and a.membership_id = ${actor.membershipId}
        join chat_participants b on b.channel_id = c.id and b.membership_id = ${others[0]}
        where c.account_id = ${actor.accountId} and c.type = 'single'
        limit 1`)
        .then((r) => (r as unknown as { rows: { id: string }[] }).rows);
      if (existing) {
        // Someone who left a single chat (an earlier version allowed it) comes back to the same conversation.
        await tx
          .update(chatParticipants)
          .set({ deletedAt: null })
          .where(and(eq(chatParticipants.channelId, existing.id), inArray(chatParticipants.membershipId, others)));
        const [row] = await tx.select().from(chatChannels).where(eq(chatChannels.id, existing.id));
        const [presented] = await presentChannels(tx, actor, [row]);
        return presented;
      }
    }

    const at = now();
    const [row] = await tx
      .insert(chatChannels)
      .values({
        accountId: actor.accountId,
        type: input.type,
        title: input.type === 'group' ? input.title : null,
        createdBy: actor.membershipId,
        createdAt: at,
        lastUpdated: at,
      })
      .returning();
    await tx.insert(chatParticipants).values([
      {
        channelId: row.id,
        membershipId: actor.membershipId,
        accountId: actor.accountId,
        role: 'creator',
        createdAt: at,
      },
      ...others.map((id) => ({
        channelId: row.id,
        membershipId: id,
        accountId: actor.accountId,
        role: 'member',
        createdAt: at,
      })),
    ]);
    await addLine(tx, row, actor.membershipId, 'created');
    if (input.type === 'group') for (const id of others) await addLine(tx, row, id, 'joined');
    for (const id of others) command.emit(`notification.${id}`, 'ChatNotification', { channel: row.id });
    const [presented] = await presentChannels(tx, actor, [row]);
    return presented;
  });
}

function requireGroup(channel: ChannelRow) {
  if (channel.type !== 'group') throw new AppError('CHAT_SINGLE');
}

/** Tells the channel's room and each person concerned that its people or title changed (after the commit). */
function announce(command: Command, actor: Actor, channelId: string, people: readonly string[]) {
  command.emit(room(channelId), 'ChannelUpdated', { channel: channelId }, actor);
  for (const id of people)
    if (id !== actor.membershipId) command.emit(`notification.${id}`, 'ChatNotification', { channel: channelId });
}

/** PUT /api/channels/{channel}: renames a group (any participant). */
export async function renameChannel(ctx: AppContext, actor: Actor, channelId: string, title: string) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const channel = await channelOfParticipant(tx, actor.accountId, actor.membershipId, channelId);
    requireAllowed(mayEditChannel(true));
    requireGroup(channel);
    await tx
      .update(chatChannels)
      .set({ title, lastUpdated: now() })
      .where(and(eq(chatChannels.id, channel.id), eq(chatChannels.accountId, actor.accountId)));
    announce(command, actor, channel.id, []);
    return channelView(tx, actor, channel.id);
  });
}

/** POST /api/channels/{channel}/participants: adds people the member may reach; each gets a "joined" line. */
export async function addParticipants(ctx: AppContext, actor: Actor, channelId: string, ids: readonly string[]) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const channel = await channelOfParticipant(tx, actor.accountId, actor.membershipId, channelId);
    requireAllowed(mayEditChannel(true));
    requireGroup(channel);
    const targets = [...new Set(ids)].filter((id) => id !== actor.membershipId);
    await requireReachable(tx, actor, targets);
    await lockChannel(tx, actor.accountId, channel.id);
    const present = await tx
      .select({ id: chatParticipants.membershipId, deletedAt: chatParticipants.deletedAt })
      .from(chatParticipants)
      .where(and(eq(chatParticipants.channelId, channel.id), eq(chatParticipants.accountId, actor.accountId)));
    const state = new Map(present.map((p) => [p.id, p.deletedAt]));
    const joining = targets.filter((id) => !state.has(id) || state.get(id) !== null);
    const at = now();
    for (const id of joining) {
      if (state.has(id))
        await tx
          .update(chatParticipants)
          .set({ deletedAt: null, createdAt: at })
          .where(and(eq(chatParticipants.channelId, channel.id), eq(chatParticipants.membershipId, id)));
      else
        await tx
          .insert(chatParticipants)
          .values({ channelId: channel.id, membershipId: id, accountId: actor.accountId, createdAt: at });
      await addLine(tx, channel, id, 'joined');
    }
    if (joining.length) announce(command, actor, channel.id, joining);
    return channelView(tx, actor, channel.id);
  });
}

/**
 * DELETE /api/channels/{channel}/participants/{membership}: removes someone from a group (its creator, an owner or
 * a manager), or, with the member's own id, leaves it. Either writes a "left" line; a single chat keeps its two.
 */
export async function removeParticipant(ctx: AppContext, actor: Actor, channelId: string, membershipId: string) {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const channel = await channelOfParticipant(tx, actor.accountId, actor.membershipId, channelId);
    requireGroup(channel);
    requireAllowed(mayRemoveParticipant(actor, { creatorId: channel.createdBy }, membershipId));
    await lockChannel(tx, actor.accountId, channel.id);
    const rows = await tx
      .update(chatParticipants)
      .set({ deletedAt: now() })
      .where(
        and(
          eq(chatParticipants.channelId, channel.id),
          eq(chatParticipants.accountId, actor.accountId),
          eq(chatParticipants.membershipId, membershipId),
          isNull(chatParticipants.deletedAt),
        ),
      )
      .returning();
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    await addLine(tx, channel, membershipId, 'left');
    // What they had not read there no longer counts as unread.
    await tx
      .update(chatStatuses)
      .set({ readAt: now() })
      .where(
        and(
          eq(chatStatuses.channelId, channel.id),
          eq(chatStatuses.membershipId, membershipId),
          isNull(chatStatuses.readAt),
        ),
      );
    announce(command, actor, channel.id, [membershipId]);
    // Their open apps stop hearing the channel's room once they are out of it.
    command.afterCommit(() => ctx.realtime.leaveRoom(membershipId, room(channel.id)));
    return { ok: true as const };
  });
}

/**
 * POST /api/channels/{channel}/chats: a message (trimmed by the contract; empty ones are refused there) with a
 * status row per other current participant.
 */
export async function sendChat(ctx: AppContext, actor: Actor, channelId: string, message: string) {
  return runCommand(ctx, actor, (command) => sendInCommand(ctx, command, actor, channelId, message));
}

async function sendInCommand(ctx: AppContext, command: Command, actor: Actor, channelId: string, message: string) {
  const { tx } = command;
  // One read finds the channel's current people with their names: the actor among them, or 404.
  const people = await tx
    .select({ id: chatParticipants.membershipId, fname: users.fname, lname: users.lname, email: users.email })
    .from(chatParticipants)
    .innerJoin(memberships, eq(memberships.id, chatParticipants.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(chatParticipants.channelId, channelId),
        eq(chatParticipants.accountId, actor.accountId),
        isNull(chatParticipants.deletedAt),
      ),
    );
  const me = people.find((p) => p.id === actor.membershipId);
  if (!me) throw new AppError('NOT_FOUND');
  const others = people.filter((p) => p.id !== actor.membershipId);
  const at = now();
  const [line] = await tx
    .insert(chatMessages)
    .values({
      accountId: actor.accountId,
      channelId,
      membershipId: actor.membershipId,
      kind: 'message',
      message,
      createdAt: at,
    })
    .returning();
  await tx
    .update(chatChannels)
    .set({ lastUpdated: at })
    .where(and(eq(chatChannels.id, channelId), eq(chatChannels.accountId, actor.accountId)));
  const statuses = others.length
    ? await tx
        .insert(chatStatuses)
        .values(others.map((r) => ({ accountId: actor.accountId, messageId: line.id, channelId, membershipId: r.id })))
        .returning({ id: chatStatuses.id, membershipId: chatStatuses.membershipId })
    : [];
  command.emit(room(channelId), 'ChatMessageSent', { chat: { id: line.id, channel: channelId } }, actor);
  for (const s of statuses)
    command.emit(`notification.${s.membershipId}`, 'ChatNotification', {
      channel: channelId,
      chat: line.id,
      statusId: s.id,
    });
  // The recipients' notifications (and mails) stand or fall with the message.
  await notify(ctx, command, {
    accountId: actor.accountId,
    event: 'chatMessage',
    recipients: others.map((o) => o.id),
    actorMembershipId: actor.membershipId,
    data: {
      channel: channelId,
      by: [me.fname, me.lname].filter(Boolean).join(' ') || me.email,
      excerpt: message.length > 140 ? `${message.slice(0, 139)}…` : message,
    },
  });
  return {
    chat: {
      id: line.id,
      channel: channelId,
      kind: 'message' as const,
      message: line.message,
      createdAt: line.createdAt.toISOString(),
      mine: true,
      user: { id: me.id, name: [me.fname, me.lname].filter(Boolean).join(' ') || me.email },
      statuses: statuses.map((s) => ({ membershipId: s.membershipId, receivedAt: null, readAt: null })),
    },
  };
}

/** GET /api/memberships/unread-chats: the member's unread messages (newest first, at most 1,000). */
export async function unreadChats(ctx: AppContext, actor: Actor): Promise<UnreadChatsResponse> {
  return unreadOf(ctx.db, actor);
}

async function unreadOf(db: DbOrTx, actor: Actor): Promise<UnreadChatsResponse> {
  const rows = await db
    .select({ id: chatStatuses.id, channelId: chatStatuses.channelId, receivedAt: chatStatuses.receivedAt })
    .from(chatStatuses)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.channelId, chatStatuses.channelId),
        eq(chatParticipants.membershipId, chatStatuses.membershipId),
        isNull(chatParticipants.deletedAt),
      ),
    )
    .where(
      and(
        eq(chatStatuses.accountId, actor.accountId),
        eq(chatStatuses.membershipId, actor.membershipId),
        isNull(chatStatuses.readAt),
      ),
    )
    .orderBy(desc(chatStatuses.id))
    .limit(1000);
  return {
    unread: rows.map((r) => ({
      channel: { id: r.channelId },
      statusId: r.id,
      receivedAt: r.receivedAt?.toISOString() ?? null,
    })),
  };
}

/**
 * PUT /api/memberships/unread-chats: `received` marks the given statuses of the member (their app got the
 * messages); `read` marks every status of the member in a channel they take part in. Senders hear StatusUpdate.
 */
export async function updateUnreadChats(
  ctx: AppContext,
  actor: Actor,
  input: UpdateUnreadChatsRequest,
): Promise<UnreadChatsResponse> {
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    const at = now();
    // Per channel: the messages whose status changed (received), or none listed (read marks the whole channel).
    const changed = new Map<string, number[]>();
    if (input.status === 'received') {
      const rows = await tx
        .update(chatStatuses)
        .set({ receivedAt: at })
        .where(
          and(
            eq(chatStatuses.accountId, actor.accountId),
            eq(chatStatuses.membershipId, actor.membershipId),
            inArray(chatStatuses.id, input.ids),
            isNull(chatStatuses.receivedAt),
          ),
        )
        .returning({ channelId: chatStatuses.channelId, messageId: chatStatuses.messageId });
      for (const r of rows) changed.set(r.channelId, [...(changed.get(r.channelId) ?? []), r.messageId]);
    } else {
      const channel = await channelOfParticipant(tx, actor.accountId, actor.membershipId, input.channel);
      const rows = await tx
        .update(chatStatuses)
        .set({ readAt: at, receivedAt: sql`coalesce(${chatStatuses.receivedAt}, ${at})` })
        .where(
          and(
            eq(chatStatuses.accountId, actor.accountId),
            eq(chatStatuses.membershipId, actor.membershipId),
            eq(chatStatuses.channelId, channel.id),
            isNull(chatStatuses.readAt),
          ),
        )
        .returning({ id: chatStatuses.id });
      if (rows.length) changed.set(channel.id, []);
    }
    for (const [channelId, chats] of changed)
      command.emit(room(channelId), 'StatusUpdate', {
        channel: channelId,
        membership: actor.membershipId,
        status: input.status,
        ...(input.status === 'received' ? { chats } : {}),
      });
    return unreadOf(tx, actor);
  });
}

import type { Chat, ChatKind, ChatUser } from '@app/contracts';
import { displayNameFor, type Member } from '@app/domain';
import { and, desc, eq, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  accounts,
  chatChannels,
  chatMessages,
  chatParticipants,
  chatStatuses,
  memberships,
  users,
} from '../../db/schema';
import { AppError } from '../../platform/errors';

/** Every query here takes the account: an id of another account finds nothing (404). */

export type ChannelRow = typeof chatChannels.$inferSelect;
export type MessageRow = typeof chatMessages.$inferSelect;

const nameOf = (u: { fname: string; lname: string; email: string }) =>
  [u.fname, u.lname].filter(Boolean).join(' ') || u.email;

/** A person as the viewer may see them: the name passes the planner restriction's rule (`displayNameFor`). */
export const nameFor = (
  viewer: Pick<Member, 'membershipId' | 'roles' | 'plannerRestricted'>,
  user: { id: string; name: string } | undefined,
): ChatUser | null => (user ? { id: user.id, name: displayNameFor(viewer, user) } : null);

/** The names of members of the account, by membership id. */
export async function namesOf(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<Map<string, { id: string; name: string }>> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: memberships.id, fname: users.fname, lname: users.lname, email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, unique)));
  return new Map(rows.map((r) => [r.id, { id: r.id, name: nameOf(r) }]));
}

/**
 * A channel the member takes part in now, or 404: another account's channel, one that does not exist and one the
 * member never joined or left all answer the same.
 */
export async function channelOfParticipant(db: DbOrTx, accountId: string, membershipId: string, channelId: string) {
  const [row] = await db
    .select({ channel: chatChannels })
    .from(chatChannels)
    .innerJoin(
      chatParticipants,
      and(
        eq(chatParticipants.channelId, chatChannels.id),
        eq(chatParticipants.membershipId, membershipId),
        isNull(chatParticipants.deletedAt),
      ),
    )
    .where(and(eq(chatChannels.id, channelId), eq(chatChannels.accountId, accountId)));
  if (!row) throw new AppError('NOT_FOUND');
  return row.channel;
}

/** The channel locked for a change of its people (two changes of one group run one after the other). */
export async function lockChannel(tx: DbOrTx, accountId: string, channelId: string) {
  await tx.execute(sql`select id from chat_channels where id = ${channelId} and account_id = ${accountId} for update`);
}

/** Everyone who ever took part (participantsWithTrashed), oldest first. */
export async function participantsOf(db: DbOrTx, accountId: string, channelIds: readonly string[]) {
  if (channelIds.length === 0) return [];
  return db
    .select({
      channelId: chatParticipants.channelId,
      membershipId: chatParticipants.membershipId,
      role: chatParticipants.role,
      createdAt: chatParticipants.createdAt,
      deletedAt: chatParticipants.deletedAt,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
    })
    .from(chatParticipants)
    .innerJoin(memberships, eq(memberships.id, chatParticipants.membershipId))
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(chatParticipants.accountId, accountId), inArray(chatParticipants.channelId, [...channelIds])))
    .orderBy(chatParticipants.createdAt, users.fname, users.lname)
    .then((rows) => rows.map((r) => ({ ...r, name: nameOf(r) })));
}

/** The active members of the account the member could reach, with what the chat policy reads about them. */
export async function reachOf(db: DbOrTx, accountId: string, membershipId: string, targets?: readonly string[]) {
  const [account] = await db.select({ settings: accounts.settings }).from(accounts).where(eq(accounts.id, accountId));
  const rows = await db
    .select({
      id: memberships.id,
      status: memberships.status,
      roles: memberships.roles,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      shares: sql<boolean>`exists (
        select 1 from membership_locations a join membership_locations b on a.location_id = b.location_id
        where a.membership_id = ${memberships.id} and b.membership_id = ${membershipId})`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.accountId, accountId),
        targets ? inArray(memberships.id, targets.length ? [...targets] : [membershipId]) : undefined,
      ),
    )
    .orderBy(users.fname, users.lname);
  return {
    contactsPublic: account?.settings?.contactsVisibility === 'public',
    members: rows.map((r) => ({ ...r, name: nameOf(r) })),
  };
}

/** A page of a channel's lines, newest first, before the given id (keyset on (channel, id)). */
export async function pageOf(db: DbOrTx, accountId: string, channelId: string, before: number | null, limit: number) {
  return db
    .select()
    .from(chatMessages)
    .where(
      and(
        eq(chatMessages.channelId, channelId),
        eq(chatMessages.accountId, accountId),
        before === null ? undefined : lt(chatMessages.id, before),
      ),
    )
    .orderBy(desc(chatMessages.id))
    .limit(limit);
}

/** The newest line of each channel: one index probe per channel. */
export async function lastLinesOf(db: DbOrTx, accountId: string, channelIds: readonly string[]) {
  if (channelIds.length === 0) return [];
  const values = sql.join(
    channelIds.map((id) => sql`(${id}::uuid)`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select m.id from (values ${values}) as c(id)
    cross join lateral (
      select id from chat_messages where channel_id = c.id and account_id = ${accountId} order by id desc limit 1
    ) m`);
  const ids = (result as unknown as { rows: { id: string | number }[] }).rows.map((r) => Number(r.id));
  if (ids.length === 0) return [];
  return db
    .select()
    .from(chatMessages)
    .where(and(eq(chatMessages.accountId, accountId), inArray(chatMessages.id, ids)));
}

/** The member's unread counts per channel. */
export async function unreadCounts(db: DbOrTx, accountId: string, membershipId: string) {
  const rows = await db
    .select({ channelId: chatStatuses.channelId, n: sql<number>`count(*)::int` })
    .from(chatStatuses)
    .where(
      and(
        eq(chatStatuses.accountId, accountId),
        eq(chatStatuses.membershipId, membershipId),
        isNull(chatStatuses.readAt),
      ),
    )
    .groupBy(chatStatuses.channelId);
  return new Map(rows.map((r) => [r.channelId, Number(r.n)]));
}

/** Lines as the API answers them, with their statuses and authors. */
export async function presentLines(
  db: DbOrTx,
  accountId: string,
  viewer: Pick<Member, 'membershipId' | 'roles' | 'plannerRestricted'>,
  lines: readonly MessageRow[],
): Promise<Chat[]> {
  if (lines.length === 0) return [];
  const messageIds = lines.filter((l) => l.kind === 'message').map((l) => l.id);
  const statuses = messageIds.length
    ? await db
        .select({
          messageId: chatStatuses.messageId,
          membershipId: chatStatuses.membershipId,
          receivedAt: chatStatuses.receivedAt,
          readAt: chatStatuses.readAt,
        })
        .from(chatStatuses)
        .where(and(eq(chatStatuses.accountId, accountId), inArray(chatStatuses.messageId, messageIds)))
    : [];
  const byMessage = new Map<number, Chat['statuses']>();
  for (const s of statuses) {
    const list = byMessage.get(s.messageId) ?? [];
    list.push({
      membershipId: s.membershipId,
      receivedAt: s.receivedAt?.toISOString() ?? null,
      readAt: s.readAt?.toISOString() ?? null,
    });
    byMessage.set(s.messageId, list);
  }
  const names = await namesOf(
    db,
    accountId,
    lines.map((l) => l.membershipId).filter((id): id is string => id !== null),
  );
  return lines.map((l) => ({
    id: l.id,
    channel: l.channelId,
    kind: l.kind as ChatKind,
    message: l.message,
    createdAt: l.createdAt.toISOString(),
    mine: l.membershipId === viewer.membershipId && l.kind === 'message',
    user: l.membershipId ? nameFor(viewer, names.get(l.membershipId)) : null,
    statuses: byMessage.get(l.id) ?? [],
  }));
}

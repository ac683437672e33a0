/**
 * Chat rows for the permission table: fresh channels written straight into the tables, so each request acts on a
 * channel of its own with the asking member taking part.
 */
import { now } from '@app/domain';
import { and, eq } from 'drizzle-orm';
import { chatChannels, chatMessages, chatParticipants, memberships } from '../../src/db/schema';
import type { Fixture } from './fixture';
import type { Who } from './table';

/** Someone every member may reach: a planner (planners answer everyone); the planner reaches the owner. */
export const reachable = (fx: Fixture, who: Who) =>
  who === 'planner' ? fx.people.owner.membershipId : fx.people.planner.membershipId;

/** A fresh channel of the Bistro with the member and a colleague, created by `creator` (the member by default). */
export async function channelWith(
  fx: Fixture,
  who: Who,
  opts: { type?: 'single' | 'group'; creator?: string; also?: string[] } = {},
): Promise<string> {
  const db = fx.t.database.db;
  const at = now();
  const member = fx.people[who].membershipId;
  const people = [
    ...new Set([member, reachable(fx, who), ...(opts.also ?? []), ...(opts.creator ? [opts.creator] : [])]),
  ];
  const creator = opts.creator ?? member;
  const [channel] = await db
    .insert(chatChannels)
    .values({
      accountId: fx.bistro.id,
      type: opts.type ?? 'group',
      title: opts.type === 'single' ? null : 'Table',
      createdBy: creator,
      createdAt: at,
      lastUpdated: at,
    })
    .returning();
  await db.insert(chatParticipants).values(
    people.map((id) => ({
      channelId: channel.id,
      membershipId: id,
      accountId: fx.bistro.id,
      role: id === creator ? 'creator' : 'member',
      createdAt: at,
    })),
  );
  await db.insert(chatMessages).values({
    accountId: fx.bistro.id,
    channelId: channel.id,
    membershipId: creator,
    kind: 'created',
    createdAt: at,
  });
  return channel.id;
}

const foreign = new WeakMap<Fixture, Promise<{ channel: string; member: string }>>();

/** A channel of Corner Store, and one of its members. */
export function foreignChannel(fx: Fixture): Promise<{ channel: string; member: string }> {
  let made = foreign.get(fx);
  if (!made) {
    made = (async () => {
      const db = fx.t.database.db;
      const [member] = await db
        .select({ id: memberships.id })
        .from(memberships)
        .where(and(eq(memberships.accountId, fx.store.id), eq(memberships.id, fx.store.member)));
      const at = now();
      const [channel] = await db
        .insert(chatChannels)
        .values({ accountId: fx.store.id, type: 'group', title: 'Store', createdAt: at, lastUpdated: at })
        .returning();
      await db
        .insert(chatParticipants)
        .values({ channelId: channel.id, membershipId: member.id, accountId: fx.store.id, createdAt: at });
      return { channel: channel.id, member: member.id };
    })();
    foreign.set(fx, made);
  }
  return made;
}

import { type Member, memberHasRight, memberHasRole } from './member';

/**
 * Who may chat with whom (docs/product/chats.md). The product has chats and a contacts visibility; how they meet is
 * ours, so the rule follows the address book: a member reaches a colleague when they
 * may see the account's contacts (the `contacts.view` right, or the account's contacts visibility is public), when
 * they plan (planners plan everyone and must reach them), or when both belong to a planning in common. Nobody
 * chats with themselves or with inactive members. The server refuses with 403 what this refuses; the web offers
 * only the people it allows.
 */
export interface ChatReach {
  /** The account's contacts visibility setting is public. */
  contactsPublic: boolean;
  /** Actor and target belong to at least one planning (location) in common. */
  sharesLocation: boolean;
  /** The target is an active member of the same account. */
  targetActive: boolean;
  /** The target plans (planners answer everyone's questions). */
  targetPlans: boolean;
}

export function mayChatWith(
  member: Pick<Member, 'membershipId' | 'roles' | 'rights' | 'managerLimited'>,
  target: string,
  reach: ChatReach,
): boolean {
  if (target === member.membershipId || !reach.targetActive) return false;
  return (
    reach.contactsPublic ||
    memberHasRight(member, 'contacts.view') ||
    memberHasRole(member, 'planner') ||
    reach.targetPlans ||
    reach.sharesLocation
  );
}

/** A group's title and its people: any participant renames it and adds people they may reach. */
export const mayEditChannel = (participant: boolean): boolean => participant;

/**
 * Removing someone else from a group: its creator, or an owner or manager taking part. Everyone may leave a group
 * (remove themselves).
 */
export function mayRemoveParticipant(
  member: Pick<Member, 'membershipId' | 'roles'>,
  channel: { creatorId: string | null },
  target: string,
): boolean {
  if (target === member.membershipId) return true;
  return channel.creatorId === member.membershipId || memberHasRole(member, 'manager');
}

/** Message status as the sender sees it: one check, two checks, two highlighted checks (docs/product/chats.md). */
export type ChatDelivery = 'sent' | 'received' | 'read';

export function chatDelivery(statuses: readonly { receivedAt: string | null; readAt: string | null }[]): ChatDelivery {
  if (statuses.length > 0 && statuses.every((s) => s.readAt !== null)) return 'read';
  if (statuses.some((s) => s.receivedAt !== null || s.readAt !== null)) return 'received';
  return 'sent';
}

/** The channel id of a chat's private realtime room `chat.{id}`, or null for any other room. */
export function chatRoomChannel(room: string): string | null {
  const m = /^chat\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i.exec(room);
  return m ? m[1].toLowerCase() : null;
}

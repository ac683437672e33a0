import { chatRoomChannel } from './chats';

/**
 * Which realtime rooms a member may join (the socket's `subscribe` and `/api/auth/broadcast` ask the same): the
 * app's, their account's, their membership's and their notifications'; a chat's private room `chat.{id}` only when
 * the caller found the member taking part in it (`chatParticipant`). Never another account's or member's.
 */
export function mayJoinRoom(
  member: { accountId: string; membershipId: string },
  room: string,
  chatParticipant = false,
): boolean {
  return (
    room === 'app' ||
    room === `account.${member.accountId}` ||
    room === `membership.${member.membershipId}` ||
    room === `notification.${member.membershipId}` ||
    (chatRoomChannel(room) !== null && chatParticipant)
  );
}

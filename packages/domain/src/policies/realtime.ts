/**
 * Which realtime rooms a member may join (the socket's `subscribe` and `/api/auth/broadcast` ask the same): the
 * app's, their account's, their membership's and their notifications'. Never another account's or member's.
 */
export function mayJoinRoom(member: { accountId: string; membershipId: string }, room: string): boolean {
  return (
    room === 'app' ||
    room === `account.${member.accountId}` ||
    room === `membership.${member.membershipId}` ||
    room === `notification.${member.membershipId}`
  );
}

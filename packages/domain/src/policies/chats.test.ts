import { describe, expect, it } from 'vitest';
import { chatDelivery, chatRoomChannel, mayChatWith, mayRemoveParticipant } from './chats';
import { mayJoinRoom } from './realtime';

const employee = { membershipId: 'e', roles: ['user' as const], rights: [], managerLimited: false };
const planner = { ...employee, membershipId: 'p', roles: ['planner' as const] };
const closed = { contactsPublic: false, sharesLocation: false, targetActive: true, targetPlans: false };

describe('who may chat with whom', () => {
  it('an employee reaches colleagues of a shared planning and people who plan, not others', () => {
    expect(mayChatWith(employee, 'x', closed)).toBe(false);
    expect(mayChatWith(employee, 'x', { ...closed, sharesLocation: true })).toBe(true);
    expect(mayChatWith(employee, 'x', { ...closed, targetPlans: true })).toBe(true);
  });

  it('public contacts, the contacts.view right and planning open everyone', () => {
    expect(mayChatWith(employee, 'x', { ...closed, contactsPublic: true })).toBe(true);
    expect(mayChatWith({ ...employee, rights: ['contacts.view'] }, 'x', closed)).toBe(true);
    expect(mayChatWith(planner, 'x', closed)).toBe(true);
  });

  it('nobody chats with themselves or with inactive members', () => {
    expect(mayChatWith(planner, 'p', closed)).toBe(false);
    expect(mayChatWith(planner, 'x', { ...closed, targetActive: false, contactsPublic: true })).toBe(false);
  });
});

describe('removing people from a group', () => {
  it('anyone removes themselves (leaves); others are removed by the creator, an owner or a manager', () => {
    expect(mayRemoveParticipant(employee, { creatorId: 'p' }, 'e')).toBe(true);
    expect(mayRemoveParticipant(employee, { creatorId: 'p' }, 'x')).toBe(false);
    expect(mayRemoveParticipant(employee, { creatorId: 'e' }, 'x')).toBe(true);
    expect(mayRemoveParticipant({ ...employee, roles: ['manager'] }, { creatorId: 'p' }, 'x')).toBe(true);
    expect(mayRemoveParticipant({ ...employee, roles: ['owner'] }, { creatorId: null }, 'x')).toBe(true);
    expect(mayRemoveParticipant(planner, { creatorId: 'e' }, 'x')).toBe(false);
  });
});

describe('message status', () => {
  const s = (receivedAt: string | null, readAt: string | null) => ({ receivedAt, readAt });
  it('one check until someone received it, two when one did, highlighted when all read it', () => {
    expect(chatDelivery([s(null, null), s(null, null)])).toBe('sent');
    expect(chatDelivery([s('t', null), s(null, null)])).toBe('received');
    expect(chatDelivery([s('t', 't'), s(null, null)])).toBe('received');
    expect(chatDelivery([s('t', 't'), s('t', 't')])).toBe('read');
    expect(chatDelivery([])).toBe('sent');
  });
});

describe('chat rooms', () => {
  const id = '0f1cf8a0-3db5-481f-b87c-e85188e52961';
  it('names a channel only in a well-formed chat room', () => {
    expect(chatRoomChannel(`chat.${id}`)).toBe(id);
    expect(chatRoomChannel(`chat.${id}.x`)).toBeNull();
    expect(chatRoomChannel('chat.')).toBeNull();
    expect(chatRoomChannel(`account.${id}`)).toBeNull();
  });
  it('admits a chat room only for a participant', () => {
    const member = { accountId: 'a', membershipId: 'm' };
    expect(mayJoinRoom(member, `chat.${id}`)).toBe(false);
    expect(mayJoinRoom(member, `chat.${id}`, true)).toBe(true);
    expect(mayJoinRoom(member, 'account.b', true)).toBe(false);
  });
});

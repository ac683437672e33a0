import type { MemberListItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { EMPTY_FILTER, filterMembers, parsePeopleList } from './model';

const member = (over: Partial<MemberListItem>): MemberListItem => ({
  id: over.email ?? 'x',
  fname: 'A',
  lname: 'A',
  email: 'a@example.com',
  gravatar: '',
  roles: ['user'],
  state: 'active',
  access: 'yes',
  employeeNumber: null,
  jobTitle: null,
  hireDate: null,
  locationIds: [],
  dutyIds: [],
  tagIds: [],
  contractMinutes: null,
  invitedAt: null,
  profileMissing: 0,
  ...over,
});

describe('team filter', () => {
  const team = [
    member({ email: 'lina@example.com', fname: 'Lina', lname: 'Schröder', locationIds: ['cafe'], tagIds: ['barista'] }),
    member({ email: 'olivia@example.com', fname: 'Olivia', lname: 'Owner', roles: ['owner'], contractMinutes: 2400 }),
    member({ email: 'new@example.com', fname: 'New', lname: 'Bie', state: 'expired', profileMissing: 3 }),
    member({ email: 'laura@example.com', fname: 'Laura', lname: 'Krause', state: 'inactive' }),
  ];
  it('finds names without their accents, and every word', () => {
    expect(filterMembers(team, { ...EMPTY_FILTER, search: 'schroder lina' }, 'en').map((m) => m.fname)).toEqual([
      'Lina',
    ]);
  });
  it('an expired invitation counts as invited', () => {
    expect(filterMembers(team, { ...EMPTY_FILTER, status: 'invited' }, 'en').map((m) => m.fname)).toEqual(['New']);
  });
  it('keeps the members whose staff file lacks required fields, or those whose file is complete', () => {
    expect(filterMembers(team, { ...EMPTY_FILTER, profile: 'incomplete' }, 'en').map((m) => m.fname)).toEqual(['New']);
    expect(filterMembers(team, { ...EMPTY_FILTER, profile: 'complete' }, 'en')).toHaveLength(3);
  });
  it('filters by planning, tag and role; sorts by role and contract hours', () => {
    expect(filterMembers(team, { ...EMPTY_FILTER, location: 'cafe', tag: 'barista' }, 'en')).toHaveLength(1);
    expect(filterMembers(team, { ...EMPTY_FILTER, role: 'owner' }, 'en')[0].fname).toBe('Olivia');
    expect(filterMembers(team, { ...EMPTY_FILTER, sort: 'contract' }, 'en')[0].fname).toBe('Olivia');
  });
});

describe('pasted people', () => {
  it('reads names and addresses in the common shapes and names the lines without one', () => {
    const { people, problems } = parsePeopleList(
      'Anna Schmidt <Anna.Schmidt@example.com>\nBen, Neumann, ben@example.com\n\njust a name\nkasia.nowak@example.com',
    );
    expect(people).toEqual([
      { fname: 'Anna', lname: 'Schmidt', email: 'anna.schmidt@example.com' },
      { fname: 'Ben', lname: 'Neumann', email: 'ben@example.com' },
      { fname: 'Kasia', lname: 'Nowak', email: 'kasia.nowak@example.com' },
    ]);
    expect(problems).toEqual([4]);
  });
});

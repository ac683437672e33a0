import { describe, expect, it } from 'vitest';
import { hidesNames, seesColleagueNames } from '../roster/policy';
import { displayNameFor } from './members';

const viewer = (roles: ('planner' | 'owner' | 'user')[], plannerRestricted: boolean) => ({
  membershipId: 'me',
  roles,
  plannerRestricted,
});

describe('the names rule of the planner restriction (issue 20)', () => {
  it('hides every name but the viewer’s own from a restricted planner', () => {
    const restricted = viewer(['planner'], true);
    expect(hidesNames(restricted)).toBe(true);
    expect(displayNameFor(restricted, { id: 'other', name: 'Mia Schneider' })).toBeNull();
    expect(displayNameFor(restricted, { id: 'me', name: 'Me Myself' })).toBe('Me Myself');
    expect(seesColleagueNames({ ...restricted, rights: [], plannedThatDay: true })).toBe(false);
  });

  it('shows names to planners without the restriction, and the flag means nothing to non-planners', () => {
    expect(displayNameFor(viewer(['planner'], false), { id: 'other', name: 'Mia' })).toBe('Mia');
    expect(displayNameFor(viewer(['owner'], false), { id: 'other', name: 'Mia' })).toBe('Mia');
    expect(hidesNames(viewer(['user'], true))).toBe(false);
    expect(displayNameFor(viewer(['user'], true), { id: null, name: '' })).toBe('');
  });
});

import { RIGHTS, ROLES, type Role } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dossierChangeTellsMember, mayKeepDossier, mayOpenDossier, maySeeDossierEntry } from './dossiers';
import type { Member } from './member';

const member = (roles: Role[], over: Partial<Member> = {}): Member => ({
  membershipId: 'me',
  roles,
  rights: [],
  managerLimited: false,
  plannerRestricted: false,
  ...over,
});
const employee = { membershipId: 'other', roles: ['user'] };
const owner = { membershipId: 'other', roles: ['owner'] };

const anyMember = fc.record({
  membershipId: fc.constantFrom('me', 'other', 'third'),
  roles: fc.subarray([...ROLES], { minLength: 1 }),
  rights: fc.subarray([...RIGHTS]),
  managerLimited: fc.boolean(),
  plannerRestricted: fc.boolean(),
});
const anyTarget = fc.record({
  membershipId: fc.constantFrom('me', 'other', 'third'),
  roles: fc.subarray([...ROLES], { minLength: 1 }),
});

describe('dossier policy', () => {
  it('owners and managers keep an employee dossier; planners, supervisors and employees do not', () => {
    expect(mayKeepDossier(member(['owner']), employee)).toBe(true);
    expect(mayKeepDossier(member(['manager']), employee)).toBe(true);
    for (const role of ['planner', 'supervisor', 'observer', 'accountant', 'biller', 'freelancer', 'user'] as Role[])
      expect([role, mayKeepDossier(member([role], { rights: ['user.edit'] }), employee)]).toEqual([role, false]);
  });

  it('a limited manager keeps dossiers only with the team right', () => {
    expect(mayKeepDossier(member(['manager'], { managerLimited: true }), employee)).toBe(false);
    expect(mayKeepDossier(member(['manager'], { managerLimited: true, rights: ['user.edit'] }), employee)).toBe(true);
  });

  it("an owner's dossier is kept by owners only", () => {
    expect(mayKeepDossier(member(['manager']), owner)).toBe(false);
    expect(mayKeepDossier(member(['owner']), owner)).toBe(true);
  });

  it('nobody keeps their own dossier, not even an owner', () => {
    expect(mayKeepDossier(member(['owner']), { membershipId: 'me', roles: ['owner'] })).toBe(false);
  });

  it('a member sees exactly the shared entries of their own dossier, a colleague nothing', () => {
    fc.assert(
      fc.property(anyMember, anyTarget, fc.boolean(), (viewer, target, shared) => {
        const sees = maySeeDossierEntry(viewer, target, { shared });
        const keeps = mayKeepDossier(viewer, target);
        if (viewer.membershipId === target.membershipId) expect(sees).toBe(shared);
        else expect(sees).toBe(keeps);
        // Whoever sees an entry opens the dossier; whoever keeps it sees every entry.
        if (sees) expect(mayOpenDossier(viewer, target)).toBe(true);
        if (keeps) expect(maySeeDossierEntry(viewer, target, { shared: false })).toBe(true);
      }),
    );
  });

  it('a keeper is always a manager or owner with the team right', () => {
    fc.assert(
      fc.property(anyMember, anyTarget, (viewer, target) => {
        if (!mayKeepDossier(viewer, target)) return;
        expect(viewer.roles.some((r) => r === 'owner' || r === 'manager')).toBe(true);
        expect(viewer.membershipId).not.toBe(target.membershipId);
      }),
    );
  });

  it('the member is told when an entry becomes visible to them, not on other edits', () => {
    expect(dossierChangeTellsMember(null, { shared: true })).toBe(true);
    expect(dossierChangeTellsMember(null, { shared: false })).toBe(false);
    expect(dossierChangeTellsMember({ shared: false }, { shared: true })).toBe(true);
    expect(dossierChangeTellsMember({ shared: true }, { shared: true })).toBe(false);
    expect(dossierChangeTellsMember({ shared: true }, { shared: false })).toBe(false);
  });
});

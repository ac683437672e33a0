import { ROLES, VACATION_STATES } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Member } from './member';
import {
  firstVacationDay,
  mayDecideVacation,
  mayRequestVacation,
  mayTakePartDay,
  type VacationAction,
  vacationAbilitiesOf,
  vacationDatesProblems,
  vacationInForce,
  vacationRefusal,
} from './vacation';

const ACTIONS: VacationAction[] = ['withdraw', 'approve', 'deny', 'change', 'remove'];
const RIGHTS = ['vacation.request', 'vacation.approve'];

/** Any member: their roles, the vacation rights and the manager limitation. */
const member = fc.record({
  membershipId: fc.constantFrom('me', 'colleague'),
  roles: fc.subarray([...ROLES]),
  rights: fc.subarray(RIGHTS),
  managerLimited: fc.boolean(),
  plannerRestricted: fc.constant(false),
}) as fc.Arbitrary<Member>;
/** Any request: the member's own or a colleague's, in any state (and one no state names). */
const request = fc.record({
  membershipId: fc.constantFrom('me', 'colleague'),
  status: fc.constantFrom(...VACATION_STATES, 'archived'),
});
const day = fc.integer({ min: 0, max: 400 }).map((n) => new Date(Date.UTC(2026, 0, 1 + n)).toISOString().slice(0, 10));

const employee: Member = {
  membershipId: 'me',
  roles: ['user'],
  rights: ['vacation.request'],
  managerLimited: false,
  plannerRestricted: false,
};
const manager: Member = { ...employee, roles: ['manager'], rights: [] };

describe('who asks for their own vacation', () => {
  it('a planner without the vacation.request right asks for their own, not for others', () => {
    const planner: Member = { ...employee, roles: ['planner'], rights: [] };
    expect(mayRequestVacation(planner, 'me')).toBe(true);
    expect(mayRequestVacation(planner, 'colleague')).toBe(false);
    expect(mayRequestVacation({ ...employee, rights: [] }, 'me')).toBe(false);
  });
});

describe('what a member may do with a vacation request', () => {
  it('the requester withdraws and changes their own pending request; they do not decide it', () => {
    const own = { membershipId: 'me', status: 'pending' };
    expect(vacationAbilitiesOf(employee, own)).toEqual({
      withdraw: true,
      approve: false,
      deny: false,
      change: true,
      remove: false,
    });
    expect(vacationAbilitiesOf(employee, { ...own, status: 'approved' })).toEqual({
      withdraw: false,
      approve: false,
      deny: false,
      change: false,
      remove: false,
    });
  });

  it("a manager decides a colleague's pending request, changes it and removes it while it is in force", () => {
    const theirs = { membershipId: 'colleague', status: 'pending' };
    expect(vacationAbilitiesOf(manager, theirs)).toEqual({
      withdraw: false,
      approve: true,
      deny: true,
      change: true,
      remove: true,
    });
    expect(vacationAbilitiesOf(manager, { ...theirs, status: 'approved' })).toMatchObject({
      approve: false,
      change: false,
      remove: true,
    });
    expect(vacationAbilitiesOf(manager, { ...theirs, status: 'denied' })).toMatchObject({ remove: false });
  });

  it('property: nothing is possible on a request that is no longer in force', () => {
    fc.assert(
      fc.property(member, request, (m, r) => {
        if (vacationInForce(r.status)) return;
        expect(Object.values(vacationAbilitiesOf(m, r)).some(Boolean)).toBe(false);
      }),
    );
  });

  it('property: only a pending request is withdrawn, decided or changed; an approved one can only be removed', () => {
    fc.assert(
      fc.property(member, request, (m, r) => {
        const can = vacationAbilitiesOf(m, r);
        if (r.status !== 'pending') expect(can.withdraw || can.approve || can.deny || can.change).toBe(false);
        if (can.remove) expect(vacationInForce(r.status)).toBe(true);
      }),
    );
  });

  it('property: only the requester withdraws; only those who decide approve, deny and remove', () => {
    fc.assert(
      fc.property(member, request, (m, r) => {
        const can = vacationAbilitiesOf(m, r);
        if (can.withdraw) expect(r.membershipId).toBe(m.membershipId);
        expect(can.approve).toBe(can.deny);
        if (can.approve || can.remove) expect(mayDecideVacation(m)).toBe(true);
        if (can.change) expect(mayRequestVacation(m, r.membershipId)).toBe(true);
      }),
    );
  });

  it('property: a refusal is "state" exactly when the member could act on a pending request, else "forbidden"', () => {
    fc.assert(
      fc.property(member, request, fc.constantFrom(...ACTIONS), (m, r, action) => {
        const refusal = vacationRefusal(m, r, action);
        expect(refusal === null).toBe(vacationAbilitiesOf(m, r)[action]);
        if (refusal !== null) {
          const whenPending = vacationAbilitiesOf(m, { ...r, status: 'pending' })[action];
          expect(refusal).toBe(whenPending ? 'state' : 'forbidden');
        }
      }),
    );
  });
});

describe("a request's dates", () => {
  it('a morning or an afternoon is for one date', () => {
    expect(mayTakePartDay({ from: '2026-05-04', until: '2026-05-04' })).toBe(true);
    expect(mayTakePartDay({ from: '2026-05-04', until: '2026-05-05' })).toBe(false);
    expect(mayTakePartDay({ from: null, until: null })).toBe(false);
    expect(
      vacationDatesProblems(employee, { from: '2026-05-04', until: '2026-05-05', duration: 'morning' }, '2026-05-01'),
    ).toEqual({ until: ['vacation.errors.partDay'] });
  });

  it('property: the past is closed exactly to those who do not decide vacation', () => {
    fc.assert(
      fc.property(member, day, day, (m, from, today) => {
        const problems = vacationDatesProblems(m, { from, until: from, duration: 'full' }, today);
        const closed = !mayDecideVacation(m) && from < today;
        expect(problems).toEqual(closed ? { from: ['vacation.errors.past'] } : {});
        expect(firstVacationDay(m, today)).toBe(mayDecideVacation(m) ? null : today);
      }),
    );
  });
});

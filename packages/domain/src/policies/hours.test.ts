import { ROLES } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type HoursAction,
  type HoursLineState,
  hoursAbilitiesOf,
  hoursRefusal,
  mayBillHours,
  mayCollectSignatures,
  mayEditHours,
  maySuperviseHours,
  openingTimesheetTab,
} from './hours';
import type { Member } from './member';

const ACTIONS: HoursAction[] = ['edit', 'remove', 'approve', 'deny', 'reopen', 'sign', 'bill'];
const RIGHTS = ['hours.own', 'hours.unplanned', 'hours.others', 'hours.signaturesOnly'];

const member = fc.record({
  membershipId: fc.constantFrom('me', 'colleague'),
  roles: fc.subarray([...ROLES]),
  rights: fc.subarray(RIGHTS),
  managerLimited: fc.boolean(),
  plannerRestricted: fc.constant(false),
}) as fc.Arbitrary<Member>;
const line = fc.record({
  membershipId: fc.constantFrom('me', 'colleague'),
  createdBy: fc.constantFrom('me', 'colleague', null),
  status: fc.constantFrom('pending', 'denied', 'approved'),
  paid: fc.boolean(),
  signed: fc.boolean(),
}) as fc.Arbitrary<HoursLineState>;

describe('hours abilities', () => {
  it('an ability is exactly the absence of a refusal', () => {
    fc.assert(
      fc.property(member, line, (m, l) => {
        const can = hoursAbilitiesOf(m, l);
        for (const action of ACTIONS) expect(can[action]).toBe(hoursRefusal(m, l, action) === null);
      }),
    );
  });

  it('approved or paid lines are locked; only an approved line is signed, billed or reopened', () => {
    fc.assert(
      fc.property(member, line, (m, l) => {
        const can = hoursAbilitiesOf(m, l);
        if (l.status === 'approved' || l.paid) expect(can.edit || can.remove).toBe(false);
        if (l.status !== 'approved') expect(can.sign || can.bill || can.reopen).toBe(false);
        if (l.status === 'approved') expect(can.approve || can.deny).toBe(false);
        if (l.signed) expect(can.sign).toBe(false);
        if (l.paid) expect(can.deny || can.reopen).toBe(false);
      }),
    );
  });

  it('each action needs its right whatever the state, and the right with an open state allows it', () => {
    fc.assert(
      fc.property(member, line, (m, l) => {
        const can = hoursAbilitiesOf(m, l);
        if (can.approve || can.deny || can.reopen) expect(maySuperviseHours(m)).toBe(true);
        if (can.sign) expect(mayCollectSignatures(m)).toBe(true);
        if (can.bill) expect(mayBillHours(m)).toBe(true);
        expect(can.edit).toBe(mayEditHours(m, l));
        const open = { ...l, status: 'pending' as const, paid: false, signed: false };
        expect(hoursAbilitiesOf(m, open).approve).toBe(maySuperviseHours(m));
      }),
    );
  });

  it('names why: locked lines before rights for changes, rights before state for decisions', () => {
    const employee: Member = {
      membershipId: 'me',
      roles: ['user'],
      rights: ['hours.own'],
      managerLimited: false,
      plannerRestricted: false,
    };
    const approved: HoursLineState = {
      membershipId: 'me',
      createdBy: 'me',
      status: 'approved',
      paid: false,
      signed: false,
    };
    expect(hoursRefusal(employee, approved, 'edit')).toBe('ERR_CONFIRMED');
    expect(hoursRefusal(employee, { ...approved, paid: true }, 'remove')).toBe('ERR_HOURS_PAID');
    expect(hoursRefusal(employee, approved, 'approve')).toBe('FORBIDDEN');
    const supervisor = { ...employee, roles: ['supervisor' as const] };
    expect(hoursRefusal(supervisor, approved, 'approve')).toBe('ERR_CONFIRMED');
    expect(hoursRefusal(supervisor, { ...approved, status: 'pending' }, 'reopen')).toBe('NOTHING_TO_DO');
    expect(hoursRefusal(supervisor, { ...approved, status: 'pending' }, 'sign')).toBe('CONFLICT');
    expect(hoursAbilitiesOf(employee, { ...approved, status: 'pending' })).toMatchObject({ edit: true, remove: true });
  });
});

describe('the tab the timesheet opens on', () => {
  it('is "to be approved" for those who approve, though they register their own hours too', () => {
    expect(openingTimesheetTab(['register', 'pending', 'approve', 'approved'])).toBe('approve');
    expect(openingTimesheetTab(['register', 'pending', 'approved'])).toBe('register');
    expect(openingTimesheetTab([])).toBeUndefined();
  });
});

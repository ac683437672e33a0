import type { Member } from './member';
import { memberHasRight, memberHasRole } from './member';

type Who = Pick<Member, 'membershipId' | 'roles' | 'rights' | 'managerLimited'>;

/**
 * Vacation (spec 000 sections 2, 4 and 6). Managers (and owners) decide requests; planners decide them when they
 * hold the `vacation.approve` right ("managers and planners with the right"). A member requests their own vacation
 * with the `vacation.request` right; those who decide also enter requests for others.
 */
export const mayDecideVacation = (m: Omit<Who, 'membershipId'>) =>
  memberHasRole(m, 'manager') || (memberHasRole(m, 'planner') && memberHasRight(m, 'vacation.approve'));

export const mayRequestVacation = (m: Who, membershipId: string) =>
  membershipId === m.membershipId
    ? memberHasRight(m, 'vacation.request') || mayDecideVacation(m)
    : mayDecideVacation(m);

/** One's own requests and balance; everyone's for those who decide. */
export const mayReadVacationOf = (m: Who, membershipId: string) =>
  membershipId === m.membershipId || mayDecideVacation(m);

/** Only the requester withdraws, and only while the request waits. */
export const mayWithdrawVacation = (m: Who, request: { membershipId: string; status: string }) =>
  request.membershipId === m.membershipId && request.status === 'pending';

/** Credits and debits of vacation days: owners and managers. */
export const mayAdjustVacation = (m: Omit<Who, 'membershipId'>) => memberHasRole(m, 'manager');

/**
 * Time-for-time balances: a member with the membership's balance flag reads their own; `balances.overview` reads
 * everyone's. Corrections are for owners and managers.
 */
export const mayReadBalanceOf = (m: Who & { balanceFlag: boolean }, membershipId: string) =>
  memberHasRight(m, 'balances.overview') || (membershipId === m.membershipId && m.balanceFlag);

export const mayReadBalances = (m: Omit<Who, 'membershipId'>) => memberHasRight(m, 'balances.overview');

export const mayCorrectBalance = (m: Omit<Who, 'membershipId'>) =>
  memberHasRole(m, 'manager') && memberHasRight(m, 'balances.overview');

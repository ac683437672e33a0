import type { Member } from './member';
import { memberHasRight, memberHasRole } from './member';

type Who = Pick<Member, 'membershipId' | 'roles' | 'rights' | 'managerLimited'>;

/**
 * Vacation (docs/product/vacation.md). Managers (and owners) decide requests; planners decide them when they
 * hold the `vacation.approve` right ("managers and planners with the right"). A member requests their own vacation
 * with the `vacation.request` right; planners (and the owners and managers above them) ask for their own without it:
 * they plan the others' leave and take leave themselves. Those who decide also enter requests for others.
 */
export const mayDecideVacation = (m: Omit<Who, 'membershipId'>) =>
  memberHasRole(m, 'manager') || (memberHasRole(m, 'planner') && memberHasRight(m, 'vacation.approve'));

export const mayRequestVacation = (m: Who, membershipId: string) =>
  membershipId === m.membershipId
    ? memberHasRight(m, 'vacation.request') || memberHasRole(m, 'planner') || mayDecideVacation(m)
    : mayDecideVacation(m);

/** One's own requests and balance; everyone's for those who decide. */
export const mayReadVacationOf = (m: Who, membershipId: string) =>
  membershipId === m.membershipId || mayDecideVacation(m);

/** A request as its abilities read it: whose it is and its state (pending, approved, denied, withdrawn, removed). */
export interface VacationRequestState {
  membershipId: string;
  status: string;
}

/** What a member may do with one request, in its state: the server enforces these, the web shows their buttons. */
export interface VacationAbilities {
  /** The requester takes it back while it waits for a decision. */
  withdraw: boolean;
  /** Those who decide approve or deny it while it waits. */
  approve: boolean;
  deny: boolean;
  /** Whoever may file it changes its dates, part of the day, compensation and note while it waits; a decision locks it. */
  change: boolean;
  /** Those who decide remove it while it is in force (pending or approved): a plan changed, entered by mistake. */
  remove: boolean;
}
export type VacationAction = keyof VacationAbilities;

/** A request in force: waiting for a decision or approved. Its dates are taken. */
export const vacationInForce = (status: string) => status === 'pending' || status === 'approved';

export function vacationAbilitiesOf(m: Who, request: VacationRequestState): VacationAbilities {
  const pending = request.status === 'pending';
  const decides = mayDecideVacation(m);
  return {
    withdraw: pending && request.membershipId === m.membershipId,
    approve: pending && decides,
    deny: pending && decides,
    change: pending && mayRequestVacation(m, request.membershipId),
    remove: decides && vacationInForce(request.status),
  };
}

/**
 * Why an action on a request is refused: `forbidden` when the member may not do it whatever the state (the server
 * answers 403), `state` when they could but the request is no longer in a state that allows it (409: someone was
 * quicker); null when it is allowed. Every action is open on a pending request, so that is what `forbidden` asks.
 */
export function vacationRefusal(
  m: Who,
  request: VacationRequestState,
  action: VacationAction,
): 'forbidden' | 'state' | null {
  if (vacationAbilitiesOf(m, request)[action]) return null;
  return vacationAbilitiesOf(m, { ...request, status: 'pending' })[action] ? 'state' : 'forbidden';
}

/** The first day a member may ask vacation for: today, unless they decide vacation (they also enter the past). */
export const firstVacationDay = (m: Omit<Who, 'membershipId'>, today: string): string | null =>
  mayDecideVacation(m) ? null : today;

/** A morning or an afternoon is for one date; a range of dates is taken in full days. */
export const mayTakePartDay = (range: { from: string | null; until: string | null }) =>
  range.from !== null && range.from === range.until;

/** The rules of a request's dates before it is counted, per field, as catalog keys (empty when none is broken). */
export function vacationDatesProblems(
  m: Omit<Who, 'membershipId'>,
  body: { from: string; until: string; duration: string },
  today: string,
): Partial<Record<'from' | 'until', string[]>> {
  const out: Partial<Record<'from' | 'until', string[]>> = {};
  if (body.duration !== 'full' && !mayTakePartDay(body)) out.until = ['vacation.errors.partDay'];
  const first = firstVacationDay(m, today);
  if (first !== null && body.from < first) out.from = ['vacation.errors.past'];
  return out;
}

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

import type { TimesheetTab } from '@app/contracts';
import { type Member, memberHasRight, memberHasRole } from './member';

/**
 * Hours rules (docs/product/hours.md), shared by the server's guards and the timesheet's buttons:
 * - supervisors (and the owners and managers above them) approve, deny and edit everyone's hours in their reach;
 * - billers read hours and mark them billed;
 * - every member registers as their rights say: hours.own (own planned items), hours.unplanned (own hours without
 *   an item), hours.others (for colleagues); expenses.declare and travel.declare for euro and kilometres.
 */

type Who = Pick<Member, 'roles' | 'rights' | 'managerLimited'>;

/**
 * The supervisor variant that only collects signatures (docs/product/hours.md, "Who"): a supervisor holding the right
 * `hours.signaturesOnly` signs approved hours and reads them, but does not approve, deny, edit, reopen or confirm.
 * Owners and managers are never limited by it.
 */
export const collectsSignaturesOnly = (m: Who) =>
  memberHasRight(m, 'hours.signaturesOnly') && !memberHasRole(m, 'manager');
export const maySuperviseHours = (m: Who) => memberHasRole(m, 'supervisor') && !collectsSignaturesOnly(m);
/** Draws signatures on approved hours: every supervisor, the signature-only variant too. */
export const mayCollectSignatures = (m: Who) => memberHasRole(m, 'supervisor');
export const mayBillHours = (m: Who) => memberHasRole(m, 'biller');
/** Reads everyone's hours (in their reach): supervisors (either variant) and billers. */
export const mayReadAllHours = (m: Who) => mayCollectSignatures(m) || mayBillHours(m);

export const mayRegisterOwnHours = (m: Who) => maySuperviseHours(m) || memberHasRight(m, 'hours.own');
export const mayRegisterUnplannedHours = (m: Who) => maySuperviseHours(m) || memberHasRight(m, 'hours.unplanned');
export const mayRegisterHoursForOthers = (m: Who) => maySuperviseHours(m) || memberHasRight(m, 'hours.others');
export const mayDeclareExpenses = (m: Who) => maySuperviseHours(m) || memberHasRight(m, 'expenses.declare');
export const mayDeclareTravel = (m: Who) => maySuperviseHours(m) || memberHasRight(m, 'travel.declare');

/** Whether the member may register hours of this kind: for themselves or someone else, planned or not. */
export function mayRegisterHours(m: Member, input: { forMember: string; planned: boolean }): boolean {
  if (input.forMember !== m.membershipId) return mayRegisterHoursForOthers(m);
  return input.planned ? mayRegisterOwnHours(m) : mayRegisterUnplannedHours(m);
}

/**
 * Whether the member may still change (or withdraw) hours: pending or denied, not paid, and theirs, registered by
 * them, or supervised by them. Approved hours are locked (a supervisor reopens them first).
 */
export function mayEditHours(
  m: Member,
  hours: { membershipId: string; createdBy: string | null; status: string; paid: boolean },
): boolean {
  if (hours.paid || hours.status === 'approved') return false;
  if (maySuperviseHours(m)) return true;
  if (hours.membershipId === m.membershipId) return mayRegisterOwnHours(m) || mayRegisterUnplannedHours(m);
  return hours.createdBy === m.membershipId && mayRegisterHoursForOthers(m);
}

/** The menu's hours entry (docs/product/rights.md): billers and supervisors (owners and managers included). */
export const hoursInMenu = (m: Who) => memberHasRole(m, 'biller', 'supervisor');

/**
 * The timesheet opens for whoever has a tab there: readers of others' hours and members who register hours. Those
 * outside the menu's hours entry reach it from the overview (docs/product/rights.md).
 */
export const mayOpenTimesheet = (m: Who) => timesheetTabs(m).length > 0;

/** The timesheet tabs the member sees, in their fixed order (docs/product/hours.md, "The timesheet"). */
export function timesheetTabs(m: Who): TimesheetTab[] {
  const own = mayRegisterOwnHours(m) || mayRegisterUnplannedHours(m) || mayRegisterHoursForOthers(m);
  const tabs: TimesheetTab[] = [];
  if (own) tabs.push('register', 'pending');
  if (maySuperviseHours(m)) tabs.push('approve');
  if (own || mayReadAllHours(m)) tabs.push('approved');
  if (maySuperviseHours(m)) tabs.push('confirm');
  if (mayCollectSignatures(m)) tabs.push('unsigned');
  return tabs;
}

/**
 * The tab the timesheet opens on when none is asked for: "To be approved" for those who approve (their work waits
 * there), else the first of their tabs (docs/product/hours.md, "The timesheet").
 */
export const openingTimesheetTab = (tabs: readonly TimesheetTab[]): TimesheetTab | undefined =>
  tabs.includes('approve') ? 'approve' : tabs[0];

/** What a line of hours is, as far as the actions on it are concerned. */
export interface HoursLineState {
  membershipId: string;
  createdBy: string | null;
  status: 'pending' | 'denied' | 'approved';
  paid: boolean;
  signed: boolean;
  /** On a client invoice (docs/product/invoicing.md): locked like approved hours, and not reopened or unbilled. */
  invoiced?: boolean;
  /** On a freelancer's invoice that stands (docs/product/freelance.md): locked like paid hours. */
  freelancerInvoiced?: boolean;
}

export type HoursAction = 'edit' | 'remove' | 'approve' | 'deny' | 'reopen' | 'sign' | 'bill';

/**
 * Why an action on a line is refused, as the error code the server answers (null when allowed): FORBIDDEN when the
 * member may not do it whatever the line's state; ERR_HOURS_PAID, ERR_HOURS_INVOICED and ERR_CONFIRMED when the line
 * is paid, on a freelancer's invoice, or approved or on a client invoice (locked); CONFLICT when the line is not
 * approved yet (signing, billing) or already signed; NOTHING_TO_DO when reopening a line that is not approved (the server answers the line unchanged). Checked in this order, which is the
 * order the answers were always given in (docs/product/hours.md).
 */
export function hoursRefusal(
  m: Member,
  line: HoursLineState,
  action: HoursAction,
): 'FORBIDDEN' | 'ERR_HOURS_PAID' | 'ERR_HOURS_INVOICED' | 'ERR_CONFIRMED' | 'CONFLICT' | 'NOTHING_TO_DO' | null {
  switch (action) {
    case 'edit':
    case 'remove':
      if (line.paid) return 'ERR_HOURS_PAID';
      if (line.freelancerInvoiced) return 'ERR_HOURS_INVOICED';
      if (line.status === 'approved') return 'ERR_CONFIRMED';
      return mayEditHours(m, line) ? null : 'FORBIDDEN';
    case 'approve':
      if (!maySuperviseHours(m)) return 'FORBIDDEN';
      return line.status === 'approved' ? 'ERR_CONFIRMED' : null;
    case 'deny':
      if (!maySuperviseHours(m)) return 'FORBIDDEN';
      if (line.paid) return 'ERR_HOURS_PAID';
      if (line.freelancerInvoiced) return 'ERR_HOURS_INVOICED';
      return line.status === 'approved' ? 'ERR_CONFIRMED' : null;
    case 'reopen':
      if (!maySuperviseHours(m)) return 'FORBIDDEN';
      if (line.paid) return 'ERR_HOURS_PAID';
      if (line.freelancerInvoiced) return 'ERR_HOURS_INVOICED';
      if (line.invoiced) return 'ERR_CONFIRMED';
      return line.status === 'approved' ? null : 'NOTHING_TO_DO';
    case 'sign':
      if (!mayCollectSignatures(m)) return 'FORBIDDEN';
      return line.status === 'approved' && !line.signed ? null : 'CONFLICT';
    case 'bill':
      if (!mayBillHours(m)) return 'FORBIDDEN';
      if (line.invoiced) return 'ERR_CONFIRMED';
      return line.status === 'approved' ? null : 'CONFLICT';
  }
}

export type HoursAbilities = Record<HoursAction, boolean>;

/**
 * What the member may do with a registered line now, given its state: the timesheet shows exactly these buttons and
 * the server allows exactly these calls (`hoursRefusal` says why not).
 */
export function hoursAbilitiesOf(m: Member, line: HoursLineState): HoursAbilities {
  const may = (action: HoursAction) => hoursRefusal(m, line, action) === null;
  return {
    edit: may('edit'),
    remove: may('remove'),
    approve: may('approve'),
    deny: may('deny'),
    reopen: may('reopen'),
    sign: may('sign'),
    bill: may('bill'),
  };
}

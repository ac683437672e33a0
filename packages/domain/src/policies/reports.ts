import { type Member, memberHasRight, memberHasRole } from './member';

/**
 * Reports and lists (docs/product/reports.md), shared by the server's checks, the route guards and the menu:
 * - reports (registered hours, downloads, payroll export) are the accountant's (owners hold that role too); the
 *   right `reports.access` opens the reports to another member, but not the payroll export, which marks hours
 *   paid (docs/product/rights.md);
 * - lists (the planned items of the roster, downloads) are the planner's;
 * - the printable roster of a week, and mailing it to staff without access, is the planner's.
 */

type Who = Pick<Member, 'roles'>;

export const mayUseReports = (m: Pick<Member, 'roles' | 'rights' | 'managerLimited'>) =>
  memberHasRole(m, 'accountant') || memberHasRight(m, 'reports.access');
export const mayExportPayroll = (m: Who) => memberHasRole(m, 'accountant');
export const mayUseLists = (m: Who) => memberHasRole(m, 'planner');
export const mayPrintRoster = (m: Who) => memberHasRole(m, 'planner');

/**
 * The statuses whose time a report's totals count (docs/product/reports.md, "Totals"): those chosen in the filter,
 * or approved hours only when none is chosen, so pending and denied hours never swell a sum unasked. A list of
 * planned items counts every line it shows.
 */
export function countedStatuses(kind: 'report' | 'list', chosen: readonly string[] | undefined): string[] {
  if (kind === 'list') return chosen?.length ? [...chosen] : ['assigned', 'open'];
  const hoursStatuses = (chosen ?? []).filter((s) => s === 'pending' || s === 'approved' || s === 'denied');
  return hoursStatuses.length ? hoursStatuses : ['approved'];
}

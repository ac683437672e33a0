import { type Member, memberHasRight } from './member';
import { mayPlan } from './roster';

/**
 * Sickness records (docs/product/absence.md): planners, managers and owners report and change anyone's; a
 * member with the report-absence right reports their own. Everyone reads their own history.
 */
export const mayReportSickness = (
  member: Pick<Member, 'roles' | 'rights' | 'managerLimited' | 'membershipId'>,
  targetId: string,
): boolean => mayPlan(member) || (targetId === member.membershipId && memberHasRight(member, 'absence.report'));

/** Reads a member's sickness: planners anyone's, everyone their own. */
export const mayReadSickness = (member: Pick<Member, 'roles' | 'membershipId'>, targetId: string): boolean =>
  mayPlan(member) || targetId === member.membershipId;

/** Whether a record with this span covers a date (an open record covers every date from its start). */
export const sicknessCovers = (record: { start: string; end: string | null }, date: string): boolean =>
  record.start <= date && (record.end === null || date <= record.end);

/** The planner view of availability: planners, managers and owners. */
export const mayViewTeamAvailability = (member: Pick<Member, 'roles'>): boolean => mayPlan(member);

import type { ScheduleLine } from '@app/contracts';
import { type Member, memberHasRole } from '../policies/member';
import { minutesOfHHmm } from '../roster/time';

/**
 * Clients and projects are the planners' work and their managers' (docs/product/clients.md): the clients and
 * projects guards of docs/product/app.md, owner, manager or planner. The API, the menu and the pages ask this.
 */
export const mayManageClients = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  memberHasRole(member, 'owner', 'manager', 'planner');

/**
 * The "overnight" rule of the client rule set: a project's shift ends after it starts on the same day, or at 00:00
 * (midnight). Projects plan day work; a night shift is two lines or a roster item of its own.
 */
export const lineEndsInItsDay = (line: Pick<ScheduleLine, 'from' | 'until'>): boolean => {
  const until = minutesOfHHmm(line.until);
  return until === 0 || minutesOfHHmm(line.from) < until;
};

export interface ProjectFieldsToCheck {
  type: 'ongoing' | 'temporary';
  startDate: string;
  endDate: string | null;
  schedule: readonly ScheduleLine[];
}

/**
 * The client rule set of docs/product/clients.md applied to a project: a temporary project needs an end, the end is
 * not before the start, each shift line ends in its day (overnight rule) and its break leaves working time. Answers
 * field errors (catalog keys) by field path, empty when the project is fine.
 */
export function projectProblems(p: ProjectFieldsToCheck): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  if (p.type === 'temporary' && !p.endDate) fields.endDate = ['validation.required'];
  if (p.endDate && p.endDate < p.startDate) fields.endDate = ['validation.endBeforeStart'];
  p.schedule.forEach((line, i) => {
    if (!lineEndsInItsDay(line)) {
      fields[`schedule.${i}.until`] = ['clients.errors.overnight'];
      return;
    }
    const until = minutesOfHHmm(line.until) || 1440;
    if (until - minutesOfHHmm(line.from) <= line.break) fields[`schedule.${i}.break`] = ['clients.errors.breakTooLong'];
  });
  return fields;
}

/**
 * The planning overview is for those who plan and those who watch the plan (the planning guard of
 * docs/product/app.md): planners (and the roles above them) and observers.
 */
export const mayReadPlanningOverview = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  memberHasRole(member, 'planner', 'observer');

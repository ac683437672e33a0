import { canPlan } from '../roster/policy';
import { mayManageSettings } from './accounts';
import { type Member, memberHasRight, memberHasRole } from './member';

/**
 * Who may do what on the roster (docs/product/roster.md). The server refuses with 403 what
 * these refuse; the web hides it. Ids of another account never reach them: those answer 404 first.
 */

/** Builds and publishes the roster: every item edit, day notes, release, presets, bulk, the matching wizard. */
export const mayPlan = (member: Pick<Member, 'roles'>): boolean => canPlan(member.roles);

/**
 * Chooses people for items (the toolbox's user tab, the candidate lists, the matching wizard). The planner
 * restriction hides that tab (docs/product/roster.md, "Who does what"), so a restricted planner only answers
 * applications and sign-ups.
 */
export const mayAssignMembers = (member: Pick<Member, 'roles' | 'plannerRestricted'>): boolean =>
  mayPlan(member) && !member.plannerRestricted;

/** Opens a location's roster: planners every location; everyone else the plannings they belong to. */
export const mayReadRoster = (member: Pick<Member, 'roles'>, belongs: boolean): boolean => mayPlan(member) || belongs;

/** Day comments are the planners' word on a day (owners, managers, planners); observers are read-only. */
export const mayWriteDayComment = (member: Pick<Member, 'roles'>): boolean => mayPlan(member);

/** A message on an item: planners, and the member planned on it about their own duty. */
export const mayWriteItemMessage = (
  member: Pick<Member, 'roles' | 'membershipId'>,
  item: { membershipId: string | null },
): boolean => mayPlan(member) || (item.membershipId !== null && item.membershipId === member.membershipId);

/** A comment (day comment or item message) is deleted by its author, an owner or a manager. */
export const mayDeleteComment = (member: Pick<Member, 'roles' | 'membershipId'>, authorId: string): boolean =>
  authorId === member.membershipId || memberHasRole(member, 'manager');

/** Sign-in to an open item: members with the placeholder right (planners plan it themselves). */
export const maySignIn = (member: Pick<Member, 'roles' | 'rights' | 'managerLimited'>): boolean =>
  mayPlan(member) || memberHasRight(member, 'placeholders.signup');

/** An employee asks to be signed out of their own item only. */
export const mayRequestSignOut = (member: Pick<Member, 'membershipId'>, item: { membershipId: string | null }) =>
  item.membershipId !== null && item.membershipId === member.membershipId;

/** ... and cancels only their own pending request. */
export const mayCancelSignOut = (
  member: Pick<Member, 'membershipId'>,
  item: { membershipId: string | null; flag: string | null },
) => mayRequestSignOut(member, item) && item.flag === 'signout';

/**
 * Labour cost on the roster (cost per day, person and period, and the planning's budget against it): whoever sets
 * the wages, i.e. owners and managers without the manager limitation (docs/product/roster.md, "Hours, contract and
 * cost"). Planners, supervisors and everyone else plan and read the roster without it.
 */
export const mayReadLabourCost = (member: Pick<Member, 'roles' | 'managerLimited'>): boolean =>
  mayManageSettings(member);

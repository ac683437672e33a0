import type { Role } from '@app/contracts';
import { type AccessContext, guards, ROUTE_BY_KEY } from '@app/domain';
import { BUILT_ROUTES } from '../../app/builtRoutes';

/**
 * The guided tours per role (docs/product/account-access.md): each role sees a few steps about its own screens,
 * and a member with several roles switches between their tours. Texts: `access.tour.*` in the catalogs.
 */
export const TOUR_ROLES = ['owner', 'manager', 'planner', 'supervisor', 'employee'] as const;
export type TourRole = (typeof TOUR_ROLES)[number];

export interface TourStep {
  /** Catalog key under access.tour.steps. */
  key: string;
  /** The page the step is about (a route key). */
  route: string;
}

const step = (key: string, route: string): TourStep => ({ key, route });

export const TOURS: Record<TourRole, TourStep[]> = {
  owner: [step('team', 'employees'), step('settings', 'settings'), step('roster', 'roster')],
  manager: [step('team', 'employees'), step('settings', 'settings'), step('roster', 'roster')],
  planner: [step('roster', 'roster'), step('openDuties', 'roster'), step('release', 'roster')],
  supervisor: [step('hours', 'timesheet'), step('approve', 'timesheet')],
  employee: [step('myDuties', 'roster'), step('availability', 'availability'), step('vacation', 'vacation')],
};

const ROLE_TOUR: Partial<Record<Role, TourRole>> = {
  owner: 'owner',
  manager: 'manager',
  planner: 'planner',
  supervisor: 'supervisor',
  user: 'employee',
  freelancer: 'employee',
};

/** The tours of a member's roles, most powerful first; none for roles without screens of their own to show. */
export function toursOf(roles: readonly Role[]): TourRole[] {
  const mine = new Set(roles.map((r) => ROLE_TOUR[r]).filter((r): r is TourRole => r !== undefined));
  return TOUR_ROLES.filter((r) => mine.has(r));
}

/** Whether the step's page is one this member may open (the same guard the router uses), so its link works. */
export function stepOpens(s: TourStep, access: AccessContext): boolean {
  if (!BUILT_ROUTES.has(s.route)) return false;
  const guard = ROUTE_BY_KEY[s.route]?.guard;
  return !guard || guards[guard](access);
}

import { describe, expect, it } from 'vitest';
import { mayReadPlanningOverview } from './rules';

describe('mayReadPlanningOverview', () => {
  const member = (roles: string[]) =>
    ({ roles, rights: [], managerLimited: false }) as unknown as Parameters<typeof mayReadPlanningOverview>[0];
  it('is for planners (and the roles above them) and observers', () => {
    expect(mayReadPlanningOverview(member(['planner']))).toBe(true);
    expect(mayReadPlanningOverview(member(['owner']))).toBe(true);
    expect(mayReadPlanningOverview(member(['observer']))).toBe(true);
    expect(mayReadPlanningOverview(member(['employee']))).toBe(false);
    expect(mayReadPlanningOverview(member(['supervisor']))).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TOURS, toursOf } from './tours';

describe('the guided tours', () => {
  it('gives each role its own tour and several roles a tour each, most powerful first', () => {
    expect(toursOf(['owner'])).toEqual(['owner']);
    expect(toursOf(['user', 'planner'])).toEqual(['planner', 'employee']);
    expect(toursOf(['freelancer'])).toEqual(['employee']);
    expect(toursOf(['accountant', 'observer'])).toEqual([]);
  });
  it('shows the screens the issue names per role', () => {
    expect(TOURS.owner.map((s) => s.route)).toEqual(['employees', 'settings', 'roster']);
    expect(TOURS.planner.map((s) => s.key)).toEqual(['roster', 'openDuties', 'release']);
    expect(TOURS.supervisor.every((s) => s.route === 'timesheet')).toBe(true);
    expect(TOURS.employee.map((s) => s.route)).toEqual(['roster', 'availability', 'vacation']);
  });
});

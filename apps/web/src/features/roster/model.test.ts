import type { RosterItem } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  currentTimeRounded,
  employeeActions,
  formatDuration,
  isoWeek,
  itemsByCell,
  OPEN_ROW,
  openingTab,
  periodStart,
  pickedTime,
  releaseChoice,
  rosterRows,
  stepPeriod,
  type ToolboxContext,
  toolboxTabs,
  undoSteps,
  withItem,
} from './model';

const item = (over: Partial<RosterItem> = {}): RosterItem => ({
  id: 'i1',
  date: '2026-11-25',
  location: 'l1',
  user: null,
  assigned: false,
  duty: null,
  shift: null,
  times: null,
  tags: [],
  notes: null,
  internal: null,
  flag: null,
  conflicts: null,
  hour: null,
  stats: null,
  resource: null,
  travelRole: null,
  project: null,
  applications: [],
  pending: false,
  ...over,
});

const ctx: ToolboxContext = {
  modules: { shifts: true, tags: true, sickness: true },
  activeShifts: 3,
  activeDuties: 5,
  tags: 4,
  plannerRestricted: false,
  touch: false,
};

describe('periods', () => {
  it('start a week on its first day, a month on the 1st, a day on itself', () => {
    expect(periodStart('2026-11-26', 'week', 'monday')).toBe('2026-11-23');
    expect(periodStart('2026-11-26', 'week', 'sunday')).toBe('2026-11-22');
    expect(periodStart('2026-11-26', '2weeks', 'monday')).toBe('2026-11-23');
    expect(periodStart('2026-11-26', 'month', 'monday')).toBe('2026-11-01');
    expect(periodStart('2026-11-26', 'day', 'monday')).toBe('2026-11-26');
  });

  it('step by their length, months by the calendar', () => {
    expect(stepPeriod('2026-11-23', 'week', 1)).toBe('2026-11-30');
    expect(stepPeriod('2026-11-23', '2weeks', -1)).toBe('2026-11-09');
    expect(stepPeriod('2026-11-23', '4weeks', 1)).toBe('2026-12-21');
    expect(stepPeriod('2026-12-31', 'day', 1)).toBe('2027-01-01');
    expect(stepPeriod('2026-12-01', 'month', 1)).toBe('2027-01-01');
    expect(stepPeriod('2026-01-01', 'month', -1)).toBe('2025-12-01');
  });

  it('number weeks by ISO 8601 (week 1 holds the first Thursday)', () => {
    expect(isoWeek('2026-11-23')).toBe(48);
    expect(isoWeek('2026-01-01')).toBe(1);
    expect(isoWeek('2027-01-01')).toBe(53);
    expect(isoWeek('2021-01-03')).toBe(53);
    expect(isoWeek('2024-12-30')).toBe(1);
  });
});

describe('formatting', () => {
  it('shows worked minutes as hours and minutes', () => {
    expect(formatDuration(450)).toBe('7:30');
    expect(formatDuration(0)).toBe('0:00');
    expect(formatDuration(-15)).toBe('−0:15');
  });
});

describe('rows and cells', () => {
  const data = {
    users: {
      a: { id: 'a', name: 'Anna', gravatar: null, duties: [], tags: [] },
      b: { id: 'b', name: 'Ben', gravatar: null, duties: [], tags: [] },
    },
    items: [
      item({ id: '1', user: 'a', assigned: true, duty: 'd1' }),
      item({ id: '2', duty: 'd2' }),
      item({ id: '3', user: 'x', assigned: true, duty: 'd1' }),
      item({ id: '4', user: null, assigned: true }),
    ],
  };

  it('put the open duties first, then the people, then others planned here', () => {
    expect(rosterRows({ data, me: 'a', tab: 'all' }).map((r) => r.id)).toEqual([OPEN_ROW, 'a', 'b', 'x']);
  });

  it('keep only the viewer under my duties and only the open row under open duties', () => {
    expect(rosterRows({ data, me: 'a', tab: 'mine' }).map((r) => r.id)).toEqual(['a']);
    expect(rosterRows({ data, me: 'a', tab: 'open' }).map((r) => r.id)).toEqual([OPEN_ROW]);
  });

  it('keep the open row when filtering people', () => {
    expect(rosterRows({ data, me: 'a', tab: 'all', people: ['b'] }).map((r) => r.id)).toEqual([OPEN_ROW, 'b']);
  });

  it('place items by person and date; hidden colleagues have no cell', () => {
    const cells = itemsByCell(data.items, { me: 'a', tab: 'all' });
    expect(cells.get(`a|2026-11-25`)?.map((i) => i.id)).toEqual(['1']);
    expect(cells.get(`${OPEN_ROW}|2026-11-25`)?.map((i) => i.id)).toEqual(['2']);
    expect([...cells.values()].flat().map((i) => i.id)).not.toContain('4');
  });

  it('filter items by tags (all of them)', () => {
    const tagged = [item({ id: 't1', tags: ['a', 'b'] }), item({ id: 't2', tags: ['a'] })];
    const cells = itemsByCell(tagged, { me: 'x', tab: 'all', tags: ['a', 'b'] });
    expect([...cells.values()].flat().map((i) => i.id)).toEqual(['t1']);
  });

  it('filter items by duty', () => {
    const cells = itemsByCell(data.items, { me: 'a', tab: 'all', duties: ['d2'] });
    expect([...cells.values()].flat().map((i) => i.id)).toEqual(['2']);
  });
});

describe('the item toolbox', () => {
  it('lists its tabs in the spec order, each under its condition', () => {
    expect(toolboxTabs(item(), ctx)).toEqual(['times', 'shift', 'duty', 'user', 'tags', 'notes', 'internal']);
    expect(
      toolboxTabs(item({ flag: 'signout', conflicts: ['AVAILABILITY'], assigned: true, user: 'a' }), {
        ...ctx,
        touch: true,
      }),
    ).toEqual(['flags', 'conflicts', 'times', 'shift', 'duty', 'user', 'tags', 'notes', 'internal', 'sick', 'delete']);
    const bare = { ...ctx, modules: { shifts: false, tags: false, sickness: false }, activeDuties: 0 };
    expect(toolboxTabs(item({ assigned: true }), bare)).toEqual(['times', 'user', 'notes', 'internal']);
  });

  it('hides the user tab under the planner restriction unless the item has applications', () => {
    const restricted = { ...ctx, plannerRestricted: true };
    expect(toolboxTabs(item(), restricted)).not.toContain('user');
    const applied = item({ applications: [{ membership: 'a', appliedAt: '', accepted: null }] });
    expect(toolboxTabs(applied, restricted)).toContain('user');
  });

  it('opens on the spec tab', () => {
    const tabsOf = (i: RosterItem) => toolboxTabs(i, ctx);
    const open = (i: RosterItem) => openingTab(i, tabsOf(i));
    // Empty: shift (or duty) first.
    expect(open(item())).toBe('shift');
    expect(openingTab(item(), ['times', 'duty', 'user'])).toBe('duty');
    // A duty but unassigned: the user.
    expect(open(item({ duty: 'd' }))).toBe('user');
    // Times or a shift: the user.
    expect(
      open(item({ duty: 'd', assigned: true, user: 'a', times: { from: '08:00', until: '16:00', break: 0 } })),
    ).toBe('user');
    // Assigned with a duty, no times: the times.
    expect(open(item({ duty: 'd', assigned: true, user: 'a' }))).toBe('times');
    // Flags, sickness and conflicts win.
    expect(open(item({ duty: 'd', assigned: true, user: 'a', flag: 'signout' }))).toBe('flags');
    expect(open(item({ duty: 'd', assigned: true, user: 'a', flag: 'sick' }))).toBe('sick');
    expect(open(item({ duty: 'd', flag: 'signout', conflicts: ['INVALID_DUTY'] }))).toBe('conflicts');
  });
});

describe('the time picker', () => {
  it('gives minute 00 to an hour alone and hour 08 to a minute alone; nothing is ignored', () => {
    expect(pickedTime(14, null)).toBe('14:00');
    expect(pickedTime(null, 30)).toBe('08:30');
    expect(pickedTime(9, 45)).toBe('09:45');
    expect(pickedTime(null, null)).toBeNull();
  });

  it('rounds the current time down to the quarter', () => {
    expect(currentTimeRounded(new Date(2026, 0, 1, 14, 37))).toEqual({ hour: 14, minute: 30 });
  });
});

describe("the employee's actions", () => {
  const base = {
    me: 'e',
    today: '2026-11-25',
    duties: ['sv'],
    mayPlan: false,
    maySignUp: true,
    mustApply: false,
    observerOnly: false,
  };

  it('take or apply for the open duties the server offers, and only those', () => {
    const yes = { can: true, reason: null };
    const no = { can: false, reason: 'ERR_OVERLAP_REST' };
    expect(employeeActions(item({ duty: 'sv' }), base, yes).signIn).toBe(true);
    expect(employeeActions(item({ duty: 'sv' }), base, no).signIn).toBe(false);
    expect(employeeActions(item({ duty: 'sv' }), base, undefined).signIn).toBe(false);
    expect(employeeActions(item({ duty: 'sv' }), { ...base, maySignUp: false }, yes).signIn).toBe(false);
    expect(employeeActions(item({ duty: 'sv' }), { ...base, mustApply: true }, yes)).toMatchObject({
      signIn: false,
      apply: true,
    });
  });

  it('give up own upcoming duties, keep them after all; observers do nothing', () => {
    const own = item({ duty: 'sv', user: 'e', assigned: true });
    expect(employeeActions(own, base, undefined)).toMatchObject({ signOut: true, cancelSignOut: false });
    expect(employeeActions({ ...own, flag: 'signout' }, base, undefined)).toMatchObject({
      signOut: false,
      cancelSignOut: true,
    });
    expect(
      Object.values(
        employeeActions(item({ duty: 'sv' }), { ...base, observerOnly: true }, { can: true, reason: null }),
      ),
    ).not.toContain(true);
  });
});

describe('optimistic changes', () => {
  it('replace, add and remove items', () => {
    const data = { items: [item({ id: '1' })] } as Parameters<typeof withItem>[0];
    expect(withItem(data, '1', item({ id: '1', notes: 'x' })).items[0].notes).toBe('x');
    expect(withItem(data, '2', item({ id: '2' })).items.map((i) => i.id)).toEqual(['1', '2']);
    expect(withItem(data, '1', null).items).toEqual([]);
  });
});

describe('the release calendar', () => {
  it('blocks past days and the release date, revokes up to it, releases after it', () => {
    expect(releaseChoice('2026-11-20', '2026-12-06', '2026-11-23')).toBe('blocked');
    expect(releaseChoice('2026-12-06', '2026-12-06', '2026-11-23')).toBe('blocked');
    expect(releaseChoice('2026-11-30', '2026-12-06', '2026-11-23')).toBe('revoke');
    expect(releaseChoice('2026-11-23', '2026-12-06', '2026-11-23')).toBe('revoke');
    expect(releaseChoice('2026-12-07', '2026-12-06', '2026-11-23')).toBe('release');
    expect(releaseChoice('2026-11-23', null, '2026-11-23')).toBe('release');
  });
});

describe('undo', () => {
  const base = item({ id: 'u1', duty: 'd1', times: { from: '08:00', until: '16:00', break: 30 } });

  it('removes a created item and creates a deleted one again', () => {
    expect(undoSteps(null, base)).toEqual([{ kind: 'remove', id: 'u1' }]);
    expect(undoSteps({ ...base, user: 'a', assigned: true, notes: 'n' }, null)).toEqual([
      {
        kind: 'create',
        location: 'l1',
        date: '2026-11-25',
        duty: 'd1',
        shift: null,
        times: { start: '08:00', end: '16:00', break: 30 },
        user: 'a',
        tags: [],
        notes: 'n',
      },
    ]);
  });

  it('sets changed fields back, one call each', () => {
    const after = { ...base, times: { from: '10:00', until: '14:00', break: 0 }, user: 'a', assigned: true };
    expect(undoSteps(base, after)).toEqual([
      { kind: 'times', id: 'u1', start: '08:00', end: '16:00', break: 30 },
      { kind: 'removeUser', id: 'u1' },
    ]);
    expect(undoSteps({ ...base, times: null }, base)).toEqual([{ kind: 'removeTimes', id: 'u1' }]);
    expect(undoSteps({ ...base, user: 'a', assigned: true }, { ...base, user: 'b', assigned: true })).toEqual([
      { kind: 'user', id: 'u1', user: 'a' },
    ]);
    expect(undoSteps(base, { ...base, notes: 'x', tags: ['t'] })).toEqual([
      { kind: 'tags', id: 'u1', tags: [] },
      { kind: 'notes', id: 'u1', notes: null },
    ]);
    expect(undoSteps(base, base)).toEqual([]);
  });
});

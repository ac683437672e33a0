import type { Role, RosterItem } from '@app/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemsByCell, OPEN_ROW, type RosterRow } from '../model';
import {
  arrangeRows,
  type GridLine,
  itemsByResource,
  mainDuties,
  mainRole,
  matchesSearch,
  openPerDay,
} from './rowView';

const item = (over: Partial<RosterItem>): RosterItem =>
  ({
    id: 'i',
    date: '2026-11-02',
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
  }) as RosterItem;

const duty = (id: string, name: string) => ({ id, identifier: id, name, color: '#888', trashed: false, restHours: 0 });
const user = (id: string, name: string | null, duties: string[], roles?: Role[]) => ({
  id,
  name,
  gravatar: null,
  duties,
  tags: [],
  roles,
});

const data = {
  duties: { bar: duty('bar', 'Bar'), cook: duty('cook', 'Cook'), wait: duty('wait', 'Waiter') },
  users: {
    ada: user('ada', 'Ada Zeller', ['cook'], ['user']),
    bo: user('bo', 'Bo Young', ['bar', 'wait'], ['user']),
    cy: user('cy', 'Cy Łukasik', [], ['observer']),
    di: user('di', 'Di Xu', [], ['accountant']),
    ed: user('ed', 'Ed Ward', ['wait'], ['planner', 'user']),
  },
  items: [
    item({ id: '1', user: 'bo', assigned: true, duty: 'wait' }),
    item({ id: '2', user: 'bo', assigned: true, duty: 'wait' }),
    item({ id: '3', user: 'bo', assigned: true, duty: 'bar' }),
    item({ id: '4', duty: 'cook' }),
    item({ id: '5', duty: 'cook', date: '2026-11-03' }),
    item({ id: '6', duty: 'bar', date: '2026-11-03' }),
  ],
  stats: { ada: { minutes: 60 }, bo: { minutes: 900 }, ed: { minutes: 300 } },
} as unknown as Parameters<typeof arrangeRows>[1];

// The load's order: by last name.
const rows: RosterRow[] = [
  { id: OPEN_ROW, kind: 'open', name: null },
  { id: 'cy', kind: 'person', name: 'Cy Łukasik' },
  { id: 'ed', kind: 'person', name: 'Ed Ward' },
  { id: 'di', kind: 'person', name: 'Di Xu' },
  { id: 'bo', kind: 'person', name: 'Bo Young' },
  { id: 'ada', kind: 'person', name: 'Ada Zeller' },
];
const ids = (lines: GridLine[]) => lines.map((l) => l.id);
const none = { grouping: 'none' as const, sorting: 'lastName' as const, query: '', collapsed: new Set<string>() };

describe('main duty and role', () => {
  it('is the duty planned most, else the first held (in the duty list), else none', () => {
    const main = mainDuties(data);
    expect(main.get('bo')).toBe('wait');
    expect(main.get('ada')).toBe('cook');
    expect(main.get('cy')).toBeNull();
  });
  it('is the first role in the product order', () => {
    expect(mainRole(['user', 'planner'])).toBe('planner');
    expect(mainRole(['accountant'])).toBe('accountant');
    expect(mainRole(undefined)).toBeNull();
  });
});

describe('arranging the rows', () => {
  it('keeps the load order and the open row first without grouping', () => {
    expect(ids(arrangeRows(rows, data, none))).toEqual(['open', 'cy', 'ed', 'di', 'bo', 'ada']);
  });

  it('sorts by first name or by hours planned', () => {
    expect(ids(arrangeRows(rows, data, { ...none, sorting: 'firstName' }))).toEqual([
      'open',
      'ada',
      'bo',
      'cy',
      'di',
      'ed',
    ]);
    expect(ids(arrangeRows(rows, data, { ...none, sorting: 'hours' }))).toEqual([
      'open',
      'bo',
      'ed',
      'ada',
      'cy',
      'di',
    ]);
  });

  it('groups by main duty in the duty list order, people without a duty last', () => {
    expect(ids(arrangeRows(rows, data, { ...none, grouping: 'duty' }))).toEqual([
      'open',
      'group:cook',
      'ada',
      'group:wait',
      'ed',
      'bo',
      'group:none',
      'cy',
      'di',
    ]);
  });

  it('groups by role: observers and accountants apart from the staff', () => {
    const lines = arrangeRows(rows, data, { ...none, grouping: 'role' });
    expect(ids(lines)).toEqual([
      'open',
      'group:planner',
      'ed',
      'group:observer',
      'cy',
      'group:accountant',
      'di',
      'group:user',
      'bo',
      'ada',
    ]);
    expect(lines.find((l) => l.id === 'group:user')).toMatchObject({ kind: 'group', count: 2, collapsed: false });
  });

  it('a closed group keeps its head and its count', () => {
    const lines = arrangeRows(rows, data, { ...none, grouping: 'duty', collapsed: new Set(['wait']) });
    expect(ids(lines)).toEqual(['open', 'group:cook', 'ada', 'group:wait', 'group:none', 'cy', 'di']);
    expect(lines.find((l) => l.id === 'group:wait')).toMatchObject({ count: 2, collapsed: true });
  });

  it('searches names without accents and duty names; empty groups go', () => {
    expect(ids(arrangeRows(rows, data, { ...none, query: 'lukas' }))).toEqual(['open', 'cy']);
    expect(ids(arrangeRows(rows, data, { ...none, query: 'waiter' }))).toEqual(['open', 'ed', 'bo']);
    expect(ids(arrangeRows(rows, data, { ...none, grouping: 'duty', query: 'zel' }))).toEqual([
      'open',
      'group:cook',
      'ada',
    ]);
    expect(matchesSearch('José Núñez', [], 'jose nun')).toBe(true);
    expect(matchesSearch(null, ['Bar'], 'bar')).toBe(true);
    expect(matchesSearch('Ada', [], 'bo')).toBe(false);
  });

  it('shows every matching person exactly once, whatever the grouping and sorting (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('none' as const, 'duty' as const, 'role' as const),
        fc.constantFrom('lastName' as const, 'firstName' as const, 'hours' as const),
        fc.string({ maxLength: 3 }),
        (grouping, sorting, query) => {
          const lines = arrangeRows(rows, data, { grouping, sorting, query, collapsed: new Set() });
          const people = lines.filter((l) => l.kind === 'person').map((l) => l.id);
          const expected = rows
            .filter((r) => r.kind === 'person')
            .filter((r) =>
              matchesSearch(r.name, [...(data.users[r.id]?.duties ?? []).map((d) => data.duties[d].name)], query),
            );
          expect(new Set(people).size).toBe(people.length);
          expect(people.sort()).toEqual(expected.map((r) => r.id).sort());
          expect(lines[0].id).toBe(OPEN_ROW);
        },
      ),
    );
  });
});

describe('the collapsed open row', () => {
  it('counts the open duties per day', () => {
    const cells = itemsByCell(data.items, { me: 'x', tab: 'all' });
    expect([...openPerDay(cells, ['2026-11-02', '2026-11-03', '2026-11-04'])]).toEqual([
      ['2026-11-02', 1],
      ['2026-11-03', 2],
      ['2026-11-04', 0],
    ]);
  });
});

describe('resource rows', () => {
  const res = (id: string, name: string, archived = false, type: string | null = null) => ({
    id,
    name,
    kind: 'vehicle' as const,
    type,
    capacity: 8,
    archived,
  });
  const withResources = {
    ...data,
    resources: {
      van: res('van', 'Van 2', false, 'van'),
      bus: res('bus', 'Bus', false, 'bus'),
      old: res('old', 'Old truck', true),
      gone: res('gone', 'Gone van', true),
    },
    items: [
      ...data.items,
      item({ id: 'r1', user: 'bo', assigned: true, resource: 'van', conflicts: ['RESOURCE'] }),
      item({ id: 'r2', resource: 'van', conflicts: ['RESOURCE'] }),
      item({ id: 'r3', user: 'ada', assigned: true, resource: 'old', date: '2026-11-03' }),
    ],
  } as unknown as Parameters<typeof arrangeRows>[1];

  it('come under the people only when switched on: active resources and the archived ones items carry, by name', () => {
    expect(ids(arrangeRows(rows, withResources, none))).not.toContain('resource:van');
    const lines = arrangeRows(rows, withResources, { ...none, resources: true });
    expect(ids(lines).slice(-3)).toEqual(['resource:bus', 'resource:old', 'resource:van']);
    expect(ids(lines)).not.toContain('resource:gone');
    // Grouped, they still follow the groups.
    const grouped = arrangeRows(rows, withResources, { ...none, grouping: 'duty', resources: true });
    expect(grouped.at(-1)).toMatchObject({ kind: 'resource', resource: 'van' });
  });

  it('are searched by name and type like people', () => {
    const lines = arrangeRows(rows, withResources, { ...none, query: 'van', resources: true });
    expect(lines.filter((l) => l.kind === 'resource').map((l) => l.id)).toEqual(['resource:van']);
  });

  it('hold per day the visible items that carry the resource, both sides of a double booking', () => {
    const cells = itemsByResource(withResources.items, () => true);
    expect(cells.get('resource:van|2026-11-02')?.map((i) => i.id)).toEqual(['r1', 'r2']);
    expect(cells.get('resource:old|2026-11-03')?.map((i) => i.id)).toEqual(['r3']);
    expect([...cells.keys()]).toHaveLength(2);
    const assignedOnly = itemsByResource(withResources.items, (i) => i.assigned);
    expect(assignedOnly.get('resource:van|2026-11-02')?.map((i) => i.id)).toEqual(['r1']);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RosterItem, RosterResponse } from './roster';
import { compactRoster, expandRoster, RosterCompactResponse } from './rosterCompact';

const LOCATION = '00000000-0000-4000-8000-0000000000aa';
const DAYS = ['2027-03-27', '2027-03-28', '2027-03-29'];
const id = fc.uuid();
const hhmm = fc
  .tuple(fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
  .map(([h, m]) => `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`);
const people = fc.constantFrom(null, 'p-1', 'p-2', 'p-3');
const text = fc.option(fc.string({ maxLength: 12 }), { nil: null });

/** Items as the load presents them: every field at its usual value or not, in any combination. */
const item: fc.Arbitrary<RosterItem> = fc
  .record({
    id,
    date: fc.constantFrom(...DAYS),
    user: people,
    hidden: fc.boolean(),
    duty: fc.constantFrom(null, 'd-1', 'd-2'),
    shift: fc.constantFrom(null, 's-1'),
    times: fc.option(fc.record({ from: hhmm, until: hhmm, break: fc.constantFrom(0, 15, 30) }), { nil: null }),
    minutes: fc.integer({ min: 0, max: 1440 }),
    tags: fc.array(fc.constantFrom('t-1', 't-2'), { maxLength: 2 }),
    notes: text,
    internal: text,
    flag: fc.constantFrom(null, 'signout' as const, 'sick' as const),
    conflicts: fc.option(fc.array(fc.constantFrom('OVERLAP', 'AVAILABILITY'), { minLength: 1, maxLength: 2 }), {
      nil: null,
    }),
    hour: fc.option(
      fc.record({
        billable: fc.integer({ min: 0, max: 100 }),
        cost: fc.option(fc.integer(), { nil: null }),
        code: text,
      }),
      { nil: null },
    ),
    applications: fc.array(
      fc.record({
        membership: fc.constantFrom('p-1', 'p-2'),
        appliedAt: fc.constant('2027-03-01T10:00:00.000Z'),
        accepted: fc.constantFrom(null, true, false),
      }),
      { maxLength: 2 },
    ),
    pending: fc.boolean(),
  })
  .map((r) => ({
    id: r.id,
    date: r.date,
    location: LOCATION,
    // A viewer who may not see names gets no user, yet the item says it is taken.
    user: r.hidden ? null : r.user,
    assigned: r.user !== null,
    duty: r.duty,
    shift: r.shift,
    times: r.times,
    tags: r.tags,
    notes: r.notes,
    internal: r.internal,
    flag: r.flag,
    conflicts: r.conflicts,
    hour: r.hour,
    stats: r.times ? { minutes: r.minutes } : null,
    resource: null,
    travelRole: null,
    project: null,
    applications: r.applications,
    pending: r.pending,
  }));

const roster = (items: RosterItem[]): RosterResponse => ({
  days: DAYS.map((date) => ({ date, released: false, past: false })),
  items,
  client: null,
  users: {},
  duties: {},
  shifts: {},
  locations: {},
  comments: [],
  notes: {},
  tags: {},
  availability: [],
  periods: { default: 'week', options: ['week'], from: DAYS[0], until: DAYS[2] },
  weather: null,
  stats: {},
});

/** An item as most are: taken, with duty, shift and times. */
const usual = (n: number): RosterItem => ({
  id: `00000000-0000-4000-8000-00000000000${n}`,
  date: DAYS[1],
  location: LOCATION,
  user: 'p-1',
  assigned: true,
  duty: 'd-1',
  shift: 's-1',
  times: { from: '07:00', until: '15:00', break: 30 },
  tags: [],
  notes: null,
  internal: null,
  flag: null,
  conflicts: null,
  hour: null,
  stats: { minutes: 450 },
  resource: null,
  travelRole: null,
  project: null,
  applications: [],
  pending: false,
});

describe('the compact roster answer', () => {
  it('expands to exactly the answer it was made from, through JSON and the schema', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 30 }), (items) => {
        const full = roster(items);
        const wire = JSON.parse(JSON.stringify(compactRoster(full, LOCATION)));
        expect(expandRoster(RosterCompactResponse.parse(wire))).toEqual(full);
      }),
      { numRuns: 300 },
    );
  });

  it('names each person, duty and shift once, and leaves out what an item has as usual', () => {
    const compact = compactRoster(roster([usual(1), { ...usual(2), notes: 'keys' }]), LOCATION);
    expect(compact.refs).toEqual(['p-1', 'd-1', 's-1']);
    expect(compact.items).toEqual([
      [usual(1).id, 1, 0, 1, 2, '07:00', '15:00', 30, 450],
      [usual(2).id, 1, 0, 1, 2, '07:00', '15:00', 30, 450, { notes: 'keys' }],
    ]);
  });

  it('refuses an item of another location or outside the days', () => {
    expect(() => compactRoster(roster([{ ...usual(1), location: 'elsewhere' }]), LOCATION)).toThrow(/outside/);
    expect(() => compactRoster(roster([{ ...usual(1), date: '2027-04-01' }]), LOCATION)).toThrow(/outside/);
  });
});

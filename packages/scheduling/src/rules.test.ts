import { describe, expect, it } from 'vitest';
import { solveMatching } from './solve';
import type { Candidate, MatchingInput, OpenItem, OpenReason, SolveOptions } from './types';
import { validateProposal } from './validate';

const DAY = '2026-06-10'; // a Wednesday
const NEXT = '2026-06-11';

function item(id: string, patch: Partial<OpenItem> = {}): OpenItem {
  return {
    id,
    locationId: 'loc',
    date: DAY,
    fromMinutes: 8 * 60,
    untilMinutes: 16 * 60,
    breakMinutes: 30,
    shiftId: null,
    restHours: 11,
    dutyId: 'cook',
    tagIds: [],
    ...patch,
  };
}

function member(id: string, patch: Partial<Candidate> = {}): Candidate {
  return {
    id,
    dutyIds: ['cook'],
    tagIds: [],
    locationIds: ['loc'],
    availability: [],
    availabilityDefaults: [],
    contract: { kind: 'part', hoursPerWeek: 20, maxHoursPerWeek: 40 },
    existingItems: [],
    hourlyRateCents: 2000,
    ...patch,
  };
}

function input(items: OpenItem[], candidates: Candidate[], patch: Partial<MatchingInput> = {}): MatchingInput {
  return {
    timeZone: 'Europe/Berlin',
    weekStartsOn: 'monday',
    policies: { unavailablePolicy: 'warn', employeesMustApply: false, maxItemsPerDay: 1 },
    locations: [{ id: 'loc', releasedUntil: null }],
    items,
    candidates,
    ...patch,
  };
}

/** Solves with both engines, checks they reach the same objective, and answers the exact one. */
async function solve(data: MatchingInput, options: SolveOptions = {}) {
  const exact = await solveMatching(data, { ...options, engine: 'exact' });
  const fast = await solveMatching(data, { ...options, engine: 'fast', fastTimeLimitMs: 100 });
  expect(fast.objective).toBeCloseTo(exact.objective, 6);
  expect(validateProposal(data, exact.assignments)).toEqual([]);
  expect(validateProposal(data, fast.assignments)).toEqual([]);
  return exact;
}

const who = (r: Awaited<ReturnType<typeof solve>>, itemId: string) =>
  r.assignments.find((a) => a.itemId === itemId)?.memberId ?? null;
const reason = (r: Awaited<ReturnType<typeof solve>>, itemId: string): OpenReason | undefined =>
  r.open.find((o) => o.itemId === itemId);

describe('hard rules', () => {
  it('never touches released days: their items stay open as released', async () => {
    const r = await solve(
      input([item('a'), item('b', { date: NEXT })], [member('m')], {
        locations: [{ id: 'loc', releasedUntil: DAY }],
      }),
    );
    expect(reason(r, 'a')).toEqual({ itemId: 'a', reason: 'released', releasedUntil: DAY });
    expect(who(r, 'b')).toBe('m');
  });

  it('gives an item only to members of its planning who hold its duty and every tag', async () => {
    const data = input(
      [item('a', { tagIds: ['first-aid'] })],
      [
        member('elsewhere', { locationIds: ['other'], tagIds: ['first-aid'] }),
        member('no-duty', { dutyIds: ['bar'], tagIds: ['first-aid'] }),
        member('no-tag'),
      ],
    );
    const r = await solve(data);
    expect(reason(r, 'a')).toEqual({
      itemId: 'a',
      reason: 'no_candidate',
      rejected: { NOT_IN_PLANNING: 1, MISSING_DUTY: 1, MISSING_TAGS: 1 },
    });
    data.candidates.push(member('ok', { tagIds: ['first-aid', 'forklift'] }));
    const r2 = await solve(data);
    expect(who(r2, 'a')).toBe('ok');
    expect(r2.assignments[0].explanation).toMatchObject({ holdsDuty: true, tagsMatched: 1, alternatives: 0 });
  });

  it('keeps unavailable members out under deny, and asks for confirmation under warn and allow', async () => {
    const away = member('away', {
      availability: [{ date: DAY, type: 'unavailable', startMinutes: null, endMinutes: null, status: null }],
    });
    const deny = await solve(
      input([item('a')], [away], {
        policies: { unavailablePolicy: 'deny', employeesMustApply: false, maxItemsPerDay: 1 },
      }),
    );
    expect(reason(deny, 'a')).toMatchObject({ reason: 'no_candidate', rejected: { ERR_UNAVAILABLE_DENY: 1 } });
    const warn = await solve(input([item('a')], [away]));
    expect(warn.assignments[0].explanation.warnings).toEqual(['ERR_UNAVAILABLE_WARN']);
    const allow = await solve(
      input([item('a')], [away], {
        policies: { unavailablePolicy: 'allow', employeesMustApply: false, maxItemsPerDay: 1 },
      }),
    );
    expect(allow.assignments[0].explanation.warnings).toEqual(['UNAVAILABLE_ALLOWED']);
    // Someone available comes first.
    const both = await solve(input([item('a')], [away, member('here')]));
    expect(who(both, 'a')).toBe('here');
  });

  it('respects rest hours after a duty, against items they have and between proposed items', async () => {
    const late = { fromMinutes: 14 * 60, untilMinutes: 22 * 60, restHours: 11 };
    const early = { date: NEXT, fromMinutes: 6 * 60, untilMinutes: 14 * 60 };
    const busy = member('m', { existingItems: [item('x', late)] });
    const r = await solve(input([item('a', early)], [busy]));
    expect(reason(r, 'a')).toMatchObject({ reason: 'no_candidate', rejected: { ERR_OVERLAP_REST: 1 } });
    const r2 = await solve(input([item('late', late), item('early', early)], [member('m')]));
    expect(r2.assignments).toHaveLength(1);
    const open = r2.open[0];
    expect(open).toMatchObject({ reason: 'capacity', eligible: 1, blocked: { ERR_OVERLAP_REST: 1 } });
  });

  it('never gives anyone overlapping items', async () => {
    const r = await solve(
      input([item('a'), item('b', { fromMinutes: 15 * 60, untilMinutes: 20 * 60, locationId: 'loc' })], [member('m')], {
        policies: { unavailablePolicy: 'warn', employeesMustApply: false, maxItemsPerDay: 3 },
      }),
    );
    expect(r.assignments).toHaveLength(1);
    expect(r.open[0]).toMatchObject({ reason: 'capacity', blocked: { ERR_OVERLAP: 1 } });
  });

  it('allows one item a day unless the account allows more', async () => {
    const items = [
      item('a', { restHours: 0 }),
      item('b', { fromMinutes: 17 * 60, untilMinutes: 21 * 60, restHours: 0 }),
    ];
    const one = await solve(input(items, [member('m')]));
    expect(one.assignments).toHaveLength(1);
    expect(one.open[0]).toMatchObject({ reason: 'capacity', blocked: { DAY_LIMIT: 1 } });
    const two = await solve(
      input(items, [member('m')], {
        policies: { unavailablePolicy: 'warn', employeesMustApply: false, maxItemsPerDay: 2 },
      }),
    );
    expect(two.assignments).toHaveLength(2);
  });

  it('keeps the weekly contract maximum, counting hours already planned', async () => {
    const items = ['2026-06-08', '2026-06-09', DAY].map((date) =>
      item(`i${date}`, { date, fromMinutes: 8 * 60, untilMinutes: 12 * 60, breakMinutes: 0 }),
    );
    const capped = member('m', { contract: { kind: 'part', hoursPerWeek: 8, maxHoursPerWeek: 10 } });
    const r = await solve(input(items, [capped]));
    expect(r.assignments).toHaveLength(2);
    expect(r.open[0]).toMatchObject({ reason: 'capacity', blocked: { CONTRACT_MAX: 1 } });
    const planned = await solve(input(items, [{ ...capped, plannedMinutesByWeek: { '2026-06-08': 7 * 60 } }]));
    expect(planned.assignments).toHaveLength(0);
    expect(planned.open.map((o) => o.reason)).toEqual(['no_candidate', 'no_candidate', 'no_candidate']);
  });

  it('gives items only to applicants when employees must apply', async () => {
    const policies = { unavailablePolicy: 'warn' as const, employeesMustApply: true, maxItemsPerDay: 1 };
    const r = await solve(
      input([item('a', { applicantIds: ['late-comer'] }), item('b')], [member('m'), member('late-comer')], {
        policies,
      }),
    );
    expect(who(r, 'a')).toBe('late-comer');
    expect(reason(r, 'b')).toMatchObject({ reason: 'no_candidate', rejected: { NOT_APPLIED: 2 } });
    expect(r.assignments[0].explanation.applied).toBe(true);
  });
});

describe('objectives', () => {
  it('honours wishes and limited-availability windows', async () => {
    const wish = member('wish', {
      availability: [{ date: DAY, type: 'wish', startMinutes: null, endMinutes: null, status: null }],
    });
    const r = await solve(input([item('a')], [member('plain'), wish]));
    expect(who(r, 'a')).toBe('wish');
    expect(r.assignments[0].explanation).toMatchObject({ wish: true, availability: 'wish' });

    const limited = (id: string, from: number, until: number) =>
      member(id, {
        availability: [{ date: DAY, type: 'limited', startMinutes: from, endMinutes: until, status: null }],
      });
    const r2 = await solve(
      input([item('a')], [limited('outside', 12 * 60, 20 * 60), limited('inside', 7 * 60, 17 * 60)]),
    );
    expect(who(r2, 'a')).toBe('inside');
    expect(r2.assignments[0].explanation).toMatchObject({ withinLimited: true, warnings: [] });
    const r3 = await solve(input([item('a')], [limited('outside', 12 * 60, 20 * 60)]));
    expect(r3.assignments[0].explanation).toMatchObject({
      withinLimited: false,
      warnings: ['ERR_UNAVAILABLE_LIMITED'],
    });
  });

  it('keeps people near their contract hours and avoids overtime', async () => {
    const full = (id: string, planned: number) =>
      member(id, {
        contract: { kind: 'full', hoursPerWeek: 40, maxHoursPerWeek: 48 },
        plannedMinutesByWeek: { '2026-06-08': planned * 60 },
      });
    const r = await solve(input([item('a')], [full('nearly-full', 38), full('far-below', 10)]));
    expect(who(r, 'a')).toBe('far-below');
    const forced = await solve(input([item('a')], [full('nearly-full', 38)]));
    expect(forced.assignments[0].explanation).toMatchObject({
      hoursBefore: 38,
      hoursAfter: 45.5,
      contractHours: 40,
      maxHours: 48,
      overtimeHours: 5.5,
      warnings: ['OVERTIME'],
    });
  });

  it('prefers the cheaper of otherwise equal people', async () => {
    const r = await solve(
      input([item('a')], [member('dear', { hourlyRateCents: 3000 }), member('cheap', { hourlyRateCents: 1500 })]),
    );
    expect(who(r, 'a')).toBe('cheap');
    expect(r.assignments[0].explanation.costCents).toBe(1500 * 7.5);
  });

  it('fills as many items as possible before anything else', async () => {
    // m1 can take a or b, m2 only a: the best choice of person for a alone (m1 wishes) would leave b open.
    const m1 = member('m1', {
      availability: [{ date: DAY, type: 'wish', startMinutes: null, endMinutes: null, status: null }],
    });
    const m2 = member('m2', { dutyIds: ['cook'], locationIds: ['loc'] });
    const r = await solve(input([item('a'), item('b', { dutyId: 'bar' })], [{ ...m1, dutyIds: ['cook', 'bar'] }, m2]));
    expect(r.assignments).toHaveLength(2);
    expect(who(r, 'a')).toBe('m2');
  });
});

describe('time', () => {
  it('counts a night across the change to summer time with its real length', async () => {
    // 28 to 29 March 2026 in Berlin: 22:00 to 06:00 is 7 hours.
    const night = item('n', { date: '2026-03-28', fromMinutes: 22 * 60, untilMinutes: 6 * 60, breakMinutes: 0 });
    const r = await solve(input([night], [member('m')]));
    expect(r.assignments[0].explanation.minutes).toBe(7 * 60);
  });

  it('keeps an item inside the daylight-saving gap from overlapping another', async () => {
    // 02:00 to 03:00 on 29 March 2026 does not exist in Berlin: the item is an empty instant at 03:00 CEST, inside
    // the other item (01:00 CET to 05:00 CEST).
    const gap = item('gap', {
      date: '2026-03-29',
      fromMinutes: 2 * 60,
      untilMinutes: 3 * 60,
      breakMinutes: 0,
      restHours: 0,
    });
    const around = item('around', {
      date: '2026-03-29',
      fromMinutes: 60,
      untilMinutes: 5 * 60,
      breakMinutes: 0,
      restHours: 0,
    });
    const r = await solve(
      input([gap, around], [member('m')], {
        policies: { unavailablePolicy: 'warn', employeesMustApply: false, maxItemsPerDay: 2 },
      }),
    );
    expect(r.assignments).toHaveLength(1);
    expect(r.open[0]).toMatchObject({ reason: 'capacity', blocked: { ERR_OVERLAP: 1 } });
  });

  it('sees rest across the change to winter time on instants', async () => {
    // 24 to 25 October 2026: the clocks go back, so 21:00 to 06:00 is 10 hours of rest that night, not 9.
    const evening = item('e', { date: '2026-10-24', fromMinutes: 13 * 60, untilMinutes: 21 * 60, restHours: 10 });
    const morning = item('m', { date: '2026-10-25', fromMinutes: 6 * 60, untilMinutes: 12 * 60, restHours: 10 });
    const r = await solve(input([evening, morning], [member('p')]));
    expect(r.assignments).toHaveLength(2);
  });
});

describe('validator', () => {
  it('names every broken rule of a proposal', () => {
    const data = input(
      [
        item('a', { tagIds: ['t'] }),
        item('b', { fromMinutes: 10 * 60, untilMinutes: 12 * 60 }),
        item('c', { locationId: 'far' }),
        item('d', { date: '2026-06-01' }),
      ],
      [
        member('m', {
          availability: [{ date: DAY, type: 'unavailable', startMinutes: null, endMinutes: null, status: null }],
          contract: { kind: 'part', hoursPerWeek: 2, maxHoursPerWeek: 4 },
        }),
      ],
      {
        policies: { unavailablePolicy: 'deny', employeesMustApply: true, maxItemsPerDay: 1 },
        locations: [
          { id: 'loc', releasedUntil: '2026-06-05' },
          { id: 'far', releasedUntil: null },
        ],
      },
    );
    const rules = (assignments: { itemId: string; memberId: string }[]) =>
      [...new Set(validateProposal(data, assignments).map((v) => v.rule))].sort();
    expect(rules([{ itemId: 'a', memberId: 'm' }])).toEqual(
      ['ERR_UNAVAILABLE_DENY', 'MISSING_TAGS', 'NOT_APPLIED', 'CONTRACT_MAX'].sort(),
    );
    expect(
      rules([
        { itemId: 'a', memberId: 'm' },
        { itemId: 'b', memberId: 'm' },
      ]),
    ).toContain('ERR_OVERLAP');
    expect(
      rules([
        { itemId: 'a', memberId: 'm' },
        { itemId: 'b', memberId: 'm' },
      ]),
    ).toContain('DAY_LIMIT');
    expect(rules([{ itemId: 'c', memberId: 'm' }])).toContain('NOT_IN_PLANNING');
    expect(rules([{ itemId: 'd', memberId: 'm' }])).toContain('RELEASED');
    expect(
      rules([
        { itemId: 'a', memberId: 'm' },
        { itemId: 'a', memberId: 'm' },
      ]),
    ).toContain('ASSIGNED_TWICE');
    expect(rules([{ itemId: 'zz', memberId: 'm' }])).toEqual(['UNKNOWN_ITEM']);
  });
});

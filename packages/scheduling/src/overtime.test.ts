import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { solveMatching } from './solve';
import type { Candidate, MatchingInput, OpenItem } from './types';
import { validateProposal } from './validate';

/**
 * The matching wizard does not push one person into overtime while others still have hours (or have none at all)
 * and could take the work; only when nobody else can does it plan overtime (docs/product/roster.md, "The matching
 * wizard"). The week of the issue: one person contracted for 10 hours, a week of 8-hour duties.
 */
const WEEK = ['2026-06-08', '2026-06-09', '2026-06-10', '2026-06-11', '2026-06-12'];

const item = (date: string): OpenItem => ({
  id: `item-${date}`,
  locationId: 'loc',
  date,
  fromMinutes: 9 * 60,
  untilMinutes: 17 * 60,
  breakMinutes: 30,
  shiftId: null,
  restHours: 11,
  dutyId: 'cook',
  tagIds: [],
});

const member = (id: string, patch: Partial<Candidate> = {}): Candidate => ({
  id,
  dutyIds: ['cook'],
  tagIds: [],
  locationIds: ['loc'],
  availability: [],
  availabilityDefaults: [],
  contract: { kind: 'part', hoursPerWeek: 10, maxHoursPerWeek: null },
  existingItems: [],
  hourlyRateCents: 1500,
  ...patch,
});

const input = (candidates: Candidate[]): MatchingInput => ({
  timeZone: 'Europe/Berlin',
  weekStartsOn: 'monday',
  policies: { unavailablePolicy: 'warn', employeesMustApply: false, maxItemsPerDay: 1 },
  locations: [{ id: 'loc', releasedUntil: null }],
  items: WEEK.map(item),
  candidates,
});

/** Hours each member gets in the proposal. */
async function hoursOf(data: MatchingInput, engine: 'exact' | 'fast') {
  const r = await solveMatching(data, { engine, fastTimeLimitMs: 100 });
  expect(validateProposal(data, r.assignments)).toEqual([]);
  const hours = new Map(data.candidates.map((c) => [c.id, 0]));
  for (const a of r.assignments) hours.set(a.memberId, (hours.get(a.memberId) ?? 0) + 7.5);
  return { r, hours };
}

describe('overtime in the matching wizard', () => {
  it('spreads the week rather than pushing the 10-hour person into overtime while others have 0 h', async () => {
    const data = input([
      member('ten'),
      member('part', { contract: { kind: 'part', hoursPerWeek: 20, maxHoursPerWeek: null } }),
      member('no-contract', { contract: null, hourlyRateCents: 2500 }),
    ]);
    for (const engine of ['exact', 'fast'] as const) {
      const { r, hours } = await hoursOf(data, engine);
      expect(r.assignments).toHaveLength(5);
      // Ten hours of contract: one 7.5-hour duty, not 37.5 hours.
      expect(hours.get('ten'), engine).toBeLessThanOrEqual(10);
      expect(
        r.assignments.filter((a) => a.explanation.warnings.includes('OVERTIME')),
        engine,
      ).toEqual([]);
    }
  });

  it('plans overtime when nobody else can work', async () => {
    const data = input([member('ten'), member('waiter', { dutyIds: ['service'] })]);
    const { r, hours } = await hoursOf(data, 'exact');
    expect(hours.get('ten')).toBe(37.5);
    expect(r.assignments.some((a) => a.explanation.warnings.includes('OVERTIME'))).toBe(true);
  });

  it('never leaves someone with a contract and hours left at 0 h while another works overtime', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ hours: fc.constantFrom(0, 10, 20, 40), cook: fc.boolean() }), {
          minLength: 2,
          maxLength: 4,
        }),
        async (people) => {
          const data = input(
            people.map((p, i) =>
              member(`m${i}`, {
                dutyIds: p.cook ? ['cook'] : ['service'],
                contract: p.hours ? { kind: 'part', hoursPerWeek: p.hours, maxHoursPerWeek: null } : null,
              }),
            ),
          );
          const { r, hours } = await hoursOf(data, 'exact');
          const overtime = r.assignments.some((a) => a.explanation.warnings.includes('OVERTIME'));
          if (!overtime) return;
          // Somebody is in overtime: then every cook with contract hours has work, and no cook without a contract
          // is left idle.
          for (const [i, p] of people.entries()) {
            if (p.cook) expect(hours.get(`m${i}`), JSON.stringify(people)).toBeGreaterThan(0);
          }
        },
      ),
      { numRuns: 25 },
    );
  });
});

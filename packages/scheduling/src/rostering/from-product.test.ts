import { contractBreaches, type PersonLimits, unmetWishes } from '@app/domain';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { breachesOf, penaltyOf } from './evaluate';
import { type ProductRoster, productPlanOf, rosterInstanceOf, rosterOfPlans } from './from-product';

const NAMES: Record<string, string> = {
  maxConsecutiveShifts: 'maxConsecutiveDays',
  minConsecutiveShifts: 'minConsecutiveDays',
};

const nullable = (arb: fc.Arbitrary<number>) => fc.option(arb, { nil: null });

/** A random period with Monday as its first day (the evaluator's horizon), and random plans of its people. */
const scenario = fc
  .record({
    days: fc.integer({ min: 3, max: 21 }),
    kinds: fc.array(
      fc.record({
        startMinutes: fc.integer({ min: 0, max: 23 }).map((h) => h * 60),
        endMinutes: fc.integer({ min: 0, max: 23 }).map((h) => h * 60),
        restHours: fc.constantFrom(0, 8, 11, 12),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    people: fc.integer({ min: 1, max: 3 }),
  })
  .chain(({ days, kinds, people }) => {
    const shifts = kinds.map((k, i) => ({
      ...k,
      id: `s${i}`,
      minutes: ((k.endMinutes - k.startMinutes + 1440) % 1440 || 1440) - 30,
    }));
    const limits: fc.Arbitrary<PersonLimits> = fc.record({
      maxShifts: fc.array(fc.integer({ min: 0, max: days }), { minLength: shifts.length, maxLength: shifts.length }),
      minMinutes: fc.integer({ min: 0, max: days * 300 }),
      maxMinutes: nullable(fc.integer({ min: 0, max: days * 600 })),
      maxConsecutiveDays: nullable(fc.integer({ min: 1, max: 7 })),
      minConsecutiveDays: nullable(fc.integer({ min: 1, max: 4 })),
      minConsecutiveDaysOff: nullable(fc.integer({ min: 1, max: 4 })),
      maxWeekends: nullable(fc.integer({ min: 0, max: 3 })),
      daysOff: fc.uniqueArray(fc.integer({ min: 0, max: days - 1 }), { maxLength: 3 }),
    });
    const wish = fc.record({
      day: fc.integer({ min: 0, max: days - 1 }),
      shift: fc.integer({ min: 0, max: shifts.length - 1 }),
      on: fc.boolean(),
      weight: fc.integer({ min: 1, max: 5 }),
    });
    const plan = fc.array(fc.option(fc.integer({ min: 0, max: shifts.length - 1 }), { nil: null }), {
      minLength: days,
      maxLength: days,
    });
    return fc.record({
      product: fc.record({
        name: fc.constant('random'),
        days: fc.constant(days),
        firstWeekday: fc.constant(0),
        kinds: fc.constant(shifts),
        people: fc.array(fc.record({ id: fc.uuid(), limits, wishes: fc.array(wish, { maxLength: 4 }) }), {
          minLength: people,
          maxLength: people,
        }),
        covers: fc.constant([]),
      }) as fc.Arbitrary<ProductRoster>,
      plans: fc.array(plan, { minLength: people, maxLength: people }),
    });
  });

describe('the contract rules of packages/domain and the solver evaluator', () => {
  it('find the same breaches and the same cost of wishes on random rosters', () => {
    fc.assert(
      fc.property(scenario, ({ product, plans }) => {
        const { instance, lead } = rosterInstanceOf(product);
        expect(lead).toBe(0);
        const roster = rosterOfPlans(plans, lead);
        const solver = breachesOf(instance, roster);
        let wishes = 0;
        product.people.forEach((person, e) => {
          const domain = contractBreaches(plans[e], product.kinds, person.limits, product.firstWeekday)
            .map((b) => `${b.rule}@${b.day ?? ''}`)
            .sort();
          const evaluated = solver
            .filter((b) => b.person === e)
            .map((b) => `${NAMES[b.rule] ?? b.rule}@${b.day ?? ''}`)
            .sort();
          expect(domain).toEqual(evaluated);
          wishes += unmetWishes(plans[e], person.wishes).penalty;
        });
        const penalty = penaltyOf(instance, roster);
        expect(penalty.onRequests + penalty.offRequests).toBe(wishes);
        expect(productPlanOf(roster, lead)).toEqual(plans);
      }),
      { numRuns: 300, seed: 27 },
    );
  });

  it('keeps the period aligned on Mondays: a Wednesday start is preceded by two days off without cover', () => {
    const product: ProductRoster = {
      name: 'wed',
      days: 5,
      firstWeekday: 2,
      kinds: [{ id: 'e', minutes: 480, startMinutes: 360, endMinutes: 870, restHours: 11 }],
      people: [
        {
          id: 'a',
          limits: {
            maxShifts: [5],
            minMinutes: 0,
            maxMinutes: null,
            maxConsecutiveDays: null,
            minConsecutiveDays: null,
            minConsecutiveDaysOff: null,
            maxWeekends: 0,
            daysOff: [1],
          },
          wishes: [],
        },
      ],
      covers: [{ day: 0, shift: 0, requirement: 1, underWeight: 100, overWeight: 1 }],
    };
    const { instance, lead } = rosterInstanceOf(product);
    expect(lead).toBe(2);
    expect(instance.days).toBe(7);
    expect(instance.people[0].daysOff).toEqual([0, 1, 3]);
    expect(instance.covers.find((c) => c.day === 2)?.requirement).toBe(1);
    // Saturday is the period's day 3 and the solver's day 5: a weekend either way.
    const plan = [0, null, null, 0, null];
    expect(breachesOf(instance, rosterOfPlans([plan], lead)).map((b) => b.rule)).toContain('maxWeekends');
    expect(contractBreaches(plan, product.kinds, product.people[0].limits, 2).map((b) => b.rule)).toContain(
      'maxWeekends',
    );
  });
});

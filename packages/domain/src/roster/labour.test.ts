import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { budgetUse, type CostedItem, contractBalance, plannedCost } from './labour';

describe('hours against the contract', () => {
  it('scales the weekly contract to the days shown and marks over, under and even', () => {
    expect(contractBalance(46 * 60, 10 * 60, 7)).toEqual({
      contractMinutes: 600,
      plannedMinutes: 2760,
      differenceMinutes: 2160,
      state: 'over',
    });
    expect(contractBalance(0, 40 * 60, 14).state).toBe('under');
    expect(contractBalance(40 * 60, 40 * 60, 7).state).toBe('even');
    // A 4-week month of 28 days holds four weeks of contract.
    expect(contractBalance(0, 38 * 60 + 30, 28).contractMinutes).toBe(4 * (38 * 60 + 30));
  });

  it('the difference is planned less contract, whose sign is the state', () => {
    fc.assert(
      fc.property(fc.nat(20000), fc.nat(4000), fc.integer({ min: 1, max: 31 }), (planned, weekly, days) => {
        const b = contractBalance(planned, weekly, days);
        expect(b.plannedMinutes - b.contractMinutes).toBe(b.differenceMinutes);
        expect(b.state).toBe(b.differenceMinutes > 0 ? 'over' : b.differenceMinutes < 0 ? 'under' : 'even');
      }),
    );
  });
});

describe('planned labour cost', () => {
  const wages: Record<string, number> = { ann: 1500, ben: 2000 };
  const wageOf = (i: CostedItem) =>
    i.duty === 'bar'
      ? { hourlyCents: 3000, factor: 100 }
      : i.user && wages[i.user]
        ? { hourlyCents: wages[i.user], factor: 125 }
        : null;
  const item = (over: Partial<CostedItem>): CostedItem => ({
    date: '2027-01-11',
    user: 'ann',
    duty: 'kitchen',
    from: 9 * 60,
    until: 17 * 60,
    breakMinutes: 30,
    ...over,
  });

  it('prices each item at its wage and factor, summed per day, person and period', () => {
    const cost = plannedCost(
      [
        item({}),
        item({ user: 'ben', date: '2027-01-12', from: 10 * 60, until: 14 * 60, breakMinutes: 0 }),
        item({ user: null, duty: 'bar', date: '2027-01-12', from: 18 * 60, until: 20 * 60, breakMinutes: 0 }),
        item({ user: 'cid' }),
      ],
      { wageOf },
    );
    // Ann: 7.5 h x 15.00 x 1.25 = 140.63; Ben: 4 h x 20.00 x 1.25 = 100.00; the bar (duty rate): 2 h x 30.00.
    expect(cost.byUser).toEqual({ ann: 14063, ben: 10000 });
    expect(cost.byDay).toEqual({ '2027-01-11': 14063, '2027-01-12': 16000 });
    expect(cost.totalCents).toBe(30063);
    expect(cost.unpriced).toBe(1);
  });

  it('adds holiday premiums', () => {
    const premiums = [{ id: 'h', percent: 100, weekdays: [], from: null, until: null, tagIds: [], holidays: true }];
    const cost = plannedCost([item({ breakMinutes: 0 })], { wageOf, premiums, holidays: new Set(['2027-01-11']) });
    expect(cost.totalCents).toBe(2 * 8 * 1500 * 1.25);
  });

  it('the period is the sum of its days and of its people plus open items', () => {
    const arb = fc.array(
      fc.record({
        date: fc.constantFrom('2027-01-11', '2027-01-12', '2027-01-13'),
        user: fc.constantFrom('ann', 'ben', 'cid', null),
        duty: fc.constantFrom('kitchen', 'bar'),
        from: fc.integer({ min: 0, max: 1439 }),
        until: fc.integer({ min: 0, max: 1439 }),
        breakMinutes: fc.constantFrom(0, 15, 30),
      }),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(arb, (items) => {
        const cost = plannedCost(items, { wageOf });
        const sum = (r: Record<string, number>) => Object.values(r).reduce((a, b) => a + b, 0);
        expect(sum(cost.byDay)).toBe(cost.totalCents);
        const open = plannedCost(
          items.filter((i) => !i.user),
          { wageOf },
        ).totalCents;
        expect(sum(cost.byUser) + open).toBe(cost.totalCents);
      }),
    );
  });
});

describe('cost against the budget', () => {
  it('says how much of the budget is used and whether it is over', () => {
    expect(budgetUse(1_234_000, 1_500_000)).toEqual({ percent: 82, over: false, leftCents: 266_000 });
    expect(budgetUse(1_600_000, 1_500_000)).toEqual({ percent: 106, over: true, leftCents: -100_000 });
    expect(budgetUse(0, 0)).toEqual({ percent: 0, over: false, leftCents: 0 });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BillableHours,
  clientInvoiceAbilitiesOf,
  clientInvoiceNumber,
  clientInvoiceTotals,
  draftLines,
  lineAmount,
  type NamedPremium,
  periodJustEnded,
} from './amounts';

const words = {
  hours: (g: string, d: string | null) => `${g}|${d ?? '-'}|hours`,
  premium: (g: string, n: string, p: number) => `${g}|${n}|${p}`,
  travel: (g: string) => `${g}|travel`,
};

const base: BillableHours = {
  id: 'h1',
  date: '2027-02-03', // a Wednesday
  from: 8 * 60,
  until: 16 * 60 + 30,
  breakMinutes: 30,
  minutes: 480,
  tagIds: [],
  billablePercent: 100,
  group: 'Fair',
  dutyName: 'Service',
  rateCents: 4000,
  applyPremiums: true,
  travelCents: null,
};

describe('the amount of approved hours', () => {
  it('is worked hours × the rate, in one line per group, duty and rate', () => {
    const lines = draftLines([base, { ...base, id: 'h2', date: '2027-02-04' }], [], new Set(), words);
    expect(lines).toEqual([
      { kind: 'hours', description: 'Fair|Service|hours', quantity: 16, unitCents: 4000, amountCents: 64000 },
    ]);
  });

  it('bills only the billable percent of the hours', () => {
    const [line] = draftLines([{ ...base, billablePercent: 50 }], [], new Set(), words);
    expect(line).toMatchObject({ quantity: 4, amountCents: 16000 });
  });

  it('rounds the hours to two decimals and the amount half up to the cent', () => {
    // 7 h 20 min = 7.333… h → 7.33 h; 7.33 × 12.35 € = 90.5255 € → 90.53 €
    const [line] = draftLines([{ ...base, minutes: 440, rateCents: 1235 }], [], new Set(), words);
    expect(line).toMatchObject({ quantity: 7.33, unitCents: 1235, amountCents: 9053 });
    expect(lineAmount(0.5, 1)).toBe(1); // half a cent goes up
    expect(lineAmount(0.49, 1)).toBe(0);
  });

  it('keeps hours of different rates and groups apart, and prices hours without a rate at 0 for the manager', () => {
    const lines = draftLines(
      [base, { ...base, id: 'h2', rateCents: 5000 }, { ...base, id: 'h3', group: 'Gala', rateCents: null }],
      [],
      new Set(),
      words,
    );
    expect(lines.map((l) => [l.description, l.unitCents, l.amountCents])).toEqual([
      ['Fair|Service|hours', 4000, 32000],
      ['Fair|Service|hours', 5000, 40000],
      ['Gala|Service|hours', 0, 0],
    ]);
  });

  it('adds premiums as the project says: the premium hours at rate × percent, the break taken out pro rata', () => {
    const night: NamedPremium = {
      id: 'p1',
      name: 'Evening',
      percent: 25,
      weekdays: [],
      from: 14 * 60,
      until: 22 * 60,
      tagIds: [],
      holidays: false,
    };
    // 14:00–16:30 is 150 of the 510 minutes span; worked 480 → 150 × 480/510 = 141.18 min = 2.35 h
    const lines = draftLines([base], [night], new Set(), words);
    expect(lines[1]).toEqual({
      kind: 'premium',
      description: 'Fair|Evening|25',
      quantity: 2.35,
      unitCents: 1000,
      amountCents: 2350,
    });
    expect(draftLines([{ ...base, applyPremiums: false }], [night], new Set(), words)).toHaveLength(1);
    const holiday: NamedPremium = {
      ...night,
      id: 'p2',
      name: 'Holiday',
      percent: 100,
      from: null,
      until: null,
      holidays: true,
    };
    expect(draftLines([base], [holiday], new Set(['2027-02-03']), words)[1]).toMatchObject({
      quantity: 8,
      unitCents: 4000,
      amountCents: 32000,
    });
  });

  it('adds the travel allowance once per worked shift', () => {
    const lines = draftLines(
      [
        { ...base, travelCents: 1250 },
        { ...base, id: 'h2', travelCents: 1250 },
      ],
      [],
      new Set(),
      words,
    );
    expect(lines[1]).toEqual({
      kind: 'travel',
      description: 'Fair|travel',
      quantity: 2,
      unitCents: 1250,
      amountCents: 2500,
    });
  });

  it('sums the lines and takes VAT once on the net sum, half up', () => {
    expect(clientInvoiceTotals([{ amountCents: 9053 }, { amountCents: 1 }], { category: 'S', rateBp: 1900 })).toEqual({
      netCents: 9054,
      vatCents: 1720, // 1720.26
      totalCents: 10774,
    });
    expect(clientInvoiceTotals([{ amountCents: 50 }], { category: 'S', rateBp: 1900 }).vatCents).toBe(10); // 9.5 → 10
    expect(clientInvoiceTotals([{ amountCents: 50 }], { category: 'AE', rateBp: 0 }).vatCents).toBe(0);
  });

  it('is never below zero and an exact number of cents for any hours and rate', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1440 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 100_000 }),
        (minutes, percent, rate) => {
          const lines = draftLines(
            [{ ...base, minutes, billablePercent: percent, rateCents: rate }],
            [],
            new Set(),
            words,
          );
          for (const l of lines) {
            expect(Number.isInteger(l.amountCents)).toBe(true);
            expect(l.amountCents).toBeGreaterThanOrEqual(0);
            expect(l.amountCents).toBe(lineAmount(l.quantity, l.unitCents));
          }
        },
      ),
    );
  });
});

describe("the period a client's interval invoices", () => {
  it('is the week before (Monday to Sunday), the month before, or the 4-week block before', () => {
    expect(periodJustEnded('weekly', '2027-03-29')).toEqual({ from: '2027-03-22', until: '2027-03-28' });
    expect(periodJustEnded('weekly', '2027-03-28')).toEqual({ from: '2027-03-15', until: '2027-03-21' });
    expect(periodJustEnded('monthly', '2027-03-01')).toEqual({ from: '2027-02-01', until: '2027-02-28' });
    expect(periodJustEnded('monthly', '2028-03-31')).toEqual({ from: '2028-02-01', until: '2028-02-29' });
    expect(periodJustEnded('monthly', '2027-01-15')).toEqual({ from: '2026-12-01', until: '2026-12-31' });
    // Blocks of 28 days from Monday 2024-01-01: 2024-01-29 starts the second block.
    expect(periodJustEnded('4weeks', '2024-02-10')).toEqual({ from: '2024-01-01', until: '2024-01-28' });
    expect(periodJustEnded('manual', '2027-03-29')).toBeNull();
  });
});

describe('invoice numbers and abilities', () => {
  it('numbers read year and running number', () => {
    expect(clientInvoiceNumber(2027, 7)).toBe('2027-0007');
  });

  it('a draft is edited, issued (with lines) and deleted by managers and owners; an issued one downloaded and sent', () => {
    const manager = { roles: ['manager' as const] };
    expect(clientInvoiceAbilitiesOf(manager, { status: 'draft', lineCount: 1 })).toEqual({
      edit: true,
      issue: true,
      remove: true,
      download: false,
      send: false,
    });
    expect(clientInvoiceAbilitiesOf(manager, { status: 'draft', lineCount: 0 }).issue).toBe(false);
    expect(clientInvoiceAbilitiesOf(manager, { status: 'issued', lineCount: 1 })).toEqual({
      edit: false,
      issue: false,
      remove: false,
      download: true,
      send: true,
    });
    expect(Object.values(clientInvoiceAbilitiesOf({ roles: ['planner'] }, { status: 'draft', lineCount: 1 }))).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

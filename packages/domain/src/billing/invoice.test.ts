import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { billingStep, invoiceAmounts, invoiceNumber, periodEndingAt, vatFor } from './invoice';

describe('vatFor: VAT per country', () => {
  it('charges the seller its own rate at home', () => {
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'DE', buyerVatNumber: 'DE123456789' })).toEqual({
      category: 'S',
      rateBp: 1900,
    });
    expect(vatFor({ sellerCountry: 'NL', buyerCountry: 'NL', buyerVatNumber: null })).toEqual({
      category: 'S',
      rateBp: 2100,
    });
  });
  it('reverse-charges an EU business with a VAT number in another member state', () => {
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'NL', buyerVatNumber: 'NL123456789B01' })).toEqual({
      category: 'AE',
      rateBp: 0,
    });
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'PL', buyerVatNumber: 'PL1234567890' }).category).toBe('AE');
  });
  it('charges an EU customer abroad without a VAT number the rate of their country', () => {
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'AT', buyerVatNumber: null })).toEqual({
      category: 'S',
      rateBp: 2000,
    });
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'PL', buyerVatNumber: '  ' })).toEqual({
      category: 'S',
      rateBp: 2300,
    });
  });
  it('charges no EU VAT outside the EU', () => {
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'CH', buyerVatNumber: null })).toEqual({
      category: 'O',
      rateBp: 0,
    });
    expect(vatFor({ sellerCountry: 'DE', buyerCountry: 'US', buyerVatNumber: 'X' }).category).toBe('O');
  });
});

describe('invoiceAmounts: integer cents', () => {
  it('multiplies employees by the price and adds VAT rounded half up', () => {
    const a = invoiceAmounts({ employees: 12, unitCents: 399, vat: { category: 'S', rateBp: 1900 } });
    expect(a.lines).toEqual([{ kind: 'employees', quantity: 12, unitCents: 399, amountCents: 4788 }]);
    // 4788 × 19 % = 909.72 → 910
    expect(a).toMatchObject({ netCents: 4788, vatCents: 910, totalCents: 5698 });
  });
  it('rounds an exact half cent up', () => {
    // 50 × 21 % = 10.5 → 11
    expect(invoiceAmounts({ employees: 1, unitCents: 50, vat: { category: 'S', rateBp: 2100 } }).vatCents).toBe(11);
  });
  it('takes a discount off the employees line before VAT', () => {
    const a = invoiceAmounts({
      employees: 3,
      unitCents: 333,
      discountPercent: 10,
      vat: { category: 'S', rateBp: 1900 },
    });
    // 999 − 99.9 → 100 (half up) = 899; VAT 170.81 → 171
    expect(a.lines[1]).toEqual({ kind: 'discount', percent: 10, amountCents: -100 });
    expect(a).toMatchObject({ netCents: 899, vatCents: 171, totalCents: 1070 });
  });
  it('charges no VAT under reverse charge', () => {
    expect(invoiceAmounts({ employees: 5, unitCents: 400, vat: { category: 'AE', rateBp: 0 } })).toMatchObject({
      netCents: 2000,
      vatCents: 0,
      totalCents: 2000,
    });
  });
  it('always sums its lines, keeps whole cents and stays within half a cent of the exact VAT', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 2700 }),
        (employees, unitCents, discountPercent, rateBp) => {
          const a = invoiceAmounts({ employees, unitCents, discountPercent, vat: { category: 'S', rateBp } });
          const sum = a.lines.reduce((s, l) => s + l.amountCents, 0);
          expect(a.netCents).toBe(sum);
          expect(a.netCents).toBeGreaterThanOrEqual(0);
          for (const v of [a.netCents, a.vatCents, a.totalCents]) expect(Number.isInteger(v)).toBe(true);
          expect(Math.abs(a.vatCents - (a.netCents * rateBp) / 10000)).toBeLessThanOrEqual(0.5);
          expect(a.totalCents).toBe(a.netCents + a.vatCents);
        },
      ),
    );
  });
});

describe('invoiceNumber', () => {
  it('pads the running number per year', () => {
    expect(invoiceNumber(2027, 1)).toBe('2027-000001');
    expect(invoiceNumber(2027, 123456)).toBe('2027-123456');
  });
});

describe('billingStep: which period the job invoices', () => {
  const now = new Date('2027-03-10T12:00:00Z');
  const later = new Date('2027-03-20T00:00:00Z');
  const earlier = new Date('2027-03-01T00:00:00Z');
  it('invoices the running period of an account billed in advance, and renews it once it ended', () => {
    expect(billingStep({ status: 'active', billing: 'advance', periodEndsAt: later }, now)).toEqual({
      kind: 'invoice',
      period: periodEndingAt(later),
      thenRenew: false,
    });
    expect(billingStep({ status: 'active', billing: 'advance', periodEndsAt: earlier }, now)).toEqual({
      kind: 'renew',
    });
  });
  it('invoices the ended period of an account billed afterwards, then renews it', () => {
    expect(billingStep({ status: 'active', billing: 'arrears', periodEndsAt: later }, now)).toEqual({ kind: 'none' });
    expect(billingStep({ status: 'active', billing: 'arrears', periodEndsAt: earlier }, now)).toEqual({
      kind: 'invoice',
      period: periodEndingAt(earlier),
      thenRenew: true,
    });
  });
  it('bills a cancelled account to the end of its period and renews nothing', () => {
    expect(billingStep({ status: 'cancelled', billing: 'advance', periodEndsAt: earlier }, now)).toEqual({
      kind: 'none',
    });
    expect(billingStep({ status: 'cancelled', billing: 'arrears', periodEndsAt: earlier }, now)).toEqual({
      kind: 'invoice',
      period: periodEndingAt(earlier),
      thenRenew: false,
    });
  });
  it('bills nobody on trial, expired, licensed or deleted', () => {
    for (const status of ['trial', 'expired', 'license', 'deleted', 'free', 'demo'] as const)
      expect(billingStep({ status, billing: 'advance', periodEndsAt: later }, now)).toEqual({ kind: 'none' });
  });
  it('a period is 30 days long', () => {
    expect(periodEndingAt(later).from.toISOString()).toBe('2027-02-18T00:00:00.000Z');
  });
});

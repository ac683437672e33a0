import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bankAccountProblems,
  estimatePeriodCents,
  MANDATE_REFERENCE_PATTERN,
  mandateReference,
  maskIban,
  normalizeVatNumber,
  planLimit,
  planPrice,
  vatNumberProblem,
} from './subscription';

describe('VAT numbers', () => {
  it.each([
    ['DE123456789'],
    ['de 123 456 789'],
    ['NL123456789B01'],
    ['NL 1234.56.789.B.01'],
    ['ATU12345678'],
    ['BE0123456789'],
    ['BE1234567890'],
    ['FR12345678901'],
    ['FRXA123456789'],
    ['PL1234567890'],
    ['PL 123-456-78-90'],
    ['IT12345678901'],
    ['EL123456789'],
    ['ESX1234567X'],
  ])('accepts %s', (vat) => expect(vatNumberProblem(vat)).toBeNull());

  it.each([
    ['DE12345678', 'vatFormat'],
    ['DE1234567890', 'vatFormat'],
    ['DEA23456789', 'vatFormat'],
    ['NL123456789', 'vatFormat'],
    ['NL123456789X01', 'vatFormat'],
    ['AT12345678', 'vatFormat'],
    ['ATU1234567', 'vatFormat'],
    ['BE2123456789', 'vatFormat'],
    ['BE123456789', 'vatFormat'],
    ['FRIO123456789', 'vatFormat'],
    ['FR1234567890', 'vatFormat'],
    ['PL123456789', 'vatFormat'],
    ['IT1', 'vatFormat'],
    ['IT12345678901234', 'vatFormat'],
    ['US123456789', 'vatCountry'],
    ['GR123456789', 'vatCountry'],
    ['123456789', 'vatCountry'],
  ])('refuses %s (%s)', (vat, problem) => expect(vatNumberProblem(vat)).toBe(problem));

  it('stores the number without spaces, dots and dashes, in upper case', () => {
    expect(normalizeVatNumber(' nl 1234.56.789-b01 ')).toBe('NL123456789B01');
  });
});

describe('bank account', () => {
  it('accepts a valid IBAN with the BIC of its country, typed with spaces and in lower case', () => {
    expect(bankAccountProblems('de89 3704 0044 0532 0130 00', 'cobadeffxxx')).toEqual({});
    expect(bankAccountProblems('NL91ABNA0417164300', 'ABNANL2A')).toEqual({});
  });

  it('refuses a wrong check digit, a malformed BIC, and a BIC of another country than the IBAN', () => {
    expect(bankAccountProblems('DE89370400440532013001', 'COBADEFFXXX')).toEqual({ iban: 'iban' });
    expect(bankAccountProblems('DE89370400440532013000', 'COBA1')).toEqual({ bic: 'bic' });
    expect(bankAccountProblems('DE89370400440532013000', 'ABNANL2A')).toEqual({ bic: 'bicMismatch' });
  });

  it('masks all but the country, check digits and last four characters', () => {
    expect(maskIban('DE89370400440532013000')).toBe('DE89 •••• •••• •••• ••30 00');
  });
});

describe('mandate reference', () => {
  it('is at most 35 characters of the SEPA set, never with a slash, and carries the signature day', () => {
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 10, maxLength: 10 }), (bytes) => {
        const ref = mandateReference('2026-11-26', bytes);
        expect(ref).toMatch(MANDATE_REFERENCE_PATTERN);
        expect(ref.length).toBeLessThanOrEqual(35);
        expect(ref).not.toContain('/');
        expect(ref.startsWith('RM-20261126-')).toBe(true);
      }),
    );
  });

  it('differs with the random bytes', () => {
    const a = mandateReference('2026-11-26', new Uint8Array(10).fill(1));
    const b = mandateReference('2026-11-26', new Uint8Array(10).fill(2));
    expect(a).not.toBe(b);
  });
});

describe('plan, limit and price', () => {
  it('reads the plan unless the account has its own terms', () => {
    expect(planLimit({ plan: 'fix', maxEmployees: null, priceCents: null })).toBe(50);
    expect(planPrice({ plan: 'fix', maxEmployees: null, priceCents: null })).toBe(400);
    expect(planLimit({ plan: 'custom', maxEmployees: 700, priceCents: 250 })).toBe(700);
    expect(planPrice({ plan: 'custom', maxEmployees: 700, priceCents: 250 })).toBe(250);
    expect(planLimit({ plan: null, maxEmployees: null, priceCents: null })).toBeNull();
  });

  it('estimates price × employees less the discount, rounded to the cent', () => {
    expect(estimatePeriodCents(400, 12)).toBe(4800);
    expect(estimatePeriodCents(400, 12, 10)).toBe(4320);
    expect(estimatePeriodCents(333, 1, 50)).toBe(167);
    expect(estimatePeriodCents(400, 0)).toBe(0);
    expect(estimatePeriodCents(400, 5, 100)).toBe(0);
  });

  it('never estimates more than the undiscounted price nor less than nothing', () => {
    fc.assert(
      fc.property(fc.nat(100_000), fc.nat(10_000), fc.integer({ min: -10, max: 110 }), (price, n, percent) => {
        const cents = estimatePeriodCents(price, n, percent);
        expect(cents).toBeGreaterThanOrEqual(0);
        expect(cents).toBeLessThanOrEqual(price * n);
      }),
    );
  });
});

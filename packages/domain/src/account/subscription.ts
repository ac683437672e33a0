import { PLANS, type PlanType, type Role } from '@app/contracts';
import { electronicFormatIBAN, extractBIC, extractIBAN, isValidBIC, isValidIBAN } from 'ibantools';

/** Pure rules of the subscription page (docs/product/subscription.md), shared by the server and the web. */

/** The subscription page and its calls: owners only (docs/product/subscription.md). */
export const mayManageSubscription = (member: { roles: readonly Role[] }): boolean => member.roles.includes('owner');

// VAT numbers

/** Member states' VAT prefixes (Greece writes EL; XI is Northern Ireland under the EU rules for goods). */
const EU_VAT_PREFIXES = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'EL', 'ES', 'FI', 'FR', 'HR', 'HU', 'IE', 'IT', 'LT', 'LU',
  'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK', 'XI',
] as const; // biome-ignore format: a table

/** The exact forms of the countries we serve most; every other member state has the generic rule. */
const VAT_FORMS: Record<string, RegExp> = {
  DE: /^DE\d{9}$/,
  NL: /^NL\d{9}B\d{2}$/,
  AT: /^ATU\d{8}$/,
  BE: /^BE[01]\d{9}$/,
  FR: /^FR[0-9A-HJ-NP-Z]{2}\d{9}$/,
  PL: /^PL\d{10}$/,
};
/** Any member state: its prefix and 2 to 13 letters or digits (the longest national forms have 12). */
const GENERIC_EU_VAT = /^[A-Z]{2}[0-9A-Z]{2,13}$/;

/** A VAT number as it is stored and printed: upper case, without spaces, dots and dashes. */
export const normalizeVatNumber = (value: string): string => value.toUpperCase().replace(/[\s.-]/g, '');

/**
 * Why a VAT identification number has the wrong form, or null: 'vatCountry' when it does not start with a member
 * state's prefix, 'vatFormat' when the country's form does not match. It checks the form only: whether the number is
 * registered is VIES's to say.
 */
export function vatNumberProblem(value: string): 'vatCountry' | 'vatFormat' | null {
  const vat = normalizeVatNumber(value);
  const prefix = vat.slice(0, 2);
  if (!(EU_VAT_PREFIXES as readonly string[]).includes(prefix)) return 'vatCountry';
  const form = VAT_FORMS[prefix] ?? GENERIC_EU_VAT;
  return form.test(vat) ? null : 'vatFormat';
}

// Bank account and mandate

export interface BankAccountProblems {
  iban?: 'iban';
  bic?: 'bic' | 'bicMismatch';
}

/**
 * What is wrong with an IBAN and BIC (checked with ibantools): the IBAN's form and check digits, the BIC's form, and
 * whether the BIC's country is the IBAN's. Empty when both are fine.
 */
export function bankAccountProblems(ibanInput: string, bicInput: string): BankAccountProblems {
  const iban = electronicFormatIBAN(ibanInput) ?? '';
  const bic = bicInput.replace(/\s/g, '').toUpperCase();
  const problems: BankAccountProblems = {};
  const ibanOk = isValidIBAN(iban);
  if (!ibanOk) problems.iban = 'iban';
  if (!isValidBIC(bic)) problems.bic = 'bic';
  else if (ibanOk && extractBIC(bic).countryCode !== extractIBAN(iban).countryCode) problems.bic = 'bicMismatch';
  return problems;
}

/** The IBAN and BIC as stored: electronic format, upper case, no spaces. */
export function normalizeBankAccount(iban: string, bic: string): { iban: string; bic: string } {
  return { iban: electronicFormatIBAN(iban) ?? iban, bic: bic.replace(/\s/g, '').toUpperCase() };
}

/** An IBAN shown after it was saved: country and check digits and the last four characters, grouped by four. */
export function maskIban(iban: string): string {
  const compact = iban.replace(/\s/g, '');
  const hidden = `${compact.slice(0, 4)}${'•'.repeat(Math.max(0, compact.length - 8))}${compact.slice(-4)}`;
  return hidden.replace(/(.{4})(?=.)/g, '$1 ');
}

/** The characters SEPA allows in a mandate reference (the EPC's Latin subset); at most 35. */
export const MANDATE_REFERENCE_PATTERN = /^[A-Za-z0-9/\-?:().,'+ ]{1,35}$/;
const REFERENCE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';

/**
 * A new mandate reference: "RM-", the signature day (yyyymmdd), "-" and 10 random characters of an alphabet
 * without look-alikes (about 50 bits, so a collision is left to the unique index and one retry). 22 characters of
 * the SEPA set, no slash at all (a reference may not start with one nor hold two in a row).
 */
export function mandateReference(signedOn: string, randomBytes: Uint8Array): string {
  if (randomBytes.length < 10) throw new Error('a mandate reference needs 10 random bytes');
  const tail = Array.from(randomBytes.slice(0, 10), (b) => REFERENCE_ALPHABET[b % REFERENCE_ALPHABET.length]).join('');
  return `RM-${signedOn.replaceAll('-', '')}-${tail}`;
}

// Plan, limit and price

interface PlanTerms {
  plan: PlanType | null;
  /** The account's negotiated maximum (custom plans, licences); null: the plan's. */
  maxEmployees: number | null;
  /** The account's negotiated price; null: the plan's list price. */
  priceCents: number | null;
}

/** The most active employees the account may have: its own maximum, else its plan's; null: no limit. */
export function planLimit(terms: PlanTerms): number | null {
  return terms.maxEmployees ?? (terms.plan ? PLANS[terms.plan].maxEmployees : null);
}

/** The price per billable employee per 30 days: the account's negotiated price, else its plan's list price. */
export function planPrice(terms: PlanTerms): number | null {
  return terms.priceCents ?? (terms.plan ? PLANS[terms.plan].priceCents : null);
}

/**
 * The estimated amount of one billing period in cents, VAT not included: price × billable employees, less the
 * discount in percent, rounded to the cent (half up). The billing job computes the invoice the same way.
 */
export function estimatePeriodCents(priceCents: number, employees: number, discountPercent = 0): number {
  const percent = Math.min(100, Math.max(0, discountPercent));
  return Math.round((priceCents * employees * (100 - percent)) / 100);
}

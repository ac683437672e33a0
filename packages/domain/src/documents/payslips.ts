/**
 * Whose payslip a page is (docs/product/documents.md, "Payslips"): the payroll office's PDF holds one payslip per
 * page, and each page names its person by employee number and by name. The employee number decides when exactly one
 * member's number stands on the page; otherwise the name, when exactly one member's name does. Anything else (no one,
 * or more than one) stays unmatched for the manager to assign by hand: a payslip in the wrong file is worse than one
 * assigned by hand.
 */

export interface PayslipPerson {
  membershipId: string;
  fname: string | null;
  lname: string | null;
  employeeNumber: string | null;
}

export interface PayslipMatch {
  membershipId: string;
  by: 'number' | 'name';
}

/**
 * Employee numbers shorter than this are not trusted on their own: "1" or "12" stand on every page as page numbers,
 * days or amounts.
 */
export const PAYSLIP_NUMBER_MIN_LENGTH = 3;

/** Lower case, one space between words, accents kept (they tell names apart), typographic forms unified. */
export const normalizePayslipText = (text: string): string =>
  text.normalize('NFKC').toLocaleLowerCase('en').replace(/\s+/g, ' ').trim();

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Whether `needle` stands on its own in `text`: not as part of a longer word or number (a hyphen joins, so
 * "Schmidt" is not found in "Schmidt-Meyer").
 */
function standsAlone(text: string, needle: string): boolean {
  if (!needle) return false;
  return new RegExp(`(^|[^\\p{L}\\p{N}-])${escapeRegExp(needle)}($|[^\\p{L}\\p{N}-])`, 'u').test(text);
}

/** The ways a name is printed: "Emma Weber", "Weber, Emma", "Weber Emma". */
function namesOf(person: PayslipPerson): string[] {
  const f = normalizePayslipText(person.fname ?? '');
  const l = normalizePayslipText(person.lname ?? '');
  if (!f || !l) return [];
  return [`${f} ${l}`, `${l}, ${f}`, `${l} ${f}`];
}

/** Whose payslip this page's text is, or null when no one's or more than one member's. */
export function matchPayslipPage(text: string, people: readonly PayslipPerson[]): PayslipMatch | null {
  const page = normalizePayslipText(text);
  if (!page) return null;
  const byNumber = people.filter((p) => {
    const n = normalizePayslipText(p.employeeNumber ?? '');
    return n.length >= PAYSLIP_NUMBER_MIN_LENGTH && standsAlone(page, n);
  });
  if (byNumber.length === 1) return { membershipId: byNumber[0].membershipId, by: 'number' };
  if (byNumber.length > 1) return null;
  const byName = people.filter((p) => namesOf(p).some((n) => standsAlone(page, n)));
  if (byName.length === 1) return { membershipId: byName[0].membershipId, by: 'name' };
  return null;
}

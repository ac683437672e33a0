import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { matchPayslipPage, type PayslipPerson } from './payslips';

const emma: PayslipPerson = { membershipId: 'emma', fname: 'Emma', lname: 'Weber', employeeNumber: 'P-1042' };
const anna: PayslipPerson = { membershipId: 'anna', fname: 'Anna', lname: 'Schmidt', employeeNumber: '2001' };
const annaM: PayslipPerson = { membershipId: 'annaM', fname: 'Anna', lname: 'Schmidt-Meyer', employeeNumber: null };
const people = [emma, anna, annaM];

describe('matchPayslipPage', () => {
  it('takes the employee number first, then the name in its printed forms', () => {
    expect(matchPayslipPage('Payslip March 2027  Personnel no. P-1042  Someone Else', people)).toEqual({
      membershipId: 'emma',
      by: 'number',
    });
    expect(matchPayslipPage('Entgeltabrechnung\nWEBER,   EMMA\nBrutto 2.100,00', people)).toEqual({
      membershipId: 'emma',
      by: 'name',
    });
    expect(matchPayslipPage('Herr/Frau Anna Schmidt-Meyer', people)).toEqual({ membershipId: 'annaM', by: 'name' });
    expect(matchPayslipPage('Anna Schmidt, Nr. 2001', people)).toEqual({ membershipId: 'anna', by: 'number' });
  });

  it('leaves a page unmatched when no one or more than one member stands on it', () => {
    expect(matchPayslipPage('Summary of the month', people)).toBeNull();
    expect(matchPayslipPage('', people)).toBeNull();
    expect(matchPayslipPage('Emma Weber and Anna Schmidt', people)).toBeNull();
    expect(matchPayslipPage('P-1042 2001', people)).toBeNull();
    // Part of a longer number is not the number.
    expect(matchPayslipPage('IBAN DE12 2001999 Account', [anna])).toBeNull();
  });

  it('does not trust numbers too short to tell apart from page numbers', () => {
    expect(matchPayslipPage('Page 12 of 12', [{ ...anna, employeeNumber: '12' }])).toBeNull();
  });

  it('finds every member by their own number or name on a page of noise, and never someone else', () => {
    const name = fc.stringMatching(/^[A-Z][a-z]{2,9}$/);
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.record({ fname: name, lname: name, n: fc.integer({ min: 1000, max: 999999 }) }), {
          minLength: 1,
          maxLength: 8,
          selector: (p) => `${p.lname}`,
        }),
        fc.nat(),
        fc.boolean(),
        (rows, pick, byNumber) => {
          const team: PayslipPerson[] = rows.map((r, i) => ({
            membershipId: `m${i}`,
            fname: r.fname,
            lname: r.lname,
            employeeNumber: `E${r.n}-${i}`,
          }));
          const me = team[pick % team.length];
          const text = byNumber
            ? `Payslip 03/2027 Nr ${me.employeeNumber} Gross 2100.00`
            : `Payslip 03/2027 ${me.lname}, ${me.fname} Gross 2100.00`;
          const found = matchPayslipPage(text, team);
          const sameName = team.filter((p) => p.fname === me.fname && p.lname === me.lname).length;
          if (byNumber || sameName === 1) expect(found?.membershipId).toBe(me.membershipId);
          if (found) expect(found.membershipId).toBe(me.membershipId);
        },
      ),
    );
  });
});

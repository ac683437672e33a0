import { describe, expect, it } from 'vitest';
import {
  amountOf,
  computeFreelancerInvoice,
  freelancerInvoiceAbilities,
  freelancerInvoiceNumber,
  mayEditCompanyPage,
  mayInvoiceOwnHours,
  mayReviewFreelancerInvoices,
} from './invoice';

const h = (date: string, duty: string | null, minutes: number, location = 'Catering') => ({
  date,
  duty,
  location,
  minutes,
});

describe('the invoice of a freelancer’s approved hours', () => {
  it('has one line per day and duty, the hours of one day and duty summed, in date order', () => {
    const inv = computeFreelancerInvoice(
      [h('2027-03-02', 'Kitchen', 240), h('2027-03-01', 'Service', 450), h('2027-03-02', 'Kitchen', 60)],
      3000,
      0,
    );
    expect(inv.lines).toEqual([
      { date: '2027-03-01', duty: 'Service', location: 'Catering', minutes: 450, amountCents: 22500 },
      { date: '2027-03-02', duty: 'Kitchen', location: 'Catering', minutes: 300, amountCents: 15000 },
    ]);
    expect(inv).toMatchObject({ minutes: 750, netCents: 37500, vatCents: 0, totalCents: 37500 });
  });

  it('keeps two duties of one day apart and rounds each line to the cent, half up', () => {
    // 25 minutes at 33.33 an hour: 13.8875 → 13.89; 10 minutes: 5.555 → 5.56
    const inv = computeFreelancerInvoice([h('2027-03-01', 'Bar', 25), h('2027-03-01', 'Service', 10)], 3333, 0);
    expect(inv.lines.map((l) => l.amountCents)).toEqual([1389, 556]);
    expect(inv.netCents).toBe(1945);
    expect(amountOf(1, 1)).toBe(0);
    expect(amountOf(30, 1)).toBe(1);
  });

  it('adds VAT once on the net, rounded to the cent', () => {
    const inv = computeFreelancerInvoice([h('2027-03-01', null, 450)], 2850, 1900);
    expect(inv.netCents).toBe(21375);
    expect(inv.vatCents).toBe(4061); // 4061.25
    expect(inv.totalCents).toBe(25436);
  });

  it('is empty without hours', () => {
    expect(computeFreelancerInvoice([], 3000, 1900)).toEqual({
      lines: [],
      minutes: 0,
      netCents: 0,
      vatCents: 0,
      totalCents: 0,
    });
  });

  it('is numbered per freelancer by year and running number', () => {
    expect(freelancerInvoiceNumber('2027-03-28', 1)).toBe('2027-0001');
    expect(freelancerInvoiceNumber('2027-12-31', 12345)).toBe('2027-12345');
  });
});

describe('who invoices and who reviews', () => {
  it('lets freelancers invoice, and owners, managers and accountants review', () => {
    expect(mayInvoiceOwnHours({ roles: ['freelancer'] })).toBe(true);
    expect(mayInvoiceOwnHours({ roles: ['owner'] })).toBe(false);
    for (const role of ['owner', 'manager', 'accountant'] as const)
      expect(mayReviewFreelancerInvoices({ roles: [role] })).toBe(true);
    for (const role of ['planner', 'supervisor', 'biller', 'observer', 'freelancer', 'user'] as const)
      expect(mayReviewFreelancerInvoices({ roles: [role] })).toBe(false);
  });

  it('pays or rejects only a submitted invoice', () => {
    const owner = { roles: ['owner' as const] };
    expect(freelancerInvoiceAbilities(owner, { status: 'submitted' })).toEqual({ pay: true, reject: true });
    expect(freelancerInvoiceAbilities(owner, { status: 'paid' })).toEqual({ pay: false, reject: false });
    expect(freelancerInvoiceAbilities(owner, { status: 'rejected' })).toEqual({ pay: false, reject: false });
    expect(freelancerInvoiceAbilities({ roles: ['freelancer'] }, { status: 'submitted' })).toEqual({
      pay: false,
      reject: false,
    });
  });

  it('lets owners and managers edit the company page', () => {
    expect(mayEditCompanyPage({ roles: ['manager'] })).toBe(true);
    expect(mayEditCompanyPage({ roles: ['planner'] })).toBe(false);
  });
});

import type { UploadEntry } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { payslipsByMonth } from './PayslipMonths';

const file = (id: string, date: string, month: string | null): UploadEntry => ({
  id,
  key: 'payslips',
  folder: 'payslips',
  name: `${id}.pdf`,
  date,
  month,
  mime: 'application/pdf',
  size: 1000,
  hr: true,
  uploadedBy: 'Max Manager',
  mayDelete: false,
  url: `/api/uploads/${id}?token=t`,
});

describe('payslips by month', () => {
  it('groups by the month a payslip is for, newest month and newest file first', () => {
    const groups = payslipsByMonth(
      [
        file('jan', '2027-02-03T09:00:00Z', '2027-01'),
        file('feb', '2027-03-02T09:00:00Z', '2027-02'),
        file('feb-fix', '2027-03-09T09:00:00Z', '2027-02'),
      ],
      'Europe/Berlin',
    );
    expect(groups.map(([month, list]) => [month, list.map((f) => f.id)])).toEqual([
      ['2027-02', ['feb-fix', 'feb']],
      ['2027-01', ['jan']],
    ]);
  });

  it('puts one filed by hand (no month) in the month of its upload in the account’s time zone', () => {
    // 23:30 UTC on the last of February is already March in Berlin, still February in New York.
    const late = file('hand', '2027-02-28T23:30:00Z', null);
    expect(payslipsByMonth([late], 'Europe/Berlin')[0][0]).toBe('2027-03');
    expect(payslipsByMonth([late], 'America/New_York')[0][0]).toBe('2027-02');
  });
});

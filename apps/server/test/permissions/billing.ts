/** Invoice rows for the permission table: written straight into the table, one per call (billing/service.ts). */
import { invoices } from '../../src/db/schema';
import type { Fixture } from './fixture';

let next = 0;

export async function invoiceOf(fx: Fixture, accountId = fx.bistro.id): Promise<string> {
  next++;
  const [row] = await fx.t.database.db
    .insert(invoices)
    .values({
      accountId,
      number: `2099-${String(next).padStart(6, '0')}`,
      year: 2099,
      sequence: next,
      issuedOn: '2099-01-01',
      periodStart: new Date(Date.UTC(2099, 0, 1, 0, next)),
      periodEnd: new Date(Date.UTC(2099, 0, 31, 0, next)),
      locale: 'en',
      employees: 3,
      unitCents: 400,
      lines: [{ kind: 'employees', quantity: 3, unitCents: 400, amountCents: 1200 }],
      netCents: 1200,
      vatCategory: 'S',
      vatRateBp: 1900,
      vatCents: 228,
      totalCents: 1428,
      seller: {
        name: 'Seller',
        address: 'Street 1\n10115 Berlin',
        country: 'DE',
        vatNumber: 'DE1',
        email: null,
        registration: null,
      },
      buyer: {
        name: 'Buyer',
        address: 'Street 2\n10115 Berlin',
        country: 'DE',
        vatNumber: null,
        email: 'b@example.com',
      },
      dueOn: '2099-01-06',
      xml: '<Invoice/>',
      pdf: Buffer.from('%PDF-1.4 table'),
    })
    .returning({ id: invoices.id });
  return row.id;
}

export const foreignInvoice = (fx: Fixture) => invoiceOf(fx, fx.store.id);

/**
 * Client invoices for the permission table (docs/product/invoicing.md): fresh rows written straight into the
 * tables, a draft with one line (so issuing it reaches its checks) or an issued invoice with its parties.
 */
import { clientInvoices } from '../../src/db/schema';
import { clientOf } from './clients';
import type { Fixture } from './fixture';

let serial = 0;

const party = { name: 'Table party', address: 'Street 1\n10115 Berlin', country: 'DE', vatNumber: null };

/** A fresh draft (with one line) of a fresh client, or an issued invoice with its number and parties. */
export async function clientInvoiceOf(fx: Fixture, opts: { issued?: boolean; accountId?: string } = {}) {
  const accountId = opts.accountId ?? fx.bistro.id;
  const clientId = await clientOf(fx, accountId);
  const n = ++serial;
  const issued = opts.issued
    ? {
        status: 'issued',
        number: `2090-${String(n).padStart(4, '0')}`,
        year: 2090,
        sequence: n,
        issuedOn: '2090-01-05',
        dueOn: '2090-01-19',
        seller: { ...party, email: 'seller@example.com', registration: null },
        buyer: { ...party, email: 'client@example.com', reference: clientId },
      }
    : {};
  const [row] = await fx.t.database.db
    .insert(clientInvoices)
    .values({
      accountId,
      clientId,
      periodFrom: '2090-01-01',
      periodUntil: '2090-01-31',
      lines: [{ id: 'l1', kind: 'custom', description: 'Table work', quantity: 2, unitCents: 1000, amountCents: 2000 }],
      netCents: 2000,
      vatRateBp: 1900,
      vatCents: 380,
      totalCents: 2380,
      ...issued,
    })
    .returning({ id: clientInvoices.id });
  return row.id;
}

export const foreignClientInvoice = (fx: Fixture, issued = false) =>
  clientInvoiceOf(fx, { issued, accountId: fx.store.id });

export const billingBody = { address: 'Street 1', country: 'DE', hourlyRateCents: 4500, paymentDays: 30 };

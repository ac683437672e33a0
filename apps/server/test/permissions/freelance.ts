/**
 * Freelancer invoices and the company page for the permission table (docs/product/freelance.md, company.md): fresh
 * rows per call, so a decision decides one of its own.
 */
import { now } from '@app/domain';
import { eq } from 'drizzle-orm';
import { freelancerInvoices, hours } from '../../src/db/schema';
import { uploadBody } from './documents';
import type { Fixture } from './fixture';
import { hoursRow } from './hours';

let serial = 0;

/** A fresh submitted invoice of the table's freelancer (of Corner Store's member when asked for the store). */
export async function freelancerInvoiceOf(fx: Fixture, foreign = false): Promise<string> {
  const seq = 1000 + serial++;
  const [row] = await fx.t.database.db
    .insert(freelancerInvoices)
    .values({
      accountId: foreign ? fx.store.id : fx.bistro.id,
      membershipId: foreign ? fx.store.member : fx.people.freelancer.membershipId,
      number: `2026-${seq}`,
      seq,
      issuedOn: '2026-06-01',
      periodFrom: '2026-05-01',
      periodUntil: '2026-05-31',
      sellerName: 'Table freelancer',
      vatId: 'DE999999999',
      buyerName: 'Bistro',
      rateCents: 2500,
      minutes: 450,
      netCents: 18750,
      vatCents: 0,
      totalCents: 18750,
      lines: [{ date: '2026-05-04', duty: 'Service', location: 'Headquarter', minutes: 450, amountCents: 18750 }],
      createdAt: now(),
    })
    .returning({ id: freelancerInvoices.id });
  return row.id;
}

/** An invoice of fresh approved hours of the member (their own: only a freelancer gets past the guard). */
export async function freelancerInvoiceBody(fx: Fixture, membershipId: string, home: string) {
  const id = await hoursRow(fx, membershipId, home, 'approved');
  const [row] = await fx.t.database.db.select({ date: hours.date }).from(hours).where(eq(hours.id, id));
  return { from: row.date, until: row.date, hours: [id], vatId: 'DE999999999', rateCents: 2500 };
}

/** A company page file, uploaded by the owner. */
export async function companyFileOf(fx: Fixture, foreign = false): Promise<string> {
  const agent = foreign ? await fx.freshAgent('owner') : fx.people.owner.agent;
  if (foreign) await agent.put(`/api/switch/account/${fx.store.id}`);
  const { body, headers } = uploadBody({});
  const res = await agent.request('POST', '/api/company/files', body, headers);
  if (res.statusCode !== 201) throw new Error(`company file: ${res.statusCode} ${res.body}`);
  const files = res.json().files as { id: string }[];
  return files[files.length - 1].id;
}

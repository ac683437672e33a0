import { now as clockNow } from '@app/domain';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import SEPA from 'sepa';
import type { Db } from '../../db/client';
import { invoices, sepaMandates } from '../../db/schema';
import { runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';

/**
 * The due direct debits as one pain.008 file for the bank (ISO 20022 pain.008.001.08, through the `sepa` library;
 * docs/product/billing.md). Every invoice with a mandate, an amount and a due day up to the collection date whose
 * debit was not exported yet goes in; a mandate never used before is debited once as FRST (its other invoices wait
 * for the next file), the rest as RCUR. The invoices are marked exported and the mandates used in the same
 * transaction, so a debit is never handed to the bank twice.
 */
export const PAIN_FORMAT = 'pain.008.001.08';

export interface DirectDebitExport {
  xml: string;
  count: number;
  totalCents: number;
  fileName: string;
}

/** A calendar date as a local midnight: the library writes dates with local getters, so the day stays the day. */
const localDay = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return new Date(y, m - 1, d);
};

export async function exportDirectDebits(
  ctx: AppContext,
  db: Db,
  collectionDate: string,
  at: Date = clockNow(),
): Promise<DirectDebitExport | null> {
  // One command on the given handle (the owner's: the file spans every account).
  return runCommand({ ...ctx, db }, null, async ({ tx }) => {
    const due = await tx
      .select({ invoice: invoices, mandate: sepaMandates })
      .from(invoices)
      .innerJoin(sepaMandates, eq(sepaMandates.id, invoices.mandateId))
      .where(
        and(
          isNull(invoices.debitExportedAt),
          isNotNull(invoices.mandateId),
          gt(invoices.totalCents, 0),
          lte(invoices.dueOn, collectionDate),
          isNull(sepaMandates.revokedAt),
        ),
      )
      .orderBy(asc(invoices.year), asc(invoices.sequence))
      .for('update', { of: invoices });
    const firstUse = new Set<string>();
    const chosen = due.filter(({ mandate }) => {
      if (mandate.used) return true;
      if (firstUse.has(mandate.id)) return false;
      firstUse.add(mandate.id);
      return true;
    });
    if (!chosen.length) return null;
    const { creditor } = ctx.config.billing;
    const messageId = `RST-${collectionDate.replaceAll('-', '')}-${at.getTime().toString(36).toUpperCase()}`;
    const doc = new SEPA.Document(PAIN_FORMAT);
    doc.grpHdr.id = messageId;
    doc.grpHdr.created = at;
    doc.grpHdr.initiatorName = creditor.name;
    for (const sequenceType of ['FRST', 'RCUR'] as const) {
      const debits = chosen.filter(({ mandate }) => (sequenceType === 'FRST') === !mandate.used);
      if (!debits.length) continue;
      const info = doc.createPaymentInfo();
      info.id = sequenceType;
      info.sequenceType = sequenceType;
      info.localInstrumentation = 'CORE';
      info.collectionDate = localDay(collectionDate);
      info.creditorName = creditor.name;
      info.creditorId = creditor.id;
      info.creditorIBAN = creditor.iban;
      info.creditorBIC = creditor.bic;
      for (const { invoice, mandate } of debits) {
        const t = info.createTransaction();
        t.end2endId = invoice.number;
        t.debtorName = mandate.holder.slice(0, 70);
        t.debtorIBAN = mandate.iban;
        t.debtorBIC = mandate.bic;
        t.mandateId = mandate.reference;
        t.mandateSignatureDate = localDay(mandate.signedOn);
        t.amount = invoice.totalCents / 100;
        t.remittanceInfo = `${invoice.number} ${creditor.name}`.slice(0, 140);
        info.addTransaction(t);
      }
      doc.addPaymentInfo(info);
    }
    const xml = doc.toString();
    await tx
      .update(invoices)
      .set({ debitExportedAt: at })
      .where(
        inArray(
          invoices.id,
          chosen.map((c) => c.invoice.id),
        ),
      );
    if (firstUse.size)
      await tx
        .update(sepaMandates)
        .set({ used: true })
        .where(inArray(sepaMandates.id, [...firstUse]));
    return {
      xml,
      count: chosen.length,
      totalCents: chosen.reduce((s, c) => s + c.invoice.totalCents, 0),
      fileName: `direct-debits-${collectionDate}.xml`,
    };
  });
}

import { and, eq } from 'drizzle-orm';
import { hours } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { registerItemChangeGuard } from '../roster/checks';

/**
 * The roster's ERR_HOURS, ERR_HOURS_CONFIRMED and ERR_CONFIRMED from real hours (docs/product/roster.md), before an
 * item's times, shift or person change or the item is removed:
 * - hours still pending or denied: ERR_HOURS; retried with force, the hours are deleted with the change;
 * - approved hours: a new person or the removal is refused (ERR_CONFIRMED: they record what was worked); new times
 *   or a new shift ask first (ERR_HOURS_CONFIRMED), and with force the plan changes while the hours stay;
 * - paid hours, or hours on a client invoice: nothing about the item changes (ERR_CONFIRMED).
 * Registered once, when the hours routes are.
 */
let registered = false;

export function registerHoursGuard(): void {
  if (registered) return;
  registered = true;
  registerItemChangeGuard(async (tx, { item, change, force }) => {
    const [row] = await tx
      .select({ id: hours.id, status: hours.status, paid: hours.paid, invoice: hours.clientInvoiceId })
      .from(hours)
      .where(and(eq(hours.itemId, item.id), eq(hours.accountId, item.accountId)));
    if (!row) return;
    const data = { hours: row.id, item: item.id };
    // Paid or invoiced hours (docs/product/invoicing.md) keep their item as it is.
    if (row.paid || row.invoice) throw new AppError('ERR_CONFIRMED', { data });
    if (row.status === 'approved') {
      if (change === 'user' || change === 'delete') throw new AppError('ERR_CONFIRMED', { data });
      if (!force) throw new AppError('ERR_HOURS_CONFIRMED', { data: { ...data, force: true } });
      return;
    }
    if (!force) throw new AppError('ERR_HOURS', { data: { ...data, force: true } });
    await tx.delete(hours).where(eq(hours.id, row.id));
  });
}

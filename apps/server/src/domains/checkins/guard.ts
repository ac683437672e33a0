import { and, eq, isNull } from 'drizzle-orm';
import { checkins } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { registerItemChangeGuard } from '../roster/checks';

/**
 * The roster's ERR_OPEN_CHECKIN (docs/product/checkins.md): while someone is checked into an item, its times, shift and
 * person stay and it is not removed; a supervisor checks them out first. A closed check-in stays with the item (its
 * hours answer for themselves). Registered once, with the check-in routes.
 */
let registered = false;

export function registerCheckinGuard(): void {
  if (registered) return;
  registered = true;
  registerItemChangeGuard(async (tx, { item }) => {
    const [open] = await tx
      .select({ id: checkins.id })
      .from(checkins)
      .where(and(eq(checkins.itemId, item.id), eq(checkins.accountId, item.accountId), isNull(checkins.checkedOutAt)));
    if (open) throw new AppError('ERR_OPEN_CHECKIN', { data: { checkin: open.id, item: item.id } });
  });
}

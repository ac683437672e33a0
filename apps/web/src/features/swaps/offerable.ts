import type { RosterItem } from '@app/contracts';
import { itemSpan, mayOffer, now, parseHHmm } from '@app/domain';

/**
 * Whether `holder` may offer this roster item now (`mayOffer`, docs/product/swaps.md): theirs, on a released day, not
 * started, without a sign-out or sickness. The server checks the same when the offer arrives.
 */
export function offerableBy(
  holder: string,
  item: RosterItem,
  at: { today: string; timeZone: string; releasedUntil: string | null },
): boolean {
  const from = item.times ? parseHHmm(item.times.from) : null;
  const until = item.times ? parseHHmm(item.times.until) : null;
  const startAt = from !== null && until !== null ? itemSpan(item.date, from, until, at.timeZone).start : null;
  return mayOffer(
    holder,
    { membershipId: item.user, date: item.date, startAt, flag: item.flag },
    { now: now().getTime(), today: at.today, releasedUntil: at.releasedUntil },
  );
}

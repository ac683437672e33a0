import type { RosterStats } from '@app/contracts';
import { itemSpan, workedMinutes } from '@app/domain';
import type { ItemRow } from './present';

/** Planned minutes and item count per member over the given items. */
export function statsFor(items: ItemRow[], timeZone: string): RosterStats {
  const out: RosterStats = {};
  for (const item of items) {
    if (!item.membershipId) continue;
    const entry = (out[item.membershipId] ??= { minutes: 0, items: 0 });
    entry.items++;
    if (item.fromMinutes !== null && item.untilMinutes !== null) {
      entry.minutes += workedMinutes(
        itemSpan(item.date, item.fromMinutes, item.untilMinutes, timeZone),
        item.breakMinutes,
      );
    }
  }
  return out;
}

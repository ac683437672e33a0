import type { RosterStats } from '@app/contracts';
import { type ItemRow, type MinutesOf, memoItemMinutes } from './present';

/** Planned minutes and item count per member over the given items. */
export function statsFor(
  items: Pick<ItemRow, 'membershipId' | 'date' | 'fromMinutes' | 'untilMinutes' | 'breakMinutes'>[],
  timeZone: string,
  minutesOf: MinutesOf = memoItemMinutes(timeZone),
): RosterStats {
  const out: RosterStats = {};
  for (const item of items) {
    if (!item.membershipId) continue;
    out[item.membershipId] ??= { minutes: 0, items: 0 };
    const entry = out[item.membershipId];
    entry.items++;
    if (item.fromMinutes !== null && item.untilMinutes !== null) {
      entry.minutes += minutesOf(item);
    }
  }
  return out;
}

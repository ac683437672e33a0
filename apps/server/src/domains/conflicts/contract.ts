import { addDays, contractBreaches, daysBetween } from '@app/domain';
import { and, between, eq, inArray, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { rosterItems } from '../../db/schema';
import { runningContracts } from '../../platform/running-contracts';

/** The longest run a contract may limit (ContractRosterRules): how far either side an item's run is looked at. */
const REACH = 31;

/**
 * The items whose person works more days in a row than their running contract allows (docs/product/autoroster.md):
 * the roster warns with CONTRACT on every item of such a run, as auto-roster never plans one.
 */
export async function contractConflicts(
  tx: DbOrTx,
  accountId: string,
  items: readonly { id: string; date: string; membershipId: string | null }[],
): Promise<Set<string>> {
  const out = new Set<string>();
  const assigned = items.filter((i): i is typeof i & { membershipId: string } => i.membershipId !== null);
  if (assigned.length === 0) return out;
  const dates = assigned.map((i) => i.date).sort();
  const members = [...new Set(assigned.map((i) => i.membershipId))];
  const contracts = await runningContracts(tx, accountId, members, dates[0]);
  const limited = members.filter((m) => contracts.get(m)?.rosterRules.maxConsecutiveDays != null);
  if (limited.length === 0) return out;
  const from = addDays(dates[0], -REACH);
  const until = addDays(dates[dates.length - 1], REACH);
  const worked = await tx
    .selectDistinct({ membershipId: rosterItems.membershipId, date: rosterItems.date })
    .from(rosterItems)
    .where(
      and(
        eq(rosterItems.accountId, accountId),
        isNotNull(rosterItems.membershipId),
        inArray(rosterItems.membershipId, limited),
        between(rosterItems.date, from, until),
      ),
    );
  const days = daysBetween(from, until) + 1;
  for (const member of limited) {
    const plan: (number | null)[] = new Array(days).fill(null);
    for (const w of worked) if (w.membershipId === member) plan[daysBetween(from, w.date)] = 0;
    const max = contracts.get(member)?.rosterRules.maxConsecutiveDays ?? null;
    const breaches = contractBreaches(plan, [{ minutes: 0, startMinutes: 0, endMinutes: 0, restHours: 0 }], {
      maxShifts: [days],
      minMinutes: 0,
      maxMinutes: null,
      maxConsecutiveDays: max,
      minConsecutiveDays: null,
      minConsecutiveDaysOff: null,
      maxWeekends: null,
      daysOff: [],
    });
    for (const item of assigned) {
      if (item.membershipId !== member) continue;
      const day = daysBetween(from, item.date);
      const inRun = breaches.some((b) => b.day !== undefined && b.value && b.day <= day && day < b.day + b.value);
      if (inRun) out.add(item.id);
    }
  }
  return out;
}

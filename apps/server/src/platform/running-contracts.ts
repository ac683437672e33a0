import { type ContractRosterRules, NO_ROSTER_RULES } from '@app/contracts';
import { and, eq, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { memberContracts } from '../db/schema';

// Read by the roster's checks, the wizards and swaps alike: kept below the domains so none of them loops through
// the members domain for it.

/** The contracts running on a day, per member: their type and weekly minutes (the matching wizard's input). */
export async function runningContracts(
  db: DbOrTx,
  accountId: string,
  membershipIds: readonly string[],
  date: string,
): Promise<Map<string, RunningContract>> {
  if (membershipIds.length === 0) return new Map();
  const rows = await db
    .select({
      membershipId: memberContracts.membershipId,
      type: memberContracts.type,
      weeklyMinutes: memberContracts.weeklyMinutes,
      daysPerWeek: memberContracts.daysPerWeek,
      rosterRules: memberContracts.rosterRules,
    })
    .from(memberContracts)
    .where(
      and(
        eq(memberContracts.accountId, accountId),
        inArray(memberContracts.membershipId, [...membershipIds]),
        lte(memberContracts.startDate, date),
        or(isNull(memberContracts.endDate), gte(memberContracts.endDate, date)),
      ),
    );
  return new Map(
    rows.map((r) => [
      r.membershipId,
      {
        type: r.type as RunningContract['type'],
        weeklyMinutes: r.weeklyMinutes,
        daysPerWeek: r.daysPerWeek,
        rosterRules: { ...NO_ROSTER_RULES, ...r.rosterRules },
      },
    ]),
  );
}

/** A running contract as the wizards read it: the hours, the days a week and the roster rules. */
export interface RunningContract {
  type: 'full' | 'part' | 'flex';
  weeklyMinutes: number;
  daysPerWeek: number | null;
  rosterRules: ContractRosterRules;
}

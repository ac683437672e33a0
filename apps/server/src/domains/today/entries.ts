import type { TodayEntry } from '@app/contracts';
import { formatHHmm, todayItemState } from '@app/domain';
import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { duties, memberships, rosterItems, users } from '../../db/schema';
import { openCheckinItems } from '../checkins/service';

/**
 * Which items are checked into, per item: null where the account keeps no check-ins (the module is off), so a page
 * shows planned and working instead of checked in and late. An open check-in of the item (domains/checkins) counts.
 */
export async function checkedInItems(
  db: DbOrTx,
  accountId: string,
  itemIds: readonly string[],
  checkinsOn: boolean,
): Promise<Set<string> | null> {
  if (!checkinsOn) return null;
  return openCheckinItems(db, accountId, itemIds);
}

/**
 * A day's duties in some plannings, each with its state at `at`, in the order of the day: the today page's and the
 * wall screen's list. `nameOf` says how the viewer may see a person's name.
 */
export async function todayEntries(
  db: DbOrTx,
  opts: {
    accountId: string;
    locations: readonly { id: string; name: string }[];
    date: string;
    at: Date;
    checkinsOn: boolean;
    nameOf: (person: { id: string; name: string }) => string;
  },
): Promise<TodayEntry[]> {
  const byId = new Map(opts.locations.map((l) => [l.id, l]));
  if (byId.size === 0) return [];
  const items = await db
    .select({
      item: rosterItems,
      fname: users.fname,
      lname: users.lname,
      email: users.email,
      dutyName: duties.name,
      dutyColor: duties.color,
    })
    .from(rosterItems)
    .leftJoin(memberships, eq(memberships.id, rosterItems.membershipId))
    .leftJoin(users, eq(users.id, memberships.userId))
    .leftJoin(duties, eq(duties.id, rosterItems.dutyId))
    .where(
      and(
        eq(rosterItems.accountId, opts.accountId),
        eq(rosterItems.date, opts.date),
        inArray(rosterItems.locationId, [...byId.keys()]),
      ),
    );
  const staffed = items.filter((r) => r.item.membershipId).map((r) => r.item.id);
  const checked = await checkedInItems(db, opts.accountId, staffed, opts.checkinsOn);
  const entries: TodayEntry[] = items.map(({ item, fname, lname, email, dutyName, dutyColor }) => {
    const checkedIn = item.membershipId && checked ? checked.has(item.id) : null;
    return {
      item: item.id,
      location: { id: item.locationId, name: byId.get(item.locationId)?.name ?? '' },
      person: item.membershipId
        ? {
            id: item.membershipId,
            name: opts.nameOf({
              id: item.membershipId,
              name: [fname, lname].filter(Boolean).join(' ') || (email ?? ''),
            }),
          }
        : null,
      duty: item.dutyId && dutyName ? { id: item.dutyId, name: dutyName, color: dutyColor ?? '#868e96' } : null,
      from: item.fromMinutes === null ? null : formatHHmm(item.fromMinutes),
      until: item.untilMinutes === null ? null : formatHHmm(item.untilMinutes),
      state: todayItemState(
        {
          membershipId: item.membershipId,
          flag: item.flag,
          startAt: item.startAt?.getTime() ?? null,
          endAt: item.endAt?.getTime() ?? null,
        },
        opts.at.getTime(),
        checkedIn,
      ),
      checkedIn,
    };
  });
  return entries.sort(
    (a, b) =>
      (a.from ?? '99').localeCompare(b.from ?? '99') ||
      a.location.name.localeCompare(b.location.name) ||
      (a.person?.name ?? '').localeCompare(b.person?.name ?? ''),
  );
}

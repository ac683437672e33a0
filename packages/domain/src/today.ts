/** The state of a planned duty at a moment, as the today page shows it. */
export type TodayItemState = 'planned' | 'working' | 'checkedIn' | 'late' | 'sick' | 'done' | 'open' | 'signout';

/**
 * Open: nobody on it. Sick and sign-out as flagged. Before its start: planned; after its end: done. While it
 * runs: checked in, or late when the account keeps check-ins and the person has not checked in; without
 * check-ins (`checkedIn` null) it is simply working.
 */
export function todayItemState(
  item: { membershipId: string | null; flag: string | null; startAt: number | null; endAt: number | null },
  now: number,
  checkedIn: boolean | null,
): TodayItemState {
  if (!item.membershipId) return 'open';
  if (item.flag === 'sick') return 'sick';
  if (item.flag === 'signout') return 'signout';
  if (item.startAt === null || item.endAt === null) return checkedIn ? 'checkedIn' : 'planned';
  if (now < item.startAt) return checkedIn ? 'checkedIn' : 'planned';
  if (now >= item.endAt) return 'done';
  if (checkedIn === null) return 'working';
  return checkedIn ? 'checkedIn' : 'late';
}

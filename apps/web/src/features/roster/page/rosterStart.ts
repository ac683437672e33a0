import type { InitResponse, Location } from '@app/contracts';
import { canPlan, type Period, todayIn } from '@app/domain';
import { isPeriod } from '../loadPath';
import { isRosterTab, periodStart, type RosterTab } from '../view';

/**
 * These rules are read twice on /{lang}/roster before the page renders: by the page's early reads (boot.ts) from
 * the raw answers, and by the page itself. They import plain values only, so the early reads carry no roster code.
 */

interface RosterPreference {
  period?: unknown;
  tab?: unknown;
}

/**
 * The roster's period and tab: the address's, else the member's stored view. On a phone someone who does not plan
 * opens on their own duties (docs/product/roster.md, "On a phone"): the address's tab wins, the stored view does not.
 */
export function rosterView(
  init: InitResponse,
  search: URLSearchParams,
  narrow: boolean,
): { period: Period; tab: RosterTab } {
  const preference = (init.membership.preferences.roster ?? {}) as RosterPreference;
  const asked = search.get('period');
  const period: Period = isPeriod(asked) ? asked : isPeriod(preference.period) ? preference.period : 'week';
  const phoneMine = narrow && !canPlan(init.membership.roles);
  const askedTab = search.get('tab');
  const tab: RosterTab = isRosterTab(askedTab)
    ? askedTab
    : phoneMine
      ? 'mine'
      : isRosterTab(preference.tab)
        ? preference.tab
        : 'all';
  return { period, tab };
}

/** The location /{lang}/roster opens: the one asked for (else the remembered one) if active, else the first active. */
export function rosterLocation(
  init: InitResponse,
  locations: readonly Pick<Location, 'id' | 'status'>[],
  asked: string | null,
): string | undefined {
  const usable = locations.filter((l) => l.status === 'active');
  const list = usable.length ? usable : locations;
  return (list.find((l) => l.id === (asked ?? init.location)) ?? list[0])?.id;
}

/** The read /{lang}/roster (no location in the address) starts with: where, from which day, which period and tab. */
export interface RosterFirstRead {
  location: string;
  date: string;
  period: Period;
  tab: RosterTab;
}

/**
 * The roster's first read for /{lang}/roster: the location it opens (`rosterLocation`), the period and tab
 * (`rosterView`) and the period's first day around today in the account's zone, `now` being the server's time.
 */
export function rosterFirstRead(
  init: InitResponse,
  locations: readonly Pick<Location, 'id' | 'status'>[],
  search: URLSearchParams,
  narrow: boolean,
  now: Date,
): RosterFirstRead | undefined {
  const location = rosterLocation(init, locations, null);
  if (!location) return undefined;
  const { period, tab } = rosterView(init, search, narrow);
  const { timeZone, weekStartsOn } = init.account.settings;
  return { location, date: periodStart(todayIn(timeZone, now), period, weekStartsOn), period, tab };
}

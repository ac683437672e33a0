import type { InitResponse, Location } from '@app/contracts';
import { canPlan, type Period } from '@app/domain';
import { isPeriod, isRosterTab, type RosterTab } from '../model';

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

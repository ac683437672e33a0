import type { InitResponse, RosterResponse } from '@app/contracts';
import { type Period, todayIn } from '@app/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../../app/api';
import { setAppError } from '../../../app/appError';
import { afterFirstContent } from '../../../app/firstContent';
import { notify } from '../../../app/notify';
import { sessionKeys, useSession } from '../../../app/session';
import { usePathTo } from '../../../app/useLang';
import { useNarrowLayout } from '../../../app/viewport';
import i18n from '../../../i18n';
import { locationsQuery } from '../../catalog/api';
import { savePreference } from '../../session/api';
import { rosterKeys, rosterMineQuery, rosterQuery } from '../api';
import { isIsoDate, periodStart, type RosterTab } from '../model';
import { keptAnchor, switchedStart } from './periodSwitch';
import { rosterLocation, rosterView } from './rosterStart';

/** Why the roster moved away from the planning in the address: removed, or no longer the member's to read. */
export interface PlanningMoved {
  reason: 'removed' | 'access';
  /** The planning shown instead. */
  to: string;
}

/** The roster load's refusal that means the planning cannot be shown any more, or null. */
export function planningGoneReason(error: unknown): PlanningMoved['reason'] | null {
  if (!isApiError(error)) return null;
  if (error.status === 409) return 'removed';
  if (error.status === 403) return 'access';
  return null;
}

/**
 * Where the roster is: the location, period and tab from the address (else the member's preference), the way to go
 * elsewhere, the period's roster read, and the view kept as the member's preference.
 */
export function useRosterAddress() {
  const init = useSession();
  const pathTo = usePathTo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const settings = init.account.settings;
  const weekStartsOn = settings.weekStartsOn;
  const me = init.membership.id;
  const today = todayIn(settings.timeZone);
  const narrow = useNarrowLayout();
  const { period, tab } = rosterView(init, search, narrow);
  const locations = useQuery(locationsQuery);
  const location = params.location ?? null;
  const start = isIsoDate(params.date) ? periodStart(params.date, period, weekStartsOn) : null;

  const go = useCallback(
    (next: { location?: string; date?: string; period?: Period; tab?: RosterTab }, replace = false) => {
      const p = next.period ?? period;
      const query = new URLSearchParams(search);
      query.set('period', p);
      query.set('tab', next.tab ?? tab);
      const date = periodStart(next.date ?? start ?? today, p, weekStartsOn);
      const loc = next.location ?? location;
      if (!loc) return;
      navigate(`${pathTo('rosterLocation', { location: loc, date })}?${query}`, { replace });
    },
    [navigate, pathTo, search, period, tab, start, today, location, weekStartsOn],
  );

  // Without a location (or with a date that is not the period's first day) go to the right address.
  useEffect(() => {
    if (location && start && params.date === start) return;
    if (location && start) {
      go({ date: start }, true);
      return;
    }
    if (!locations.data) return;
    const chosen = rosterLocation(init, locations.data, location);
    if (chosen) go({ location: chosen, date: start ?? today }, true);
  }, [location, start, params.date, locations.data, init, go, today]);

  // The day looked at before a switch to a longer period: Month → Week returns to the week that was shown.
  const anchor = useRef<string | null>(null);
  useEffect(() => {
    if (start) anchor.current = keptAnchor(anchor.current, start, period);
  }, [start, period]);
  const switchPeriod = useCallback(
    (next: Period) =>
      go({
        period: next,
        date: start ? switchedStart({ start, period, next, anchor: anchor.current, today, weekStartsOn }) : today,
      }),
    [go, start, period, today, weekStartsOn],
  );

  // The period's first day last asked for: quick clicks on previous or next each step a period on, also before the
  // page has rendered the address the click before went to.
  const asked = useRef(start);
  useEffect(() => {
    asked.current = start;
  }, [start]);

  const queryKey = useMemo(() => rosterKeys.load(location ?? '', start ?? '', period), [location, start, period]);
  const addressed = Boolean(location && start && params.date === start);
  // "My duties" opens on the viewer's own items (a smaller answer, docs/product/roster.md, "On a phone"); the whole
  // period loads once that frame has painted, and from then on as usual.
  const [wholeAsked, setWholeAsked] = useState(tab !== 'mine');
  const whole = wholeAsked || tab !== 'mine' || queryClient.getQueryData(queryKey) !== undefined;
  const mine = useQuery({
    ...rosterMineQuery(location ?? '', start ?? '', period),
    enabled: addressed && !whole,
  });
  const mineDone = Boolean(mine.data) || mine.isError;
  useEffect(() => {
    if (whole || !mineDone) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => setWholeAsked(true), 0);
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
  }, [whole, mineDone]);
  // Until the whole period is there: the previous period's answer (while stepping) or one's own items.
  const mineData = mine.data;
  const placeholder = useCallback((previous: RosterResponse | undefined) => previous ?? mineData, [mineData]);
  const roster = useQuery({
    ...rosterQuery(location ?? '', start ?? '', period),
    enabled: addressed && whole,
    placeholderData: placeholder,
  });

  // The planning looked at is gone (409) or no longer the member's to read (403): re-initialise, then move to another
  // planning (or to the overview without one) and say why, instead of an error page.
  const [moved, setMoved] = useState<PlanningMoved | null>(null);
  // The plannings this page has shown: access lost to one of them moves on; an address to a planning the member
  // never had is refused with the forbidden page, as any other page's address is.
  const shown = useRef(new Set<string>());
  useEffect(() => {
    if (location && roster.data && !roster.isPlaceholderData) shown.current.add(location);
  }, [location, roster.data, roster.isPlaceholderData]);
  useEffect(() => {
    const error = roster.error;
    const reason = planningGoneReason(error);
    if (!reason) return;
    if (reason === 'access' && !(location && shown.current.has(location))) {
      setAppError('forbidden');
      return;
    }
    const gone = location;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.init });
      const list = (await queryClient.fetchQuery({ ...locationsQuery, staleTime: 0 })).filter((l) => l.id !== gone);
      const usable = list.filter((l) => l.status === 'active');
      const next = (usable.length ? usable : list)[0];
      if (!next) {
        notify('warning', i18n.t(`roster.moved.${reason}`), undefined, 'roster-moved');
        navigate(pathTo('overview'), { replace: true });
        return;
      }
      setMoved({ reason, to: next.name });
      navigate(pathTo('rosterLocation', { location: next.id, date: today }), { replace: true });
    })();
  }, [roster.error, queryClient, navigate, pathTo, location, today]);

  // The last view is kept as the member's roster view preference (and the location for the next visit).
  const saved = useRef<string>('');
  useEffect(() => {
    if (!location || !start) return;
    const value = JSON.stringify({ location, period, tab });
    if (saved.current === value) return;
    const first = saved.current === '';
    saved.current = value;
    // What the roster opens on anyway (the stored view, or a phone's own duties) is not written again on arrival.
    const usual = rosterView(init, new URLSearchParams(), narrow);
    const same = init.location === location && usual.period === period && usual.tab === tab;
    if (first && same) return;
    // Written once the days have painted: two writes are no reason to delay them on a slow phone.
    void afterFirstContent()
      .then(() =>
        Promise.all([savePreference(me, 'location', location), savePreference(me, 'roster', { period, tab })]),
      )
      .then(() =>
        queryClient.setQueryData<InitResponse>(sessionKeys.init, (old) =>
          old
            ? {
                ...old,
                location,
                membership: {
                  ...old.membership,
                  preferences: { ...old.membership.preferences, roster: { period, tab } },
                },
              }
            : old,
        ),
      )
      .catch(() => undefined);
  }, [location, start, period, tab, me, init, narrow, queryClient]);
  return {
    search,
    setSearch,
    period,
    tab,
    locations,
    location,
    start,
    go,
    switchPeriod,
    asked,
    queryKey,
    roster,
    /** One's own items are shown, the whole period not asked for yet: the page is still loading. */
    ownFirst: !whole,
    moved,
    dismissMoved: () => setMoved(null),
  };
}

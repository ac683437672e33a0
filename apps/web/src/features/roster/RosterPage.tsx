import '@mantine/dates/styles.css';
import { OpenSickness } from '../absence/OpenSickness';
import 'dayjs/locale/de';
import 'dayjs/locale/nl';
import 'dayjs/locale/pl';
import './roster.css';
import { type InitResponse, ROSTER_IDS_MAX } from '@app/contracts';
import { canPlan, effectiveRoles, hasModule, hasRight, type Period, todayIn } from '@app/domain';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { isApiError } from '../../app/api';
import { onRealtime } from '../../app/realtime';
import { sessionKeys, useAccess, useSession } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { PageTitle } from '../../ui/PageTitle';
import { locationsQuery } from '../catalog/api';
import { PrintWeekMenu } from '../reports/PrintWeekMenu';
import { savePreference } from '../session/api';
import { readItems, rosterKeys, rosterQuery } from './api';
import { BulkBar } from './BulkBar';
import { CalendarDialog } from './CalendarDialog';
import { applyItemsRead } from './cache';
import { type AddTarget, type RosterView, RosterViewContext } from './context';
import { DayList } from './DayList';
import { FillDialog } from './FillDialog';
import { HistoryMenu } from './HistoryMenu';
import { Legend } from './Legend';
import { MatchingWizard } from './MatchingWizard';
import {
  isIsoDate,
  isPeriod,
  isRosterTab,
  itemsByCell,
  minutesPerDay,
  periodStart,
  type RosterTab,
  rosterRows,
  stepPeriod,
} from './model';
import { PresetDialog } from './PresetDialog';
import { ReleaseDialog } from './ReleaseDialog';
import { RosterGrid } from './RosterGrid';
import { RosterToolbar } from './RosterToolbar';
import { useItemEdit } from './useItemEdit';

interface RosterPreference {
  period?: unknown;
  tab?: unknown;
}

const isTouch = () => typeof window !== 'undefined' && window.matchMedia?.('(pointer: coarse)').matches === true;

/** A placeholder of the grid's shape while the roster loads. */
function GridSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="roster-loading" aria-busy="true" aria-label={t('common.loading')}>
      <Skeleton height={48} />
      {Array.from({ length: 8 }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholders
        <Skeleton key={i} height={52} />
      ))}
    </Stack>
  );
}

/**
 * The roster of a location (docs/product/roster.md) at /{lang}/roster/{location}/{date}: the planner's grid on wide
 * screens, a day list on phones; the employee panel for everyone who does not plan. /{lang}/roster goes to the
 * remembered location and the current period.
 */
export default function RosterPage() {
  const { t, i18n } = useTranslation();
  const init = useSession();
  const access = useAccess();
  const pathTo = usePathTo();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const narrow = useNarrowLayout();
  // Below 1440 px the toolbar's buttons show their icons only (named, with tooltips).
  const roomy = useMediaQuery('(min-width: 90em)') ?? false;
  const compact = narrow || !roomy;
  const settings = init.account.settings;
  const weekStartsOn = settings.weekStartsOn;
  const planner = canPlan(init.membership.roles);
  const me = init.membership.id;
  const today = todayIn(settings.timeZone);
  const preference = (init.membership.preferences.roster ?? {}) as RosterPreference;
  const period: Period = isPeriod(search.get('period'))
    ? (search.get('period') as Period)
    : isPeriod(preference.period)
      ? preference.period
      : 'week';
  const tab: RosterTab = isRosterTab(search.get('tab'))
    ? (search.get('tab') as RosterTab)
    : isRosterTab(preference.tab)
      ? preference.tab
      : 'all';
  const [duties, setDuties] = useState<string[]>([]);
  const [people, setPeople] = useState<string[]>([]);
  const [tagFilter, setTagFilter] = useState<string[]>([]);
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
    const usable = locations.data.filter((l) => l.status === 'active');
    const list = usable.length ? usable : locations.data;
    const chosen = list.find((l) => l.id === (location ?? init.location)) ?? list[0];
    if (chosen) go({ location: chosen.id, date: start ?? today }, true);
  }, [location, start, params.date, locations.data, init.location, go, today]);

  // The period's first day last asked for: quick clicks on previous or next each step a period on, also before the
  // page has rendered the address the click before went to.
  const asked = useRef(start);
  useEffect(() => {
    asked.current = start;
  }, [start]);

  const queryKey = useMemo(() => rosterKeys.load(location ?? '', start ?? '', period), [location, start, period]);
  const roster = useQuery({
    ...rosterQuery(location ?? '', start ?? '', period),
    enabled: Boolean(location && start && params.date === start),
    placeholderData: keepPreviousData,
  });

  // 409: the location is gone. Re-initialise, then pick a location again (or go to the overview without one).
  useEffect(() => {
    const error = roster.error;
    if (!isApiError(error) || error.status !== 409) return;
    void (async () => {
      await queryClient.invalidateQueries({ queryKey: sessionKeys.init });
      const list = await queryClient.fetchQuery({ ...locationsQuery, staleTime: 0 });
      if (list.length === 0) navigate(pathTo('overview'), { replace: true });
      else navigate(pathTo('roster'), { replace: true });
    })();
  }, [roster.error, queryClient, navigate, pathTo]);

  // The last view is kept as the member's roster view preference (and the location for the next visit).
  const saved = useRef<string>('');
  useEffect(() => {
    if (!location || !start) return;
    const value = JSON.stringify({ location, period, tab });
    if (saved.current === value) return;
    const first = saved.current === '';
    saved.current = value;
    const same = init.location === location && preference.period === period && preference.tab === tab;
    if (first && same) return;
    void Promise.all([savePreference(me, 'location', location), savePreference(me, 'roster', { period, tab })])
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
  }, [location, start, period, tab, me, init.location, preference.period, preference.tab, queryClient]);

  // Whether the viewer sees every item's person: then edits and the items an event names merge into the period in
  // the cache exactly (their stats counted again) instead of loading the period again.
  const exact = planner && !init.membership.plannerRestricted;
  const currentKey = useRef(queryKey);
  currentKey.current = queryKey;

  // Another member's change to this location: the items the event names are read and merged into the period (after
  // 50 ms, collecting the events meanwhile); anything else (notes, comments, the release, too many items, a merge that
  // cannot apply) loads the period again (at most every 300 ms).
  useEffect(() => {
    if (!location) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reload = false;
    const ids = new Set<string>();
    const reloadAll = () => void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
    const flush = async () => {
      timer = null;
      const asked = [...ids];
      ids.clear();
      if (reload || !exact || asked.length === 0 || asked.length > ROSTER_IDS_MAX) {
        reload = false;
        reloadAll();
        return;
      }
      const key = currentKey.current;
      try {
        if (!applyItemsRead(queryClient, key, asked, await readItems(location, asked))) reloadAll();
      } catch {
        reloadAll();
      }
    };
    const stop = onRealtime('LocationUpdated', (payload) => {
      if (payload.location !== undefined && payload.location !== location) return;
      const onlyItems =
        payload.ids?.length &&
        payload.notes === undefined &&
        payload.comments === undefined &&
        !('releasedUntil' in payload);
      if (onlyItems) for (const id of payload.ids ?? []) ids.add(id);
      else reload = true;
      if (timer) return;
      timer = setTimeout(() => void flush(), reload ? 300 : 50);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [location, queryClient, exact]);

  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggleSelected = useCallback(
    (id: string) =>
      setSelected((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const clearSelected = useCallback(() => setSelected(new Set()), []);
  const [activeItem, setActiveItem] = useState<string | null>(null);
  const [adding, setAdding] = useState<AddTarget | null>(null);
  const edit = useItemEdit(queryKey, exact);

  // The open toolbox, for closing it from callbacks that stay the same while it changes.
  const open = useRef<{ item: string | null; adding: AddTarget | null }>({ item: null, adding: null });
  open.current = { item: activeItem, adding };
  const closeToolbox = useCallback(() => {
    const { item, adding: target } = open.current;
    const focus = item
      ? `[data-testid="roster-item-${item}"]`
      : target
        ? `[data-testid="add-${target.row}-${target.date}"]`
        : null;
    setActiveItem(null);
    setAdding(null);
    // Focus goes back to what opened the toolbox.
    if (focus) requestAnimationFrame(() => document.querySelector<HTMLElement>(focus)?.focus());
  }, []);
  const openItem = useCallback((id: string) => {
    setAdding(null);
    setActiveItem(id);
  }, []);
  const openAdd = useCallback((target: AddTarget) => {
    setActiveItem(null);
    setAdding(target);
  }, []);

  // A new period or location closes the toolbox.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => {
    setActiveItem(null);
    setAdding(null);
    setSelected(new Set());
  }, [location, start, period, tab]);

  const data = roster.data;
  const roles = init.membership.roles;
  const observerOnly = !planner && roles.every((r) => r === 'observer');
  // The view without the open toolbox: the toolbar and its dialogs read this one, so opening a toolbox renders the
  // grid's cell that holds it, not the toolbar.
  const baseView: RosterView | null = useMemo(() => {
    if (!data || !location) return null;
    const myDuties = data.users[me]?.duties ?? [];
    return {
      data,
      queryKey,
      location,
      tab,
      me,
      today,
      timeZone: settings.timeZone,
      weekStartsOn,
      locale: i18n.language,
      planner,
      manager: effectiveRoles(roles).has('manager'),
      observerOnly,
      toolbox: {
        modules: {
          shifts: hasModule(access, 'shifts'),
          tags: hasModule(access, 'tags'),
          sickness: hasModule(access, 'sickness'),
        },
        activeShifts: Object.values(data.shifts).filter((s) => !s.trashed).length,
        activeDuties: Object.values(data.duties).filter((d) => !d.trashed).length,
        tags: Object.keys(data.tags).length,
        plannerRestricted: init.membership.plannerRestricted,
        touch: isTouch(),
      },
      employee: {
        me,
        today,
        duties: myDuties,
        mayPlan: planner,
        maySignUp: hasRight(access, 'placeholders.signup'),
        mustApply: settings.employeesMustApply,
        observerOnly,
      },
      edit,
      activeItem: null,
      adding: null,
      openItem,
      openAdd,
      closeToolbox,
      selected,
      toggleSelected,
      clearSelected,
    };
  }, [
    selected,
    toggleSelected,
    clearSelected,
    data,
    location,
    tab,
    me,
    today,
    settings,
    weekStartsOn,
    i18n.language,
    planner,
    roles,
    observerOnly,
    access,
    init.membership.plannerRestricted,
    edit,
    openItem,
    openAdd,
    closeToolbox,
    queryKey,
  ]);
  const view = useMemo(
    () => (baseView && (activeItem || adding) ? { ...baseView, activeItem, adding } : baseView),
    [baseView, activeItem, adding],
  );

  const filter = { me, tab, duties, people, tags: tagFilter };
  const rows = useMemo(
    () => (data ? rosterRows({ data, me, tab, duties, people }) : []),
    [data, me, tab, duties, people],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: filter is rebuilt from the listed values
  const cells = useMemo(
    () => (data ? itemsByCell(data.items, filter) : new Map()),
    [data, me, tab, duties, people, tagFilter],
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: filter is rebuilt from the listed values
  const dayMinutes = useMemo(
    () => (data ? minutesPerDay(data.items, filter) : new Map()),
    [data, me, tab, duties, tagFilter],
  );

  const locationList = locations.data ?? [];
  const locationName = location
    ? (data?.locations[location]?.name ?? locationList.find((l) => l.id === location)?.name)
    : null;
  const locationOptions = locationList.map((l) => ({ value: l.id, label: l.name }));

  // The same element while only the open toolbox changes (React then skips the toolbar).
  const toolbar = useMemo(
    () => (
      <RosterToolbar
        start={start ?? today}
        period={period}
        periods={data?.periods.options ?? [period]}
        tab={tab}
        data={data}
        weekStartsOn={weekStartsOn}
        locale={i18n.language}
        narrow={narrow}
        planner={planner}
        duties={duties}
        people={people}
        onDate={(date) => go({ date })}
        onStep={(direction) => {
          const from = asked.current ?? start;
          if (!from) return;
          asked.current = stepPeriod(from, period, direction);
          go({ date: asked.current });
        }}
        onToday={() => go({ date: today })}
        onPeriod={(p) => go({ period: p, date: start ?? today })}
        onTab={(next) => {
          const query = new URLSearchParams(search);
          query.set('tab', next);
          query.set('period', period);
          setSearch(query, { replace: true });
        }}
        onDuties={setDuties}
        onPeople={setPeople}
        tags={tagFilter}
        onTags={setTagFilter}
        withTags={hasModule(access, 'tags')}
        extra={
          baseView ? (
            <RosterViewContext.Provider value={baseView}>
              {planner && location && (
                <ReleaseDialog
                  location={location}
                  locationName={locationName ?? ''}
                  releasedUntil={baseView.data.locations[location]?.releasedUntil ?? null}
                  today={today}
                  locale={i18n.language}
                  weekStartsOn={weekStartsOn}
                  compact={compact}
                />
              )}
              {planner && <HistoryMenu compact={compact} />}
              {planner && <FillDialog compact={compact} />}
              {planner && <MatchingWizard compact={compact} />}
              {planner && start && <PresetDialog start={start} compact={compact} />}
              {planner && location && start && <PrintWeekMenu location={location} week={start} compact={compact} />}
              {!observerOnly && (
                <CalendarDialog
                  locale={i18n.language}
                  compact={compact}
                  planning={planner && location ? { id: location, name: locationName ?? '' } : null}
                />
              )}
              <Legend compact={compact} />
            </RosterViewContext.Provider>
          ) : undefined
        }
      />
    ),
    [
      start,
      today,
      period,
      data,
      tab,
      weekStartsOn,
      i18n.language,
      narrow,
      planner,
      duties,
      people,
      go,
      search,
      setSearch,
      tagFilter,
      access,
      baseView,
      location,
      locationName,
      compact,
      observerOnly,
    ],
  );

  if (locations.data && locations.data.length === 0) {
    return (
      <Stack data-testid="roster-page">
        <PageTitle title={t('roster.title')} />
        <Alert color="gray" data-testid="roster-no-locations">
          {t('roster.empty.noLocations')}
        </Alert>
      </Stack>
    );
  }

  const releasedDays = data?.days.filter((d) => d.released).length ?? 0;
  const nothingReleased = data && !planner && releasedDays === 0;
  const nothingHere = data && data.items.length === 0 && !nothingReleased;

  return (
    <Stack gap="md" data-testid="roster-page" className="roster-page">
      <PageTitle
        title={t('roster.title')}
        subtitle={locationName ?? undefined}
        right={
          locationOptions.length > 1 ? (
            <Select
              aria-label={t('roster.location')}
              data={locationOptions}
              value={location}
              onChange={(v) => v && go({ location: v })}
              allowDeselect={false}
              searchable={locationOptions.length > 8}
              w={narrow ? '100%' : 240}
              data-testid="roster-location"
            />
          ) : undefined
        }
      />
      {toolbar}
      {roster.isError && !data ? (
        <Alert color="red" title={t('roster.error.title')} data-testid="roster-error">
          <Group justify="space-between">
            <Text size="sm">{t('roster.error.text')}</Text>
            <Button size="xs" variant="default" onClick={() => void roster.refetch()}>
              {t('roster.error.retry')}
            </Button>
          </Group>
        </Alert>
      ) : !view ? (
        <GridSkeleton />
      ) : (
        <RosterViewContext.Provider value={view}>
          {nothingReleased && (
            <Alert color="gray" data-testid="roster-not-released">
              {t('roster.empty.notReleased')}
            </Alert>
          )}
          {nothingHere && (
            <Alert color="blue" variant="light" data-testid="roster-empty">
              {planner ? t('roster.empty.planner') : t('roster.empty.member')}
            </Alert>
          )}
          {planner && location && hasModule(access, 'sickness') && <OpenSickness location={location} date={today} />}
          {planner && selected.size > 0 && <BulkBar />}
          <div className="roster-stage" data-fetching={roster.isFetching || undefined}>
            {narrow ? <DayList duties={duties} /> : <RosterGrid rows={rows} cells={cells} dayMinutes={dayMinutes} />}
          </div>
        </RosterViewContext.Provider>
      )}
    </Stack>
  );
}

import '@mantine/dates/styles.layer.css';
import { OpenSickness } from '../absence/OpenSickness';
import 'dayjs/locale/de';
import 'dayjs/locale/nl';
import 'dayjs/locale/pl';
import './roster.css';
import type { RosterItem } from '@app/contracts';
import { canPlan, hasModule, todayIn } from '@app/domain';
import { Alert, Button, Group, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstContent } from '../../app/firstContent';
import { later } from '../../app/later';
import { useAccess, useSession } from '../../app/session';
import { NARROW_LAYOUT, useNarrowLayout } from '../../app/viewport';
import { PageTitle } from '../../ui/PageTitle';
import { PushOffer } from '../notifications/PushOffer';
import { BulkBar } from './BulkBar';
import { CostSummary } from './CostSummary';
import { RosterViewContext } from './context';
import { DayList } from './DayList';
import { itemsByCell, itemVisible, minutesPerDay, rosterRows, stepPeriod } from './model';
import { ToolbarExtras } from './page/ToolbarExtras';
import { planningGoneReason, useRosterAddress } from './page/useRosterAddress';
import { useRosterLive } from './page/useRosterLive';
import { useRosterViews } from './page/useRosterViews';
import { useToolboxState } from './page/useToolboxState';
import { RosterToolbar } from './RosterToolbar';
import { useItemEdit } from './useItemEdit';

// The planner's grid (with drag and drop and its rows' windowing) is a chunk of its own: a phone shows the day list
// and does not load it; a wide window starts loading it with the page.
const loadGrid = () => import('./RosterGrid').then((m) => ({ default: m.RosterGrid }));
if (!window.matchMedia(NARROW_LAYOUT).matches) void loadGrid();
const RosterGrid = lazy(loadGrid);

// The route's loader reaches the roster's start through this module (app/prefetch.ts).
export { rosterStartAddress } from './prefetchStart';

/** Offers of duties to and from the member: after the days have painted, like the shell's widgets. */
const SwapsCard = later(() => import('../swaps/SwapsCard').then((m) => m.SwapsCard));

/** A placeholder of the grid's shape while the roster loads. */
function GridSkeleton() {
  const { t } = useTranslation();
  return (
    <Stack gap={6} data-testid="roster-loading" role="status" aria-busy="true" aria-label={t('common.loading')}>
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
  const narrow = useNarrowLayout();
  // Below 1440 px the toolbar's buttons show their icons only (named, with tooltips).
  const roomy = useMediaQuery('(min-width: 90em)') ?? false;
  const compact = narrow || !roomy;
  const settings = init.account.settings;
  const weekStartsOn = settings.weekStartsOn;
  const planner = canPlan(init.membership.roles);
  const me = init.membership.id;
  const today = todayIn(settings.timeZone);
  const [duties, setDuties] = useState<string[]>([]);
  const [people, setPeople] = useState<string[]>([]);
  const [tagFilter, setTagFilter] = useState<string[]>([]);
  // Each tap on "Today" asks the phone's day list to scroll to today again (also when the period stays).
  const [todayAsked, setTodayAsked] = useState(0);
  const {
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
    ownFirst,
    moved,
    dismissMoved,
  } = useRosterAddress();

  // Whether the viewer sees every item's person: then edits and the items an event names merge into the period in
  // the cache exactly (their stats counted again) instead of loading the period again.
  const exact = planner && !init.membership.plannerRestricted;
  useRosterLive(location, queryKey, exact);

  const toolbox = useToolboxState({ location, start, period, tab });
  const { selected } = toolbox;
  const edit = useItemEdit(queryKey, exact);

  const data = roster.data;
  const roles = init.membership.roles;
  const observerOnly = !planner && roles.every((r) => r === 'observer');
  const { baseView, view } = useRosterViews({ data, queryKey, location, tab, observerOnly, edit, toolbox });
  // The header's widgets load once the roster (or why there is none) has painted.
  useFirstContent(Boolean(view) || roster.isError || locations.data?.length === 0);

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
  const visible = useCallback((item: RosterItem) => itemVisible(item, filter), [me, tab, duties, people, tagFilter]);
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
        onToday={() => {
          go({ date: today });
          setTodayAsked((n) => n + 1);
        }}
        onPeriod={switchPeriod}
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
            <ToolbarExtras
              baseView={baseView}
              planner={planner}
              location={location}
              locationName={locationName}
              start={start}
              period={period}
              today={today}
              weekStartsOn={weekStartsOn}
              compact={compact}
              observerOnly={observerOnly}
            />
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
      switchPeriod,
      search,
      setSearch,
      tagFilter,
      access,
      baseView,
      location,
      locationName,
      compact,
      observerOnly,
      asked.current,
      asked,
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
  // The natural moment to offer push messages: a released roster with a duty of the member's on screen.
  const seenReleasedDuty = Boolean(
    data && !planner && data.items.some((i) => i.user === me && data.days.some((d) => d.date === i.date && d.released)),
  );
  // Or an application of theirs waiting for an answer (a newcomer may apply before having any duty).
  const appliedForDuty = Boolean(
    data && !planner && data.items.some((i) => i.applications.some((a) => a.membership === me && a.accepted === null)),
  );

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
      {moved && (
        <Alert
          color="orange"
          withCloseButton
          closeButtonLabel={t('common.close')}
          onClose={dismissMoved}
          data-testid="roster-moved"
        >
          {t(`roster.moved.${moved.reason}`)} {t('roster.moved.to', { name: moved.to })}
        </Alert>
      )}
      {toolbar}
      {planningGoneReason(roster.error) && !data ? (
        <GridSkeleton />
      ) : roster.isError && !data ? (
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
          {!planner && view.employee.maySignUp && !observerOnly && <SwapsCard />}
          <CostSummary />
          {planner && selected.size > 0 && <BulkBar />}
          <div className="roster-stage" data-fetching={roster.isFetching || ownFirst || undefined}>
            {narrow ? (
              <DayList duties={duties} todayAsked={todayAsked} />
            ) : (
              <Suspense fallback={<GridSkeleton />}>
                <RosterGrid rows={rows} cells={cells} dayMinutes={dayMinutes} visible={visible} />
              </Suspense>
            )}
          </div>
          {!planner && <PushOffer seen={seenReleasedDuty} applied={appliedForDuty} />}
        </RosterViewContext.Provider>
      )}
    </Stack>
  );
}

import type { RosterResponse } from '@app/contracts';
import { hasRight, type Period, periodRange } from '@app/domain';
import { ActionIcon, Button, Group, MultiSelect, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconCalendar, IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAccess } from '../../app/session';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { formatDate, formatShortDate, formatWeekdayDate } from '../../ui/format';
import { usePickerIds } from '../../ui/usePickerIds';
import { isoWeek, type RosterTab } from './model';

interface Props {
  start: string;
  period: Period;
  periods: readonly string[];
  tab: RosterTab;
  data: RosterResponse | undefined;
  weekStartsOn: 'monday' | 'sunday';
  locale: string;
  narrow: boolean;
  planner: boolean;
  duties: string[];
  people: string[];
  tags: string[];
  onDate: (date: string) => void;
  onStep: (direction: -1 | 1) => void;
  onToday: () => void;
  onPeriod: (period: Period) => void;
  onTab: (tab: RosterTab) => void;
  onDuties: (ids: string[]) => void;
  onPeople: (ids: string[]) => void;
  onTags: (ids: string[]) => void;
  /** The tags module is on. */
  withTags: boolean;
  extra?: ReactNode;
}

/** The period's label: "Week 48 · 23–29 Nov 2026", or the day, or the month's days. */
export function periodLabel(from: string, until: string, period: Period, locale: string, weekWord: string) {
  const range =
    from === until
      ? formatWeekdayDate(from, locale, 'long')
      : `${formatShortDate(from, locale)} – ${formatDate(until, locale)}`;
  if (period === 'day' || period === 'month') return range;
  const first = isoWeek(from);
  const last = isoWeek(until);
  return `${weekWord} ${first === last ? first : `${first}–${last}`} · ${range}`;
}

/**
 * The tabs: employees who may take open duties also have their applications; on a phone the tabs take their short
 * names so they fit.
 */
function rosterTabOptions(applies: boolean, narrow: boolean, t: TFunction) {
  const tabs: RosterTab[] = applies ? ['all', 'mine', 'open', 'applied'] : ['all', 'mine', 'open'];
  // A phone's full-width control reads the short words: the long ones of some languages ("Wszystkie dyżury") do not
  // fit three to a 375 px line; the control's name says which duties.
  return tabs.map((value) => ({ value, label: t(narrow ? `roster.tabs.short.${value}` : `roster.tabs.${value}`) }));
}

/** Period navigation (previous, today, next, a date picker with week numbers), the period, the tabs and filters. */
export function RosterToolbar(props: Props) {
  const { t } = useTranslation();
  const access = useAccess();
  const picker = usePickerIds();
  const { data, period, locale } = props;
  // The heading names the period the date field names: the previous period's answer, shown while this one loads
  // (or fails to, offline), does not set it.
  const { from, until } = data && data.periods.from === props.start ? data.periods : periodRange(props.start, period);
  const duties = data ? Object.values(data.duties).filter((d) => !d.trashed) : [];
  const people = data ? Object.values(data.users).filter((u) => u.name) : [];
  const tags = data && props.withTags ? Object.values(data.tags) : [];
  return (
    <Stack gap="xs" data-testid="roster-toolbar">
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Group gap="xs" wrap="wrap">
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('roster.previous')}
              onClick={() => props.onStep(-1)}
              data-testid="roster-prev"
            >
              <IconChevronLeft size={18} aria-hidden />
            </ActionIcon>
            <Button variant="default" onClick={props.onToday} data-testid="roster-today">
              {t('roster.today')}
            </Button>
            <ActionIcon
              variant="default"
              size="lg"
              aria-label={t('roster.next')}
              onClick={() => props.onStep(1)}
              data-testid="roster-next"
            >
              <IconChevronRight size={18} aria-hidden />
            </ActionIcon>
          </Group>
          <DatePickerInput
            id={picker.id}
            // The name starts with the date the field shows (WCAG 2.5.3, label in name): "26.11.2026 – Go to date".
            aria-label={`${props.start.split('-').reverse().join('.')} – ${t('roster.pickDate')}`}
            value={props.start}
            onChange={(value) => value && props.onDate(value)}
            valueFormat="DD.MM.YYYY"
            firstDayOfWeek={props.weekStartsOn === 'sunday' ? 0 : 1}
            withWeekNumbers
            locale={locale}
            ariaLabels={calendarAriaLabels(t)}
            popoverProps={{ id: picker.popoverId, classNames: { dropdown: 'roster-release' } }}
            leftSection={<IconCalendar size={16} aria-hidden />}
            minDate="1950-01-01"
            maxDate="2050-12-31"
            w={150}
            data-testid="roster-date"
          />
          <Text fw={600} size="sm" data-testid="roster-range">
            {periodLabel(from, until, period, locale, t('roster.week'))}
          </Text>
        </Group>
        {!props.narrow && (
          <Group gap="xs" wrap="nowrap">
            {props.extra}
          </Group>
        )}
      </Group>
      <Group gap="xs" wrap="wrap">
        <Select
          aria-label={t('roster.period')}
          data={props.periods.map((p) => ({ value: p, label: t(`roster.periods.${p}`) }))}
          value={period}
          onChange={(v) => v && props.onPeriod(v as Period)}
          allowDeselect={false}
          w={120}
          data-testid="roster-period"
        />
        <SegmentedControl
          fullWidth={props.narrow}
          w={props.narrow ? '100%' : undefined}
          aria-label={t('roster.tabs.label')}
          value={props.tab}
          onChange={(v) => props.onTab(v as RosterTab)}
          data={rosterTabOptions(!props.planner && hasRight(access, 'placeholders.signup'), props.narrow, t)}
          data-testid="roster-tabs"
        />
        {!props.narrow && duties.length > 1 && (
          <MultiSelect
            aria-label={t('roster.filters.duties')}
            placeholder={props.duties.length ? undefined : t('roster.filters.duties')}
            data={duties.map((d) => ({ value: d.id, label: `${d.identifier} · ${d.name}` }))}
            value={props.duties}
            onChange={props.onDuties}
            clearable
            w={170}
            maxDropdownHeight={280}
          />
        )}
        {!props.narrow && props.planner && people.length > 1 && (
          <MultiSelect
            aria-label={t('roster.filters.people')}
            placeholder={props.people.length ? undefined : t('roster.filters.people')}
            data={people.map((u) => ({ value: u.id, label: u.name ?? '' }))}
            value={props.people}
            onChange={props.onPeople}
            searchable
            clearable
            w={170}
            maxDropdownHeight={280}
          />
        )}
        {!props.narrow && tags.length > 0 && (
          <MultiSelect
            aria-label={t('roster.filters.tags')}
            placeholder={props.tags.length ? undefined : t('roster.filters.tags')}
            data={tags.map((tag) => ({ value: tag.id, label: tag.name }))}
            value={props.tags}
            onChange={props.onTags}
            clearable
            w={170}
            maxDropdownHeight={280}
          />
        )}
        {props.narrow && (
          // The actions wrap onto a second line rather than widen a phone's page.
          <Group gap={6} wrap="wrap">
            {props.extra}
          </Group>
        )}
      </Group>
    </Stack>
  );
}

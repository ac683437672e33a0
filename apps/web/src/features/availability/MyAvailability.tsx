import '@mantine/dates/styles.layer.css';
import type { AvailabilityType } from '@app/contracts';
import { availabilityAbilitiesOf, todayIn } from '@app/domain';
import { Alert, Badge, Box, Card, Group, Indicator, Skeleton, Stack, Text, Title } from '@mantine/core';
import { DatePicker } from '@mantine/dates';
import { IconCalendarDue } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api';
import type { FieldErrorTarget } from '../../app/errorHandling';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { formatLongDate, formatMonth, formatWeekdayDate } from '../../ui/format';
import { availabilityCalls, availabilityKeys, handleInvalid, ownAvailabilityQuery } from './api';
import { EntryEditor, type EntryValues } from './EntryEditor';
import { dayEntry, monthRange, stateIndex, TYPE_COLORS } from './model';
import { useEditScopes } from './useEditScopes';
import { WeekDefaults } from './WeekDefaults';

const TYPES: AvailabilityType[] = ['available', 'limited', 'unavailable', 'wish', 'vacation'];

/**
 * The member's own month: pick days on the calendar (weeks from the account's first weekday, with week numbers),
 * then say for all of them at once whether they are available, limited (from/until), unavailable or wish to work,
 * with a note. Days before the weeks-ahead deadline are closed; the weekday defaults fill the days left empty.
 */
export function MyAvailability() {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const me = init.membership.id;
  const scope = useEditScopes()(me);
  const { level, deadline } = scope;
  const today = todayIn(init.account.settings.timeZone);
  const [month, setMonth] = useState(() => `${(deadline ?? today).slice(0, 7)}-01`);
  const [selected, setSelected] = useState<string[]>([]);
  const range = monthRange(month);
  const list = useQuery(ownAvailabilityQuery(me, range.from, range.until));
  const queryClient = useQueryClient();
  const stateOf = useMemo(() => (list.data ? stateIndex(list.data.entries, list.data.defaults) : null), [list.data]);
  const refresh = () => queryClient.invalidateQueries({ queryKey: availabilityKeys.all });

  const formRef = useRef<FieldErrorTarget | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof availabilityCalls.save>[0]) => availabilityCalls.save(body),
    meta: { handled: (error: ApiError) => handleInvalid(error, formRef.current) },
    onSuccess: () => {
      notify('success', t('availabilityPage.saved', { count: selected.length }));
      setSelected([]);
      void refresh();
    },
  });
  const remove = useMutation({
    mutationFn: () => availabilityCalls.remove(me, selected),
    meta: { handled: (error: ApiError) => handleInvalid(error, null) },
    onSuccess: () => {
      notify('success', t('availabilityPage.removed'));
      setSelected([]);
      void refresh();
    },
  });

  // What may change on each day is the availability's own rule: the deadline, a decided vacation, the edit level.
  const can = (date: string) => availabilityAbilitiesOf(scope, date, dayEntry(stateOf?.(me, date)));
  const first = selected.length ? stateOf?.(me, [...selected].sort()[0]) : null;
  const initial: EntryValues = {
    type: first?.type && first.type !== 'vacation' && !first.fromDefault ? first.type : 'available',
    start: first && !first.fromDefault ? (first.start ?? '') : '',
    end: first && !first.fromDefault ? (first.end ?? '') : '',
    note: first && !first.fromDefault ? (first.note ?? '') : '',
  };
  const monthEntries = (list.data?.entries ?? []).filter((e) => e.membership === me);
  const fmt = (date: string) => formatWeekdayDate(date, lang);

  return (
    <Stack gap="md" data-testid="my-availability">
      {deadline && (
        <Alert
          icon={<IconCalendarDue size={18} />}
          color={init.account.settings.availabilityWeeksAhead > 0 ? 'orange' : 'blue'}
          variant="light"
          data-testid="availability-deadline"
        >
          {init.account.settings.availabilityWeeksAhead > 0
            ? t('availabilityPage.deadline', {
                count: init.account.settings.availabilityWeeksAhead,
                date: formatWeekdayDate(deadline, lang, 'long'),
              })
            : t('availabilityPage.deadlineToday')}
        </Alert>
      )}
      {level === null && (
        <Alert color="gray" data-testid="availability-readonly">
          {t('availabilityPage.readOnly')}
        </Alert>
      )}
      <div className="availability-layout">
        <Card withBorder padding="sm" className="availability-calendar">
          <DatePicker
            type="multiple"
            value={selected}
            onChange={(v) => setSelected((v as string[]).map(String))}
            date={month}
            onDateChange={(d) => setMonth(`${String(d).slice(0, 7)}-01`)}
            locale={lang}
            firstDayOfWeek={init.account.settings.weekStartsOn === 'sunday' ? 0 : 1}
            withWeekNumbers
            minDate="1950-01-01"
            maxDate="2050-12-31"
            excludeDate={(d) => !can(String(d).slice(0, 10)).change}
            ariaLabels={calendarAriaLabels(t)}
            size="md"
            highlightToday
            getDayProps={(d) => {
              const date = String(d).slice(0, 10);
              const state = stateOf?.(me, date);
              return {
                'data-date': date,
                'data-type': state?.type ?? undefined,
                'aria-label': state?.type
                  ? `${formatLongDate(date, lang)}: ${t(`roster.availability.${state.type}`)}`
                  : formatLongDate(date, lang),
              } as Record<string, string | undefined>;
            }}
            renderDay={(d) => {
              const date = String(d).slice(0, 10);
              const state = stateOf?.(me, date);
              return (
                <Indicator
                  size={7}
                  color={state?.type ? TYPE_COLORS[state.type] : 'transparent'}
                  offset={-3}
                  disabled={!state?.type}
                  processing={false}
                  withBorder={state?.fromDefault}
                >
                  <div>{dayjs(date).date()}</div>
                </Indicator>
              );
            }}
            data-testid="availability-calendar"
          />
          <Group gap="xs" mt="sm" wrap="wrap" aria-label={t('availabilityPage.legend')}>
            {TYPES.map((type) => (
              <Badge key={type} color={TYPE_COLORS[type]} variant="dot" size="sm">
                {t(`roster.availability.${type}`)}
              </Badge>
            ))}
          </Group>
        </Card>
        <Card withBorder padding="md" className="availability-side availability-editor-card">
          {selected.length === 0 ? (
            <Stack gap={4} data-testid="availability-hint">
              <Title order={3} size="h5">
                {t('availabilityPage.howTitle')}
              </Title>
              <Text size="sm" c="dimmed">
                {level === null ? t('availabilityPage.readOnly') : t('availabilityPage.how')}
              </Text>
            </Stack>
          ) : (
            <EntryEditor
              key={[...selected].sort().join()}
              initial={initial}
              count={selected.length}
              saving={save.isPending}
              removing={remove.isPending}
              onCancel={() => setSelected([])}
              onRemove={selected.some((d) => can(d).remove) ? () => remove.mutate() : undefined}
              onSave={(values, form) => {
                formRef.current = form;
                save.mutate({
                  membership: me,
                  dates: selected,
                  type: values.type,
                  start: values.start || null,
                  end: values.end || null,
                  note: values.note,
                });
              }}
            />
          )}
        </Card>
      </div>
      <Card withBorder padding="md">
        <Title order={3} size="h5" mb="xs">
          {t('availabilityPage.monthList', { month: formatMonth(month, lang) })}
        </Title>
        {list.isPending ? (
          <Skeleton h={80} />
        ) : list.isError ? (
          <Alert color="red">{t('availabilityPage.loadFailed')}</Alert>
        ) : monthEntries.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="availability-month-empty">
            {t('availabilityPage.monthEmpty')}
          </Text>
        ) : (
          <Stack gap={6} component="ul" className="availability-list" data-testid="availability-month-list">
            {monthEntries.map((e) => (
              <Box component="li" key={e.id} data-testid={`availability-entry-${e.date}`}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Text size="sm" w={90} fw={500}>
                    {fmt(e.date)}
                  </Text>
                  <Stack gap={0} style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Badge color={TYPE_COLORS[e.type]} variant="light" size="sm" c="dark.7">
                        {t(`roster.availability.${e.type}`)}
                      </Badge>
                      {e.start && e.end && (
                        <Text size="sm">
                          {e.start}–{e.end}
                        </Text>
                      )}
                    </Group>
                    {e.note && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {e.note}
                      </Text>
                    )}
                  </Stack>
                </Group>
              </Box>
            ))}
          </Stack>
        )}
      </Card>
      <WeekDefaults membership={me} editable={level !== null} />
    </Stack>
  );
}

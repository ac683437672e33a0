import type { AvailabilityOverviewResponse } from '@app/contracts';
import { addDays, availabilityAbilitiesOf, sicknessCovers, todayIn } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Badge,
  Box,
  Card,
  Group,
  Modal,
  Select,
  Skeleton,
  Stack,
  Switch,
  Text,
  Title,
  Tooltip,
  UnstyledButton,
} from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api';
import type { FieldErrorTarget } from '../../app/errorHandling';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { dutiesQuery, locationsQuery, tagsQuery } from '../catalog/api';
import { availabilityCalls, availabilityKeys, handleInvalid, overviewQuery } from './api';
import { EntryEditor, type EntryValues } from './EntryEditor';
import { type DayState, dayEntry, daysOf, isFree, monthRange, stateIndex, TYPE_COLORS } from './model';
import { useEditScopes } from './useEditScopes';

type Member = AvailabilityOverviewResponse['members'][number];

/** A cell's short sign: the type's first letter in the member's language, or S for sick. */
function Cell({ state, sick, label }: { state: DayState; sick: boolean; label: string }) {
  const { t } = useTranslation();
  if (sick)
    return (
      <span className="availability-cell" role="img" data-kind="sick" aria-label={label} title={label}>
        {t('availabilityPage.sickShort')}
      </span>
    );
  if (!state.type)
    return (
      <span className="availability-cell" role="img" data-kind="none" aria-label={label} title={label}>
        ·
      </span>
    );
  return (
    <span
      className="availability-cell"
      role="img"
      data-kind={state.type}
      data-default={state.fromDefault || undefined}
      style={{ background: `var(--mantine-color-${TYPE_COLORS[state.type]}-${state.fromDefault ? 1 : 2})` }}
      aria-label={label}
      title={label}
    >
      {t(`availabilityPage.short.${state.type}`)}
    </span>
  );
}

/**
 * The planner's view: everyone of a location over a month at a glance (who is free on which day), filtered by
 * duty and tag, with who has not entered availability yet; a planner changes someone's day where the account
 * lets them. On a phone it is one day's list instead of the month's grid.
 */
export function TeamAvailability() {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const narrow = useNarrowLayout();
  const today = todayIn(init.account.settings.timeZone);
  const locations = useQuery(locationsQuery);
  const duties = useQuery(dutiesQuery);
  const tags = useQuery(tagsQuery);
  const [location, setLocation] = useState<string | null>(init.location ?? null);
  const [month, setMonth] = useState(`${today.slice(0, 7)}-01`);
  const [day, setDay] = useState(today);
  const [duty, setDuty] = useState<string | null>(null);
  const [tag, setTag] = useState<string | null>(null);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const [editing, setEditing] = useState<{ member: Member; date: string } | null>(null);
  const scopeOf = useEditScopes();

  useEffect(() => {
    const list = locations.data ?? [];
    if (list.length && !list.some((l) => l.id === location)) setLocation(list[0].id);
  }, [locations.data, location]);

  const range = monthRange(month);
  const overview = useQuery({ ...overviewQuery(location ?? '', range.from, range.until), enabled: Boolean(location) });
  // A name the planner restriction hides (null) reads as "Colleague".
  const data = useMemo(
    () =>
      overview.data && {
        ...overview.data,
        members: overview.data.members.map((m) => ({ ...m, name: m.name ?? t('roster.hiddenName') })),
      },
    [overview.data, t],
  );
  const stateOf = useMemo(() => (data ? stateIndex(data.entries, data.defaults) : null), [data]);
  // Whether the planner may change someone's day is the availability's own rule, per person and date.
  const scopes = useMemo(() => new Map((data?.members ?? []).map((m) => [m.id, scopeOf(m.id)])), [data, scopeOf]);
  const can = (member: string, date: string) =>
    availabilityAbilitiesOf(scopes.get(member) ?? scopeOf(member), date, dayEntry(stateOf?.(member, date)));
  const members = useMemo(
    () =>
      (data?.members ?? []).filter(
        (m) => (!duty || m.duties.includes(duty)) && (!tag || m.tags.includes(tag)) && (!onlyMissing || m.missing > 0),
      ),
    [data, duty, tag, onlyMissing],
  );
  const missing = (data?.members ?? []).filter((m) => m.entersAvailability && m.missing > 0);
  const days = daysOf(range.from, range.until);
  const sickOn = (member: string, date: string) =>
    (data?.sickness ?? []).some((s) => s.membership === member && sicknessCovers(s, date));
  const labelOf = (m: Member, date: string) => {
    const state = stateOf?.(m.id, date);
    const what = sickOn(m.id, date)
      ? t('availabilityPage.sick')
      : state?.type
        ? `${t(`roster.availability.${state.type}`)}${state.start && state.end ? ` ${state.start}–${state.end}` : ''}`
        : t('availabilityPage.notEntered');
    return `${m.name}, ${dayjs(date).locale(lang).format('dd D MMM')}: ${what}`;
  };
  const shiftMonth = (n: number) => {
    const next = dayjs(month).add(n, 'month').format('YYYY-MM-01');
    setMonth(next);
    setDay(next.slice(0, 7) === today.slice(0, 7) ? today : next);
  };

  const queryClient = useQueryClient();
  const formRef = useRef<FieldErrorTarget | null>(null);
  const save = useMutation({
    mutationFn: (body: Parameters<typeof availabilityCalls.save>[0]) => availabilityCalls.save(body),
    meta: { handled: (error: ApiError) => handleInvalid(error, formRef.current) },
    onSuccess: () => {
      notify('success', t('availabilityPage.saved', { count: 1 }));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });
  const remove = useMutation({
    mutationFn: (v: { member: string; date: string }) => availabilityCalls.remove(v.member, [v.date]),
    meta: { handled: (error: ApiError) => handleInvalid(error, null) },
    onSuccess: () => {
      notify('success', t('availabilityPage.removed'));
      setEditing(null);
      void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    },
  });

  const locationOptions = (locations.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  const editState = editing ? stateOf?.(editing.member.id, editing.date) : null;
  const initial: EntryValues = {
    type: editState?.type && editState.type !== 'vacation' && !editState.fromDefault ? editState.type : 'available',
    start: editState && !editState.fromDefault ? (editState.start ?? '') : '',
    end: editState && !editState.fromDefault ? (editState.end ?? '') : '',
    note: editState && !editState.fromDefault ? (editState.note ?? '') : '',
  };
  const open = (member: Member, date: string) => can(member.id, date).change && setEditing({ member, date });

  return (
    <Stack gap="md" data-testid="team-availability">
      <Card withBorder padding="sm">
        <Group gap="sm" wrap="wrap" align="flex-end">
          <Select
            label={t('availabilityPage.location')}
            data={locationOptions}
            value={location}
            onChange={setLocation}
            allowDeselect={false}
            w={narrow ? '100%' : 220}
            data-testid="team-availability-location"
          />
          <Select
            label={t('availabilityPage.duty')}
            placeholder={t('availabilityPage.all')}
            data={(duties.data ?? []).filter((d) => !d.trashed).map((d) => ({ value: d.id, label: d.name }))}
            value={duty}
            onChange={setDuty}
            clearable
            w={narrow ? '100%' : 180}
            data-testid="team-availability-duty"
          />
          <Select
            label={t('availabilityPage.tag')}
            placeholder={t('availabilityPage.all')}
            data={(tags.data ?? []).map((x) => ({ value: x.id, label: x.name }))}
            value={tag}
            onChange={setTag}
            clearable
            w={narrow ? '100%' : 180}
            data-testid="team-availability-tag"
          />
          <Switch
            label={t('availabilityPage.onlyMissing')}
            checked={onlyMissing}
            onChange={(e) => setOnlyMissing(e.currentTarget.checked)}
            mb={6}
          />
        </Group>
      </Card>
      <Group justify="space-between" wrap="nowrap">
        <ActionIcon
          variant="default"
          size="lg"
          onClick={() => shiftMonth(-1)}
          aria-label={t('availabilityPage.previous')}
        >
          <IconChevronLeft size={18} />
        </ActionIcon>
        <Title order={3} size="h4" data-testid="team-availability-month">
          {dayjs(month).locale(lang).format('MMMM YYYY')}
        </Title>
        <ActionIcon variant="default" size="lg" onClick={() => shiftMonth(1)} aria-label={t('availabilityPage.next')}>
          <IconChevronRight size={18} />
        </ActionIcon>
      </Group>
      {data && missing.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          data-testid="availability-missing"
          title={t('availabilityPage.missingTitle', { count: missing.length })}
        >
          <Group gap={6} wrap="wrap">
            {missing.map((m) => (
              <Badge key={m.id} variant="default" size="md" tt="none">
                {t('availabilityPage.missingDays', { name: m.name, count: m.missing })}
              </Badge>
            ))}
          </Group>
        </Alert>
      )}
      {overview.isPending && location ? (
        <Skeleton h={240} />
      ) : overview.isError ? (
        <Alert color="red">{t('availabilityPage.loadFailed')}</Alert>
      ) : members.length === 0 ? (
        <Alert color="gray" data-testid="team-availability-empty">
          {t('availabilityPage.nobody')}
        </Alert>
      ) : narrow ? (
        <Stack gap="sm">
          <Group gap="xs" wrap="nowrap" justify="space-between">
            <ActionIcon
              variant="default"
              onClick={() => setDay((d) => (d > range.from ? addDays(d, -1) : d))}
              aria-label={t('availabilityPage.previousDay')}
              disabled={day <= range.from}
            >
              <IconChevronLeft size={16} />
            </ActionIcon>
            <Text fw={600} data-testid="team-availability-day">
              {dayjs(day).locale(lang).format('dddd, D MMMM')}
            </Text>
            <ActionIcon
              variant="default"
              onClick={() => setDay((d) => (d < range.until ? addDays(d, 1) : d))}
              aria-label={t('availabilityPage.nextDay')}
              disabled={day >= range.until}
            >
              <IconChevronRight size={16} />
            </ActionIcon>
          </Group>
          <Text size="sm" c="dimmed">
            {t('availabilityPage.freeCount', {
              count: members.filter((m) => !sickOn(m.id, day) && stateOf && isFree(stateOf(m.id, day))).length,
              total: members.length,
            })}
          </Text>
          <Stack gap={6} component="ul" className="availability-list" data-testid="team-availability-list">
            {members.map((m) => {
              const state = stateOf?.(m.id, day);
              const sick = sickOn(m.id, day);
              return (
                <Box component="li" key={m.id}>
                  <UnstyledButton
                    className="availability-row"
                    onClick={() => open(m, day)}
                    disabled={!can(m.id, day).change}
                    data-testid={`team-row-${m.id}`}
                  >
                    <Group justify="space-between" wrap="nowrap" gap="xs">
                      <Text size="sm" fw={500} truncate>
                        {m.name}
                      </Text>
                      {sick ? (
                        <Badge color="pink" variant="light">
                          {t('availabilityPage.sick')}
                        </Badge>
                      ) : state?.type ? (
                        <Badge
                          color={TYPE_COLORS[state.type]}
                          variant={state.fromDefault ? 'outline' : 'light'}
                          c="dark.7"
                        >
                          {t(`roster.availability.${state.type}`)}
                          {state.start && state.end ? ` ${state.start}–${state.end}` : ''}
                        </Badge>
                      ) : (
                        <Badge color="gray" variant="outline">
                          {t('availabilityPage.notEntered')}
                        </Badge>
                      )}
                    </Group>
                    {state?.note && (
                      <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                        {state.note}
                      </Text>
                    )}
                  </UnstyledButton>
                </Box>
              );
            })}
          </Stack>
        </Stack>
      ) : (
        <Box
          className="availability-grid-wrap"
          data-testid="team-availability-grid"
          data-fetching={overview.isFetching || undefined}
        >
          <table className="availability-grid">
            <caption className="visually-hidden">{t('availabilityPage.gridCaption')}</caption>
            <thead>
              <tr>
                <th scope="col" className="availability-name">
                  {t('availabilityPage.person')}
                </th>
                {days.map((d) => (
                  <th
                    scope="col"
                    key={d}
                    data-today={d === today || undefined}
                    data-weekend={[0, 6].includes(dayjs(d).day()) || undefined}
                  >
                    <span className="availability-weekday">{dayjs(d).locale(lang).format('dd')}</span>
                    <span>{dayjs(d).date()}</span>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {members.map((m) => (
                <tr key={m.id} data-testid={`team-row-${m.id}`}>
                  <th scope="row" className="availability-name">
                    <Tooltip
                      label={t('availabilityPage.missingDays', { name: m.name, count: m.missing })}
                      disabled={m.missing === 0}
                    >
                      <span>
                        {m.name}
                        {m.entersAvailability && m.missing > 0 && (
                          <span
                            className="availability-missing-dot"
                            role="img"
                            aria-label={t('availabilityPage.missingDays', { name: m.name, count: m.missing })}
                          />
                        )}
                      </span>
                    </Tooltip>
                  </th>
                  {days.map((d) => (
                    <td key={d} data-today={d === today || undefined}>
                      {can(m.id, d).change ? (
                        <button
                          type="button"
                          className="availability-cell-button"
                          onClick={() => open(m, d)}
                          data-testid={`cell-${m.id}-${d}`}
                        >
                          <Cell state={stateOf?.(m.id, d) as DayState} sick={sickOn(m.id, d)} label={labelOf(m, d)} />
                        </button>
                      ) : (
                        <Cell state={stateOf?.(m.id, d) as DayState} sick={sickOn(m.id, d)} label={labelOf(m, d)} />
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </Box>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={
          editing ? `${editing.member.name} · ${dayjs(editing.date).locale(lang).format('dddd, D MMMM YYYY')}` : ''
        }
        fullScreen={narrow}
      >
        {editing && (
          <EntryEditor
            key={`${editing.member.id}${editing.date}`}
            initial={initial}
            count={1}
            saving={save.isPending}
            removing={remove.isPending}
            onCancel={() => setEditing(null)}
            onRemove={
              can(editing.member.id, editing.date).remove
                ? () => remove.mutate({ member: editing.member.id, date: editing.date })
                : undefined
            }
            onSave={(values, form) => {
              formRef.current = form;
              save.mutate({
                membership: editing.member.id,
                dates: [editing.date],
                type: values.type,
                start: values.start || null,
                end: values.end || null,
                note: values.note,
              });
            }}
          />
        )}
      </Modal>
    </Stack>
  );
}

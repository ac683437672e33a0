import type { AvailabilityOverviewResponse } from '@app/contracts';
import { availabilityAbilitiesOf, sicknessCovers, todayIn } from '@app/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../../app/api';
import type { FieldErrorTarget } from '../../../app/errorHandling';
import { notify } from '../../../app/notify';
import { useSession } from '../../../app/session';
import { useLang } from '../../../app/useLang';
import { useNarrowLayout } from '../../../app/viewport';
import { formatWeekdayDate } from '../../../ui/format';
import { dutiesQuery, locationsQuery, tagsQuery } from '../../catalog/api';
import { availabilityCalls, availabilityKeys, handleInvalid, overviewQuery } from '../api';
import type { EntryValues } from '../EntryEditor';
import { dayEntry, daysOf, monthRange, stateIndex } from '../model';
import { useEditScopes } from '../useEditScopes';

type Member = AvailabilityOverviewResponse['members'][number];

/**
 * The planner's availability view's state: the location, month (or day on a phone) and filters, the overview read
 * for them, what the planner may change per person and date, and the entry being edited with its writes.
 */
export function useTeamAvailability() {
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
    return `${m.name}, ${formatWeekdayDate(date, lang)}: ${what}`;
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
  return {
    t,
    lang,
    narrow,
    today,
    locations,
    duties,
    tags,
    location,
    setLocation,
    month,
    day,
    setDay,
    duty,
    setDuty,
    tag,
    setTag,
    onlyMissing,
    setOnlyMissing,
    editing,
    setEditing,
    range,
    overview,
    data,
    stateOf,
    can,
    members,
    missing,
    days,
    sickOn,
    labelOf,
    shiftMonth,
    formRef,
    save,
    remove,
    locationOptions,
    initial,
    open,
  };
}

export type TeamAvailabilityState = ReturnType<typeof useTeamAvailability>;

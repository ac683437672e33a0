import 'dayjs/locale/de';
import 'dayjs/locale/nl';
import 'dayjs/locale/pl';
import '@mantine/dates/styles.layer.css';
import {
  NOTE_MAX_LENGTH,
  VACATION_COMPENSATIONS,
  VACATION_DURATIONS,
  type VacationCompensation,
  VacationCreateRequest,
  type VacationDuration,
  type VacationRequest,
  VacationUpdateRequest,
} from '@app/contracts';
import {
  daysLeftAfter,
  firstVacationDay,
  mayDecideVacation,
  mayTakePartDay,
  memberFromInit,
  todayIn,
  vacationDatesProblems,
} from '@app/domain';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  SegmentedControl,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang, usePathTo } from '../../app/useLang';
import { calendarAriaLabels } from '../../ui/calendarLabels';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { usePickerIds } from '../../ui/usePickerIds';
import { useSchemaForm } from '../../ui/useSchemaForm';
import {
  createVacation,
  holidaysOfYearQuery,
  personBalanceQuery,
  teamBalancesQuery,
  updateVacation,
  vacationKeys,
  vacationPreviewQuery,
} from './api';
import { wordConflict } from './conflicts';
import './vacation.css';
import { formatDay, formatDays, formatMinutes } from './format';
import { useThisYear } from './parts';

interface Values {
  membership: string;
  /** One date (one tap in the picker) or a range of dates. */
  span: 'oneDay' | 'range';
  range: [string | null, string | null];
  duration: VacationDuration;
  compensation: VacationCompensation;
  note: string;
}

/** A new vacation request: the dates, full or half day, how it is paid, a note; the days it counts, as it is made. */
export default function VacationNewPage() {
  const { t } = useTranslation();
  return (
    <Stack gap="lg" data-testid="vacation-new-page">
      <PageTitle
        title={t('vacation.newTitle')}
        right={<RouteLink route="vacation">{t('vacation.backToList')}</RouteLink>}
      />
      <VacationForm />
    </Stack>
  );
}

/**
 * The request form, for a new request or (with `editing`) for changing a pending one before a decision: the same
 * fields and the same live count; `onDone` closes it after saving or on cancel.
 */
export function VacationForm({ editing, onDone }: { editing?: VacationRequest; onDone?: () => void }) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  const lang = useLang();
  const init = useSession();
  const member = memberFromInit(init);
  const decider = mayDecideVacation(member);
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const queryClient = useQueryClient();
  const year = useThisYear();
  // The days one may ask for and the part-day rule are the request's own rules (`vacationDatesProblems`).
  const today = todayIn(init.account.settings.timeZone);
  const firstDay = firstVacationDay(member, today);
  const people = useQuery({ ...teamBalancesQuery(year), enabled: decider });
  // A link may name the dates (vacation/new?from=2027-05-03&until=2027-05-05).
  const [search] = useSearchParams();
  const given = (key: string) => {
    const v = search.get(key);
    return v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : null;
  };

  const initialValues: Values = editing
    ? {
        membership: editing.membership,
        span: editing.from === editing.until ? 'oneDay' : 'range',
        range: [editing.from, editing.until],
        duration: editing.duration,
        compensation: editing.compensation,
        note: editing.note ?? '',
      }
    : {
        membership: member.membershipId,
        span: given('from') && !given('until') ? 'oneDay' : 'range',
        range: [given('from'), given('until') ?? given('from')],
        duration: 'full',
        compensation: 'paid',
        note: '',
      };
  // The request the values become, checked by the contract's schema here as the server will.
  const toBody = (v: Values) => {
    const from = v.range[0] ?? undefined;
    const until = (v.span === 'oneDay' ? v.range[0] : v.range[1]) ?? undefined;
    return {
      from,
      until,
      duration: mayTakePartDay({ from: from ?? null, until: until ?? null }) ? v.duration : 'full',
      compensation: v.compensation,
      note: v.note.trim() || null,
      ...(editing ? {} : { membership: v.membership }),
    };
  };
  const { form, body, fieldErrors } = useSchemaForm<Values, VacationCreateRequest>({
    schema: (editing ? VacationUpdateRequest : VacationCreateRequest) as typeof VacationCreateRequest,
    initialValues,
    toBody,
    rename: { from: 'range', until: 'range' },
  });
  const [from, until] = form.values.range;
  const oneDay = mayTakePartDay({ from, until });
  const duration = oneDay ? form.values.duration : 'full';
  const preview = useQuery({
    ...vacationPreviewQuery(form.values.membership, from ?? '', until ?? '', duration),
    enabled: !!from && !!until,
    meta: { handled: () => true },
  });
  // The year's days left (the year the request starts in), and the public holidays the picker marks.
  const year0 = Number((from ?? today).slice(0, 4));
  const balance = useQuery({ ...personBalanceQuery(form.values.membership, year0), meta: { handled: () => true } });
  const holidayYears = useQueries({ queries: [year0, year0 + 1].map((y) => holidaysOfYearQuery(y)) });
  const holidayNames = new Map<string, string>();
  for (const q of holidayYears)
    for (const h of [...(q.data?.public ?? []), ...(q.data?.own ?? [])]) holidayNames.set(h.date, h.name);

  const mutation = useMutation({
    mutationFn: (request: VacationCreateRequest) =>
      editing ? updateVacation(editing.id, request) : createVacation(request),
    onError: wordConflict,
    meta: { form: fieldErrors },
    onSuccess: (saved) => {
      void queryClient.invalidateQueries({ queryKey: vacationKeys.all });
      notify('success', t(editing ? 'vacation.changed' : 'vacation.created'));
      if (editing) onDone?.();
      else navigate(pathTo('vacationRequest', { id: saved.id }));
    },
  });
  // The dates' own rules (the days one may ask for, part days) beside the schema's.
  const submit = form.onSubmit((v) => {
    const request = body(v);
    const problems = vacationDatesProblems(member, request, today);
    const first = [...(problems.from ?? []), ...(problems.until ?? [])][0];
    if (first) form.setFieldError('range', t(first));
    else mutation.mutate(request);
  });
  const left =
    preview.data && balance.data
      ? daysLeftAfter(
          balance.data.balance,
          { days: preview.data.days, compensation: form.values.compensation },
          editing,
        )
      : null;
  const countText =
    preview.data && from && until
      ? [
          t('vacation.count.days', { days: formatDays(preview.data.days, lang) }),
          left !== null && form.values.compensation === 'paid'
            ? t('vacation.count.left', { days: formatDays(left, lang) })
            : null,
        ]
          .filter(Boolean)
          .join(' · ')
      : null;
  const pickerCommon = {
    id: picker.id,
    popoverProps: { id: picker.popoverId, returnFocus: true },
    label: t('vacation.dates'),
    locale: lang,
    firstDayOfWeek: 1 as const,
    withWeekNumbers: true,
    minDate: firstDay ?? '1950-01-01',
    maxDate: '2050-12-31',
    valueFormat: 'DD.MM.YYYY',
    ariaLabels: calendarAriaLabels(t),
    required: true,
    error: form.errors.range,
    description: countText ?? undefined,
    inputWrapperOrder: ['label', 'input', 'description', 'error'] as ('label' | 'input' | 'description' | 'error')[],
    descriptionProps: { 'data-testid': 'vacation-count-inline', 'aria-live': 'polite' } as never,
    getDayProps: (d: string) =>
      ({
        'data-date': d,
        ...(holidayNames.has(d) ? { 'data-holiday': true, title: holidayNames.get(d) } : {}),
      }) as never,
    'data-testid': 'vacation-dates',
  };

  const counted = preview.data?.dates.filter((d) => d.days > 0) ?? [];
  // Every date that does not count says why (a weekend the contract does not have included): nothing is skipped silently.
  const skipped = preview.data?.dates.filter((d) => d.skipped !== null) ?? [];

  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Card withBorder padding="lg">
          <Stack gap="md">
            {decider && !editing && (
              <Select
                label={t('vacation.person')}
                searchable
                data={(people.data?.people ?? []).map((p) => ({ value: p.membership, label: p.name }))}
                {...form.getInputProps('membership')}
                allowDeselect={false}
                data-testid="vacation-person"
              />
            )}
            <Stack gap={6}>
              <SegmentedControl
                aria-label={t('vacation.span.label')}
                fullWidth
                data={[
                  { value: 'oneDay', label: t('vacation.span.oneDay') },
                  { value: 'range', label: t('vacation.span.range') },
                ]}
                value={form.values.span}
                onChange={(v) => {
                  form.setFieldValue('span', v as Values['span']);
                  if (v === 'oneDay' && from) form.setFieldValue('range', [from, from]);
                }}
                data-testid="vacation-span"
              />
              {form.values.span === 'oneDay' ? (
                <DatePickerInput
                  {...pickerCommon}
                  type="default"
                  label={t('vacation.day')}
                  placeholder={t('vacation.dayPlaceholder')}
                  value={from}
                  onChange={(d) => {
                    form.setFieldValue('range', [d, d]);
                    form.clearFieldError('range');
                  }}
                />
              ) : (
                <DatePickerInput
                  {...pickerCommon}
                  type="range"
                  allowSingleDateInRange
                  placeholder={t('vacation.datesPlaceholder')}
                  value={form.values.range}
                  onChange={(r) => {
                    form.setFieldValue('range', r);
                    form.clearFieldError('range');
                  }}
                />
              )}
              {holidayNames.size > 0 && (
                <Text size="xs" c="dimmed" className="vacation-holiday-legend">
                  {t('vacation.holidayLegend')}
                </Text>
              )}
            </Stack>
            <Stack gap={4}>
              <Text size="sm" fw={500} id="vacation-duration-label">
                {t('vacation.duration')}
              </Text>
              <SegmentedControl
                aria-labelledby="vacation-duration-label"
                fullWidth
                data={VACATION_DURATIONS.map((d) => ({
                  value: d,
                  label: t(`vacation.durations.${d}`),
                  disabled: d !== 'full' && !oneDay,
                }))}
                value={duration}
                onChange={(v) => form.setFieldValue('duration', v as VacationDuration)}
                data-testid="vacation-duration"
              />
              {!oneDay && (
                <Text size="xs" c="dimmed">
                  {t('vacation.partDayHint')}
                </Text>
              )}
            </Stack>
            <Select
              label={t('vacation.compensation')}
              data={VACATION_COMPENSATIONS.map((c) => ({ value: c, label: t(`vacation.compensations.${c}`) }))}
              allowDeselect={false}
              {...form.getInputProps('compensation')}
              data-testid="vacation-compensation"
            />
            <Textarea
              label={t('vacation.note')}
              maxLength={NOTE_MAX_LENGTH}
              autosize
              minRows={2}
              {...form.getInputProps('note')}
              data-testid="vacation-note"
            />
            {countText && (
              <Text size="sm" fw={500} ta="right" data-testid="vacation-send-summary">
                {countText}
              </Text>
            )}
            <Group justify="flex-end">
              {editing && (
                <Button variant="default" onClick={onDone} data-testid="vacation-edit-cancel">
                  {t('vacation.cancelChange')}
                </Button>
              )}
              <Button type="submit" loading={mutation.isPending} data-testid="vacation-submit">
                {editing ? t('vacation.saveChange') : t('vacation.submit')}
              </Button>
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg" data-testid="vacation-preview">
          <Title order={4} mb="sm">
            {t('vacation.preview.title')}
          </Title>
          {!from || !until ? (
            <Text c="dimmed" size="sm">
              {t('vacation.preview.pick')}
            </Text>
          ) : preview.isPending ? (
            <Skeleton h={80} />
          ) : preview.isError ? (
            <Alert color="red">{t('vacation.loadFailed')}</Alert>
          ) : (
            <Stack gap="sm">
              <Group gap="xl">
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('vacation.preview.days')}
                  </Text>
                  <Text fw={700} size="xl" data-testid="vacation-preview-days">
                    {formatDays(preview.data.days, lang)}
                  </Text>
                </Stack>
                <Stack gap={0}>
                  <Text size="xs" c="dimmed">
                    {t('vacation.preview.hours')}
                  </Text>
                  <Text fw={700} size="xl">
                    {formatMinutes(preview.data.minutes)}
                  </Text>
                </Stack>
              </Group>
              {preview.data.days === 0 && <Alert color="orange">{t('vacation.errors.noDays')}</Alert>}
              {counted.length > 0 && (
                <List size="sm" spacing={2}>
                  {counted.map((d) => (
                    <List.Item key={d.date}>
                      {formatDay(d.date, lang)} · {formatDays(d.days, lang)}
                    </List.Item>
                  ))}
                </List>
              )}
              {skipped.length > 0 && (
                <Stack gap={2} data-testid="vacation-preview-skipped">
                  {skipped.map((d) => (
                    <Text key={d.date} size="sm" c="dimmed">
                      {formatDay(d.date, lang)}:{' '}
                      {d.holiday ? t('vacation.preview.holiday', { name: d.holiday }) : t(`vacation.skip.${d.skipped}`)}
                    </Text>
                  ))}
                </Stack>
              )}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
    </form>
  );
}

import {
  BREAK_OPTIONS,
  PROJECT_LINES_MAX,
  PROJECT_PEOPLE_MAX,
  type Project,
  ProjectCreate,
  RECURRENCE_DAYS,
  RECURRENCE_FREQUENCIES,
  RECURRENCE_INTERVAL_MAX,
  RECURRENCE_POSITIONS,
  type Recurrence,
} from '@app/contracts';
import { todayIn } from '@app/domain';
import {
  ActionIcon,
  Button,
  Card,
  Chip,
  Group,
  NumberInput,
  SegmentedControl,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { serverNow } from '../../app/serverClock';
import { useAccess, useSession } from '../../app/session';
import { confirmAsync } from '../../ui/confirm';
import { DateField } from '../../ui/DateField';
import { formatWeekday } from '../../ui/format';
import { MoneyInput } from '../../ui/MoneyInput';
import { centsToText, textToCents } from '../../ui/money';
import { useLang } from '../../ui/useLang';
import { dutiesQuery, locationsQuery } from '../catalog/api';
import { resourcesQuery } from '../resources/api';
import { SettingsForm } from '../settings/SettingsForm';
import { afterClientsChange, clientsQuery, createProject, updateProject } from './api';

/** "day" in the weekday field of a monthly rule: the last day of the month (only with "last"). */
const MONTH_DAY = 'day';

const lineOf = () => ({
  from: '08:00',
  until: '16:00',
  break: '30',
  people: 1,
  dutyId: null as string | null,
  resourceId: null as string | null,
});

/** The RRULE weekday of a calendar date (YYYY-MM-DD). */
const weekdayOf = (date: string) => RECURRENCE_DAYS[(new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7];

/** The form's values of a project, or of a new one starting today (in the account's zone) on today's weekday. */
function valuesOf(p: Project | null, lang: string, clientId: string | null, today: string) {
  const r = p?.recurrence;
  const monthly = r && (r.frequency === 'monthly' || r.frequency === 'yearly');
  return {
    name: p?.name ?? '',
    code: p?.code ?? '',
    clientId: p?.clientId ?? clientId,
    locationId: p?.locationId ?? (null as string | null),
    type: p?.type ?? 'ongoing',
    startDate: p?.startDate ?? (today as string | null),
    endDate: p?.endDate ?? (null as string | null),
    budget: centsToText(p?.budgetCents, lang),
    schedule: p
      ? p.schedule.map((l) => ({ ...l, break: String(l.break), resourceId: l.resourceId ?? null }))
      : [lineOf()],
    frequency: r?.frequency ?? 'weekly',
    interval: r?.interval ?? 1,
    weekdays: r && r.frequency === 'weekly' ? [...r.weekdays] : [weekdayOf(today)],
    position: monthly && r.position !== null ? String(r.position) : '',
    monthWeekday: (monthly ? (r.weekdays[0] ?? MONTH_DAY) : 'MO') as string,
    travelAllowance: centsToText(p?.travelAllowanceCents, lang),
    applyPremiums: p?.applyPremiums ?? true,
    overrideRate: centsToText(p?.overrideRateCents, lang),
    travelRoles: p?.travelRoles ?? false,
  };
}
type Values = ReturnType<typeof valuesOf>;

/** The recurrence the form's fields stand for. */
function recurrenceOf(v: Values): Recurrence {
  const frequency = v.frequency as Recurrence['frequency'];
  if (frequency === 'weekly') return { frequency, interval: v.interval, weekdays: v.weekdays as never, position: null };
  if (frequency === 'monthly' || frequency === 'yearly') {
    const position = v.position === '' ? null : (Number(v.position) as Recurrence['position']);
    const weekdays = position !== null && v.monthWeekday !== MONTH_DAY ? [v.monthWeekday] : [];
    return { frequency, interval: v.interval, weekdays: weekdays as never, position };
  }
  return { frequency, interval: frequency === 'once' ? 1 : v.interval, weekdays: [], position: null };
}

const toBody = (v: Values) =>
  ({
    name: v.name,
    code: v.code.trim() === '' ? null : v.code,
    clientId: v.clientId,
    locationId: v.locationId,
    type: v.type,
    startDate: v.startDate,
    endDate: v.endDate,
    budgetCents: textToCents(v.budget),
    schedule: v.schedule.map((l) => ({ ...l, break: Number(l.break) })),
    recurrence: recurrenceOf(v),
    travelAllowanceCents: textToCents(v.travelAllowance),
    applyPremiums: v.applyPremiums,
    overrideRateCents: textToCents(v.overrideRate),
    travelRoles: v.travelRoles,
  }) as ProjectCreate;

/** Weekday names in the member's language, Monday first (2024-01-01 was a Monday). */
const dayNames = (lang: string, width: 'short' | 'long') =>
  RECURRENCE_DAYS.map((_, i) => formatWeekday(`2024-01-0${i + 1}`, lang, width));

/**
 * A project (docs/product/clients.md): client and planning, dates and budget, the weekly schedule (shift lines with
 * times and people), the recurrence, and what invoicing needs (travel allowance, premiums, override rate). Saving a
 * new schedule that touches staffed duties asks first (ERR_PROJECT_STAFFED) and is sent again once confirmed.
 */
export function ProjectForm({
  project,
  clientId = null,
  onSaved,
  extra,
}: {
  project: Project | null;
  clientId?: string | null;
  onSaved: (saved: Project) => void;
  extra?: ReactNode;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const clients = useQuery(clientsQuery('', false));
  const locations = useQuery(locationsQuery);
  const duties = useQuery(dutiesQuery);
  // The vehicles a shift line may carry: with the resources module only (its API refuses otherwise).
  const withResources = useAccess().modules.includes('resources');
  const today = todayIn(useSession().account.settings.timeZone, serverNow());
  const resources = useQuery({ ...resourcesQuery('', false), enabled: withResources });
  const short = dayNames(lang, 'short');
  const long = dayNames(lang, 'long');

  const clientOptions = (clients.data ?? []).map((c) => ({ value: c.id, label: c.name }));
  if (project && !clientOptions.some((c) => c.value === project.clientId))
    clientOptions.push({ value: project.clientId, label: project.clientName });
  const locationOptions = (locations.data ?? [])
    .filter((l) => l.status !== 'archived' || l.id === project?.locationId)
    .map((l) => ({ value: l.id, label: l.name }));
  const dutyOptions = (duties.data ?? []).filter((d) => !d.trashed).map((d) => ({ value: d.id, label: d.name }));
  const resourceOptions = (resources.data ?? []).map((r) => ({ value: r.id, label: r.name }));

  const save = async (body: ProjectCreate) => {
    if (!project) return createProject(body);
    try {
      return await updateProject(project.id, body);
    } catch (error) {
      if (!isApiError(error) || error.code !== 'ERR_PROJECT_STAFFED') throw error;
      const ok = await confirmAsync({
        title: t('projects.staffedTitle'),
        message: t('errors.ERR_PROJECT_STAFFED', { count: Number(error.body?.data?.count ?? 0) }),
        confirm: t('projects.staffedConfirm'),
        testId: 'project-staffed-question',
      });
      return ok ? updateProject(project.id, { ...body, confirmed: true }) : undefined;
    }
  };

  return (
    <SettingsForm<Values, ProjectCreate, Project>
      bare
      alwaysSavable={!project}
      extra={extra}
      schema={ProjectCreate}
      initial={valuesOf(project, lang, clientId, today)}
      toValue={toBody}
      save={save}
      fromSaved={(saved) => valuesOf(saved, lang, null, today)}
      onSaved={(saved) => {
        afterClientsChange();
        onSaved(saved);
      }}
      testId="project-form"
    >
      {(form) => (
        <Stack gap="lg">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={t('projects.name')} required data-testid="project-name" {...form.getInputProps('name')} />
            <TextInput label={t('projects.code')} data-testid="project-code" {...form.getInputProps('code')} />
            <Select
              label={t('projects.client')}
              required
              searchable
              data={clientOptions}
              data-testid="project-client"
              {...form.getInputProps('clientId')}
            />
            <Select
              label={t('projects.location')}
              required
              searchable
              data={locationOptions}
              data-testid="project-location"
              {...form.getInputProps('locationId')}
            />
          </SimpleGrid>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="project-type-label">
              {t('projects.type')}
            </Text>
            <SegmentedControl
              aria-labelledby="project-type-label"
              data={[
                { value: 'ongoing', label: t('projects.types.ongoing') },
                { value: 'temporary', label: t('projects.types.temporary') },
              ]}
              {...form.getInputProps('type')}
            />
            <Text size="xs" c="dimmed">
              {form.values.type === 'ongoing' ? t('projects.ongoingHint') : t('projects.temporaryHint')}
            </Text>
          </Stack>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <DateField
              label={t('projects.startDate')}
              required
              clearable={false}
              data-testid="project-start"
              {...form.getInputProps('startDate')}
              value={form.values.startDate}
            />
            <DateField
              label={t('projects.endDate')}
              required={form.values.type === 'temporary'}
              data-testid="project-end"
              {...form.getInputProps('endDate')}
              value={form.values.endDate}
            />
            <MoneyInput
              label={t('projects.budget')}
              {...form.getInputProps('budget')}
              error={form.errors.budgetCents ?? form.errors.budget}
            />
          </SimpleGrid>

          <Stack gap="xs">
            <Group justify="space-between">
              <Title order={2} size="h5">
                {t('projects.schedule')}
              </Title>
              <Button
                size="xs"
                variant="light"
                leftSection={<IconPlus size={14} aria-hidden />}
                disabled={form.values.schedule.length >= PROJECT_LINES_MAX}
                onClick={() => form.insertListItem('schedule', lineOf())}
                data-testid="project-line-add"
              >
                {t('projects.addLine')}
              </Button>
            </Group>
            {form.values.schedule.map((_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines are positions in the form
              <Card key={i} withBorder padding="sm" radius="md" data-testid="project-line">
                <Group align="flex-start" wrap="nowrap" gap="xs">
                  <SimpleGrid cols={{ base: 2, sm: 5 }} style={{ flex: 1 }}>
                    <TimeInput
                      label={t('projects.from')}
                      required
                      data-testid="project-line-from"
                      {...form.getInputProps(`schedule.${i}.from`)}
                    />
                    <TimeInput
                      label={t('projects.until')}
                      required
                      data-testid="project-line-until"
                      {...form.getInputProps(`schedule.${i}.until`)}
                    />
                    <Select
                      label={t('projects.break')}
                      data={BREAK_OPTIONS.map((b) => ({
                        value: String(b),
                        label: t('projects.minutes', { count: b }),
                      }))}
                      allowDeselect={false}
                      {...form.getInputProps(`schedule.${i}.break`)}
                    />
                    <NumberInput
                      label={t('projects.people')}
                      min={1}
                      max={PROJECT_PEOPLE_MAX}
                      allowDecimal={false}
                      required
                      data-testid="project-line-people"
                      {...form.getInputProps(`schedule.${i}.people`)}
                    />
                    <Select
                      label={t('projects.duty')}
                      placeholder={t('projects.anyDuty')}
                      clearable
                      data={dutyOptions}
                      {...form.getInputProps(`schedule.${i}.dutyId`)}
                    />
                    {withResources && (
                      <Select
                        label={t('projects.vehicle')}
                        placeholder={t('projects.noVehicle')}
                        clearable
                        data={resourceOptions}
                        data-testid="project-line-vehicle"
                        {...form.getInputProps(`schedule.${i}.resourceId`)}
                      />
                    )}
                  </SimpleGrid>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    mt={24}
                    disabled={form.values.schedule.length <= 1}
                    aria-label={t('projects.removeLine')}
                    onClick={() => form.removeListItem('schedule', i)}
                  >
                    <IconTrash size={16} aria-hidden />
                  </ActionIcon>
                </Group>
              </Card>
            ))}
            <Text size="xs" c="dimmed">
              {t('projects.scheduleHint')}
            </Text>
          </Stack>

          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('projects.recurrence')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <Select
                label={t('projects.frequency')}
                data={RECURRENCE_FREQUENCIES.map((f) => ({ value: f, label: t(`projects.frequencies.${f}`) }))}
                allowDeselect={false}
                data-testid="project-frequency"
                {...form.getInputProps('frequency')}
              />
              {form.values.frequency !== 'once' && (
                <NumberInput
                  label={t('projects.interval')}
                  description={t(`projects.intervalUnit.${form.values.frequency}`)}
                  min={1}
                  max={RECURRENCE_INTERVAL_MAX}
                  allowDecimal={false}
                  data-testid="project-interval"
                  {...form.getInputProps('interval')}
                />
              )}
            </SimpleGrid>
            {form.values.frequency === 'weekly' && (
              <Chip.Group multiple {...form.getInputProps('weekdays')}>
                <Group gap={6} role="group" aria-label={t('projects.weekdays')} data-testid="project-weekdays">
                  {RECURRENCE_DAYS.map((d, i) => (
                    <Chip key={d} value={d} size="sm" aria-label={long[i]}>
                      {short[i]}
                    </Chip>
                  ))}
                </Group>
              </Chip.Group>
            )}
            {(form.values.frequency === 'monthly' || form.values.frequency === 'yearly') && (
              <SimpleGrid cols={{ base: 1, sm: 2 }}>
                <Select
                  label={t('projects.on')}
                  data={[
                    { value: '', label: t('projects.sameDay') },
                    ...RECURRENCE_POSITIONS.map((p) => ({ value: String(p), label: t(`projects.positions.${p}`) })),
                  ]}
                  allowDeselect={false}
                  {...form.getInputProps('position')}
                />
                {form.values.position !== '' && (
                  <Select
                    label={t('projects.weekday')}
                    data={[
                      ...RECURRENCE_DAYS.map((d, i) => ({ value: d, label: long[i] })),
                      ...(form.values.position === '-1' ? [{ value: MONTH_DAY, label: t('projects.dayOfMonth') }] : []),
                    ]}
                    allowDeselect={false}
                    {...form.getInputProps('monthWeekday')}
                  />
                )}
              </SimpleGrid>
            )}
          </Stack>

          <Stack gap="xs">
            <Title order={2} size="h5">
              {t('projects.invoicing')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }}>
              <MoneyInput
                label={t('projects.travelAllowance')}
                {...form.getInputProps('travelAllowance')}
                error={form.errors.travelAllowanceCents ?? form.errors.travelAllowance}
              />
              <MoneyInput
                label={t('projects.overrideRate')}
                description={t('projects.overrideRateHint')}
                {...form.getInputProps('overrideRate')}
                error={form.errors.overrideRateCents ?? form.errors.overrideRate}
              />
            </SimpleGrid>
            <Switch
              label={t('projects.applyPremiums')}
              {...form.getInputProps('applyPremiums', { type: 'checkbox' })}
            />
            {withResources && (
              <Switch
                label={t('projects.travelRoles')}
                description={t('projects.travelRolesHint')}
                data-testid="project-travel-roles"
                {...form.getInputProps('travelRoles', { type: 'checkbox' })}
              />
            )}
          </Stack>
        </Stack>
      )}
    </SettingsForm>
  );
}

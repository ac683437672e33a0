import { BREAK_OPTIONS, Shift, ShiftCreate } from '@app/contracts';
import { Badge, Group, MultiSelect, Select, SimpleGrid, Stack, Switch, Text, TextInput } from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { locationsQuery, shiftsQuery } from '../../catalog/api';
import { afterSettingsChange, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const shifts = resource<ShiftCreate, typeof Shift>('/api/shifts', Shift);

function ShiftEditor({ row, done, deleteButton }: EditorProps<Shift>) {
  const { t } = useTranslation();
  const locations = useQuery(locationsQuery);
  const options = (locations.data ?? [])
    .filter((l) => l.status === 'active' || l.status === 'inactive' || row?.locationIds.includes(l.id))
    .map((l) => ({ value: l.id, label: l.name }));
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={ShiftCreate}
      initial={{
        identifier: row?.identifier ?? '',
        name: row?.name ?? '',
        start: row?.start ?? '08:00',
        end: row?.end ?? '16:00',
        break: String(row?.break ?? 30),
        locationIds: row?.locationIds ?? (options.length === 1 ? [options[0].value] : []),
        trashed: row?.trashed ?? false,
      }}
      toValue={(f) => ({ ...f, break: Number(f.break) }) as ShiftCreate}
      save={(v) => (row ? shifts.update(row.id, v) : shifts.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="shift-form"
    >
      {(form) => (
        <Stack gap="md">
          <SimpleGrid cols={2}>
            <TextInput
              label={t('settings.shifts.identifier')}
              required
              maxLength={5}
              data-testid="shift-identifier"
              {...form.getInputProps('identifier')}
            />
            <TextInput
              label={t('settings.shifts.name')}
              required
              data-testid="shift-name"
              {...form.getInputProps('name')}
            />
          </SimpleGrid>
          <SimpleGrid cols={3}>
            <TimeInput
              label={t('settings.shifts.start')}
              required
              data-testid="shift-start"
              {...form.getInputProps('start')}
            />
            <TimeInput
              label={t('settings.shifts.end')}
              required
              data-testid="shift-end"
              {...form.getInputProps('end')}
            />
            <Select
              label={t('settings.shifts.break')}
              data={BREAK_OPTIONS.map((b) => ({ value: String(b), label: t('settings.minutes', { count: b }) }))}
              allowDeselect={false}
              {...form.getInputProps('break')}
            />
          </SimpleGrid>
          <Text size="xs" c="dimmed">
            {t('settings.shifts.overnightHint')}
          </Text>
          <MultiSelect
            label={t('settings.shifts.locations')}
            description={t('settings.shifts.locationsHint')}
            data={options}
            required
            searchable
            data-testid="shift-locations"
            {...form.getInputProps('locationIds')}
          />
          {row && (
            <Switch
              label={t('settings.trashed')}
              description={t('settings.shifts.trashedHint')}
              {...form.getInputProps('trashed', { type: 'checkbox' })}
            />
          )}
        </Stack>
      )}
    </SettingsForm>
  );
}

/** Shifts: named time windows (F, M, S) with a break, offered at some plannings (at least one). */
export default function ShiftsSection() {
  const { t } = useTranslation();
  const locations = useQuery(locationsQuery);
  const names = new Map((locations.data ?? []).map((l) => [l.id, l.name]));
  return (
    <EntityList<Shift>
      testId="shifts"
      query={shiftsQuery}
      nameOf={(s) => s.name}
      searchText={(s) => `${s.identifier} ${s.name}`}
      newLabel={t('settings.shifts.new')}
      emptyText={t('settings.shifts.empty')}
      remove={(s) => shifts.remove(s.id)}
      inUseHint={t('settings.shifts.inUseHint')}
      dimmed={(s) => s.trashed}
      Editor={ShiftEditor}
      columns={[
        {
          key: 'name',
          label: t('settings.shifts.name'),
          render: (s) => (
            <Group gap={6} wrap="wrap">
              <Text fw={600} size="sm">
                {s.identifier}
              </Text>
              <Text size="sm">{s.name}</Text>
              {s.trashed && (
                <Badge size="xs" color="gray" variant="default">
                  {t('settings.inTrash')}
                </Badge>
              )}
            </Group>
          ),
        },
        {
          key: 'times',
          label: t('settings.shifts.times'),
          render: (s) => `${s.start}–${s.end} · ${t('settings.minutes', { count: s.break })}`,
        },
        {
          key: 'locations',
          label: t('settings.shifts.locations'),
          wide: true,
          render: (s) => s.locationIds.map((id) => names.get(id) ?? '').join(', '),
        },
      ]}
    />
  );
}

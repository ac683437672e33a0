import { Premium, PremiumInput } from '@app/contracts';
import {
  Badge,
  Checkbox,
  Chip,
  Group,
  MultiSelect,
  NumberInput,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  TextInput,
} from '@mantine/core';
import { TimeInput } from '@mantine/dates';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { tagsQuery } from '../../catalog/api';
import { afterSettingsChange, premiumsListQuery, resource } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';

const premiums = resource<PremiumInput, typeof Premium>('/api/premiums', Premium);
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

function PremiumEditor({ row, done, deleteButton }: EditorProps<Premium>) {
  const { t } = useTranslation();
  const tags = useQuery(tagsQuery);
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={PremiumInput}
      initial={{
        name: row?.name ?? '',
        percent: row?.percent ?? 25,
        weekdays: (row?.weekdays ?? []).map(String),
        window: row ? row.from !== null : false,
        from: row?.from ?? '22:00',
        until: row?.until ?? '06:00',
        tagIds: row?.tagIds ?? [],
        holidays: row?.holidays ?? false,
        active: row?.active ?? true,
      }}
      toValue={({ window, weekdays, from, until, ...rest }) =>
        ({
          ...rest,
          weekdays: weekdays.map(Number),
          from: window ? from || null : null,
          until: window ? until || null : null,
        }) as PremiumInput
      }
      save={(v) => (row ? premiums.update(row.id, v) : premiums.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="premium-form"
    >
      {(form) => (
        <Stack gap="md">
          <TextInput
            label={t('settings.premiums.name')}
            required
            data-testid="premium-name"
            {...form.getInputProps('name')}
          />
          <NumberInput
            label={t('settings.premiums.percent')}
            suffix=" %"
            min={1}
            max={500}
            allowDecimal={false}
            w={160}
            {...form.getInputProps('percent')}
          />
          <Text size="sm" c="dimmed">
            {t('settings.premiums.basisHint')}
          </Text>
          <Stack gap={4}>
            <Text size="sm" fw={500} id="premium-days">
              {t('settings.premiums.weekdays')}
            </Text>
            <Chip.Group multiple {...form.getInputProps('weekdays')}>
              <Group gap={6} role="group" aria-labelledby="premium-days">
                {WEEKDAYS.map((d) => (
                  <Chip key={d} value={String(d)} size="sm" data-testid={`premium-day-${d}`}>
                    {t(`settings.weekdaysShort.${d}`)}
                  </Chip>
                ))}
              </Group>
            </Chip.Group>
            {form.errors.weekdays && (
              <Text size="xs" c="red" data-testid="premium-basis-error">
                {form.errors.weekdays}
              </Text>
            )}
          </Stack>
          <Switch label={t('settings.premiums.window')} {...form.getInputProps('window', { type: 'checkbox' })} />
          {form.values.window && (
            <SimpleGrid cols={2}>
              <TimeInput label={t('settings.premiums.from')} {...form.getInputProps('from')} />
              <TimeInput label={t('settings.premiums.until')} {...form.getInputProps('until')} />
            </SimpleGrid>
          )}
          <MultiSelect
            label={t('settings.premiums.tags')}
            description={t('settings.premiums.tagsHint')}
            data={(tags.data ?? []).map((tag) => ({ value: tag.id, label: tag.name }))}
            searchable
            {...form.getInputProps('tagIds')}
          />
          <Checkbox label={t('settings.premiums.holidays')} {...form.getInputProps('holidays', { type: 'checkbox' })} />
          <Switch label={t('settings.premiums.active')} {...form.getInputProps('active', { type: 'checkbox' })} />
        </Stack>
      )}
    </SettingsForm>
  );
}

/** Premiums: surcharges by weekdays, a time window, tags or holidays. */
export default function PremiumsSection() {
  const { t } = useTranslation();
  const tags = useQuery(tagsQuery);
  const tagNames = new Map((tags.data ?? []).map((tag) => [tag.id, tag.name]));
  const basis = (p: Premium) =>
    [
      p.weekdays.length ? p.weekdays.map((d) => t(`settings.weekdaysShort.${d}`)).join(', ') : null,
      p.from ? `${p.from}–${p.until}` : null,
      p.tagIds.length ? p.tagIds.map((id) => tagNames.get(id) ?? '').join(', ') : null,
      p.holidays ? t('settings.premiums.onHolidays') : null,
    ]
      .filter(Boolean)
      .join(' · ');
  return (
    <EntityList<Premium>
      testId="premiums"
      query={premiumsListQuery}
      nameOf={(p) => p.name}
      searchText={(p) => p.name}
      newLabel={t('settings.premiums.new')}
      emptyText={t('settings.premiums.empty')}
      remove={(p) => premiums.remove(p.id)}
      dimmed={(p) => !p.active}
      Editor={PremiumEditor}
      columns={[
        {
          key: 'name',
          label: t('settings.premiums.name'),
          render: (p) => (
            <Group gap={6} wrap="wrap">
              <Text size="sm">{p.name}</Text>
              {!p.active && (
                <Badge size="xs" color="gray" variant="default">
                  {t('settings.premiums.inactive')}
                </Badge>
              )}
            </Group>
          ),
        },
        { key: 'percent', label: t('settings.premiums.percent'), render: (p) => `+${p.percent} %` },
        { key: 'basis', label: t('settings.premiums.basis'), wide: true, render: basis },
      ]}
    />
  );
}

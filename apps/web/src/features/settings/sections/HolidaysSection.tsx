import { COUNTRIES, type Country, HolidaySettings, type OwnHoliday, OwnHolidayInput } from '@app/contracts';
import { now } from '@app/domain';
import {
  ActionIcon,
  Badge,
  Card,
  Group,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../../app/useLang';
import { formatWeekdayDate } from '../../../ui/format';
import { usePickerIds } from '../../../ui/usePickerIds';
import { afterSettingsChange, holidaysQuery, ownHolidays, regionsQuery, saveHolidaySettings } from '../api';
import { type EditorProps, EntityList } from '../EntityList';
import { SettingsForm } from '../SettingsForm';
import { SectionSkeleton } from './Loading';

const formatDate = (date: string, locale: string) => formatWeekdayDate(date, locale);

function RegionSelect({ country, ...props }: { country: Country } & Record<string, unknown>) {
  const { t } = useTranslation();
  const regions = useQuery(regionsQuery(country));
  return (
    <Select
      label={t('settings.holidays.region')}
      description={t('settings.holidays.regionHint')}
      placeholder={t('settings.holidays.wholeCountry')}
      data={(regions.data?.regions ?? []).map((r) => ({ value: r.code, label: r.name }))}
      searchable
      clearable
      data-testid="holiday-region"
      {...props}
    />
  );
}

function OwnHolidayEditor({ row, done, deleteButton }: EditorProps<OwnHoliday>) {
  const { t } = useTranslation();
  const picker = usePickerIds();
  return (
    <SettingsForm
      bare
      alwaysSavable={!row}
      extra={deleteButton}
      schema={OwnHolidayInput}
      initial={{ date: row?.date ?? '', name: row?.name ?? '' }}
      save={(v) => (row ? ownHolidays.update(row.id, v) : ownHolidays.create(v))}
      onSaved={() => {
        afterSettingsChange();
        done();
      }}
      testId="holiday-form"
    >
      {(form) => (
        <Stack gap="md">
          <DateInput
            id={picker.id}
            popoverProps={{ id: picker.popoverId }}
            label={t('settings.holidays.date')}
            required
            valueFormat="L"
            data-testid="holiday-date"
            {...form.getInputProps('date')}
          />
          <TextInput
            label={t('settings.holidays.name')}
            required
            data-testid="holiday-name"
            {...form.getInputProps('name')}
          />
        </Stack>
      )}
    </SettingsForm>
  );
}

/** Public holidays of the country and region (date-holidays), and the company's own days off. */
export default function HolidaysSection() {
  const { t } = useTranslation();
  const lang = useLang();
  const [year, setYear] = useState(() => now().getUTCFullYear());
  const query = useQuery(holidaysQuery(year));
  if (!query.data) return <SectionSkeleton rows={3} />;
  const data = query.data;
  const ownQuery = { ...holidaysQuery(year), select: (d: typeof data) => d.own };

  return (
    <Stack gap="md">
      <SettingsForm
        schema={HolidaySettings}
        initial={{ country: data.settings.country, region: data.settings.region }}
        save={saveHolidaySettings}
        fromSaved={(s) => s}
        onSaved={afterSettingsChange}
        testId="settings-holidays"
      >
        {(form) => (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label={t('settings.general.country')}
              data={COUNTRIES.map((c) => ({ value: c, label: t(`settings.countries.${c}`) }))}
              allowDeselect={false}
              {...form.getInputProps('country')}
              onChange={(v) => {
                form.setFieldValue('country', v as Country);
                form.setFieldValue('region', null);
              }}
            />
            <RegionSelect country={form.values.country} {...form.getInputProps('region')} />
          </SimpleGrid>
        )}
      </SettingsForm>

      <Group justify="space-between">
        <Title order={4}>{t('settings.holidays.year', { year })}</Title>
        <Group gap="xs">
          <ActionIcon
            variant="default"
            aria-label={t('settings.holidays.previousYear')}
            onClick={() => setYear(year - 1)}
          >
            <IconChevronLeft size={16} aria-hidden />
          </ActionIcon>
          <ActionIcon variant="default" aria-label={t('settings.holidays.nextYear')} onClick={() => setYear(year + 1)}>
            <IconChevronRight size={16} aria-hidden />
          </ActionIcon>
        </Group>
      </Group>

      <Card withBorder padding="lg" radius="md" data-testid="public-holidays">
        <Title order={5} mb="sm">
          {t('settings.holidays.public')}
        </Title>
        {query.isFetching && !data ? (
          <Skeleton h={120} />
        ) : data.public.length === 0 ? (
          <Text c="dimmed">{t('settings.holidays.nonePublic')}</Text>
        ) : (
          <Table verticalSpacing="xs">
            <Table.Tbody>
              {data.public.map((h) => (
                <Table.Tr key={h.date}>
                  <Table.Td w={180}>{formatDate(h.date, lang)}</Table.Td>
                  <Table.Td>{h.name}</Table.Td>
                  <Table.Td ta="right">
                    {h.type !== 'public' && (
                      <Badge size="xs" variant="light" color="gray">
                        {t(`settings.holidays.types.${h.type}`)}
                      </Badge>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Card>

      <Title order={5}>{t('settings.holidays.own')}</Title>
      <EntityList<OwnHoliday>
        testId="own-holidays"
        query={ownQuery}
        nameOf={(h) => h.name}
        newLabel={t('settings.holidays.new')}
        emptyText={t('settings.holidays.emptyOwn')}
        remove={(h) => ownHolidays.remove(h.id)}
        Editor={OwnHolidayEditor}
        columns={[
          { key: 'date', label: t('settings.holidays.date'), render: (h) => formatDate(h.date, lang) },
          { key: 'name', label: t('settings.holidays.name'), render: (h) => h.name },
        ]}
      />
    </Stack>
  );
}

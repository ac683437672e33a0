import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { RANGES, type Range, type TimesheetState } from './useTimesheet';

/** The period and, for supervisors and billers of several plannings, the planning. */
export function TimesheetFilters({ s }: { s: TimesheetState }) {
  const { t } = useTranslation();
  const { range, setRange, location, setLocation, o } = s;
  if (!o) return null;
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <Select
        label={t('hours.range.label')}
        data={RANGES.map((r) => ({ value: r, label: t(`hours.range.${r}`) }))}
        value={range}
        onChange={(v) => v && setRange(v as Range)}
        allowDeselect={false}
        w={200}
      />
      {(o.may.supervise || o.may.bill) && o.locations.length > 1 && (
        <Select
          label={t('hours.form.location')}
          placeholder={t('hours.allLocations')}
          data={o.locations.map((l) => ({ value: l.id, label: l.name }))}
          value={location}
          onChange={setLocation}
          clearable
          w={220}
        />
      )}
    </Group>
  );
}

import { Card, Group, Select, Switch } from '@mantine/core';
import type { TeamAvailabilityState } from './useTeamAvailability';

/** The location, duty and tag to show, and whether only those who have not entered their availability. */
export function AvailabilityFilters({ a }: { a: TeamAvailabilityState }) {
  const {
    t,
    narrow,
    locationOptions,
    location,
    setLocation,
    duties,
    duty,
    setDuty,
    tags,
    tag,
    setTag,
    onlyMissing,
    setOnlyMissing,
  } = a;
  return (
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
  );
}

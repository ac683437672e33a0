import { Alert, Skeleton, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AvailabilityFilters } from './team/AvailabilityFilters';
import { DayList } from './team/DayList';
import { EntryDialog } from './team/EntryDialog';
import { MissingNotice } from './team/MissingNotice';
import { MonthGrid } from './team/MonthGrid';
import { MonthSwitcher } from './team/MonthSwitcher';
import { useTeamAvailability } from './team/useTeamAvailability';

/**
 * The planner's view: everyone of a location over a month at a glance (who is free on which day), filtered by
 * duty and tag, with who has not entered availability yet; a planner changes someone's day where the account
 * lets them. On a phone it is one day's list instead of the month's grid.
 */
export function TeamAvailability() {
  const { t } = useTranslation();
  const a = useTeamAvailability();
  const { overview, location, members, narrow } = a;

  return (
    <Stack gap="md" data-testid="team-availability">
      <AvailabilityFilters a={a} />
      <MonthSwitcher a={a} />
      <MissingNotice a={a} />
      {overview.isPending && location ? (
        <Skeleton h={240} />
      ) : overview.isError ? (
        <Alert color="red">{t('availabilityPage.loadFailed')}</Alert>
      ) : members.length === 0 ? (
        <Alert color="gray" data-testid="team-availability-empty">
          {t('availabilityPage.nobody')}
        </Alert>
      ) : narrow ? (
        <DayList a={a} />
      ) : (
        <MonthGrid a={a} />
      )}
      <EntryDialog a={a} />
    </Stack>
  );
}

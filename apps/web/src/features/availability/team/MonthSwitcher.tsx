import { ActionIcon, Group, Title } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { formatMonth } from '../../../ui/format';
import type { TeamAvailabilityState } from './useTeamAvailability';

/** The month shown, with the previous and next. */
export function MonthSwitcher({ a }: { a: TeamAvailabilityState }) {
  const { t, lang, month, shiftMonth } = a;
  return (
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
        {formatMonth(month, lang)}
      </Title>
      <ActionIcon variant="default" size="lg" onClick={() => shiftMonth(1)} aria-label={t('availabilityPage.next')}>
        <IconChevronRight size={18} />
      </ActionIcon>
    </Group>
  );
}

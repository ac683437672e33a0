import type { Locale, NextStepsResponse } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDay } from '../notifications/text';

type NextDuty = NextStepsResponse['myNextDuties'][number];

/**
 * One of the overview's next duties as one link to the roster on its day: a block that is tapped whole and read out
 * as one line (day, times, duty, place), named by what it shows.
 */
export function NextDutyLink({ duty, lang }: { duty: NextDuty; lang: Locale }) {
  const { t } = useTranslation();
  const day = formatDay(duty.date, lang);
  const times = duty.from && duty.until ? `${duty.from}–${duty.until}` : t('today.allDay');
  const what = [duty.duty, duty.location.name].filter(Boolean).join(' · ');
  const to = `${localizedPath('rosterLocation', lang, { location: duty.location.id, date: duty.date })}?tab=mine`;
  return (
    <UnstyledButton
      component={Link}
      to={to}
      style={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        gap: '2px 8px',
        minHeight: 44,
        padding: '6px 10px',
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
      }}
      data-testid="next-duty"
    >
      <Text span size="sm" fw={600}>
        {day},
      </Text>
      <Text span size="sm">
        {times}
        {what ? ',' : ''}
      </Text>
      <Text span size="sm" c="gray.7">
        {what}
      </Text>
    </UnstyledButton>
  );
}

import { Popover, Text, UnstyledButton } from '@mantine/core';
import { IconLock, IconLockOpen, IconMessageCircle, IconNote } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRosterView } from './context';
import { DayPanel } from './DayPanel';
import { formatDate } from './format';
import { LabelledIcon } from './ItemCard';
import { formatDuration, isoWeek } from './model';

/**
 * The head of a day: weekday and date (with the week number on the week's first day), released or not, past days
 * dimmed, the day note and comments (opening the day panel), and the planned hours of the day.
 */
export function DayHeader({ date, minutes, showWeek }: { date: string; minutes: number; showWeek: boolean }) {
  const { t } = useTranslation();
  const { data, locale, today } = useRosterView();
  const day = data.days.find((d) => d.date === date);
  const note = data.notes[date];
  const comments = data.comments.filter((c) => c.date === date).length;
  const weekday = formatDate(date, locale, { weekday: 'short' });
  const dayMonth = formatDate(date, locale, { day: 'numeric', month: 'short' });
  return (
    <Popover position="bottom" width={340} shadow="lg" trapFocus withArrow zIndex={240}>
      <Popover.Target>
        <UnstyledButton
          className="roster-day-head"
          data-past={day?.past || undefined}
          data-today={date === today || undefined}
          data-released={day?.released || undefined}
          data-testid={`day-${date}`}
          title={t('roster.day.open')}
        >
          <Text size="xs" c="gray.7" className="roster-day-week">
            {showWeek ? t('roster.weekShort', { week: isoWeek(date) }) : '\u00a0'}
          </Text>
          <Text size="sm" fw={700}>
            {weekday} {dayMonth}
          </Text>
          <span className="roster-day-icons">
            {day?.released ? (
              <LabelledIcon label={t('roster.released')} color="var(--mantine-color-teal-8)">
                <IconLock size={13} aria-hidden />
              </LabelledIcon>
            ) : (
              <LabelledIcon label={t('roster.notReleased')} color="var(--mantine-color-gray-6)">
                <IconLockOpen size={13} aria-hidden />
              </LabelledIcon>
            )}
            {note && (
              <LabelledIcon label={t('roster.day.hasNote')} color="var(--mantine-color-blue-8)">
                <IconNote size={13} aria-hidden />
              </LabelledIcon>
            )}
            {comments > 0 && (
              <LabelledIcon
                label={t('roster.day.commentCount', { count: comments })}
                color="var(--mantine-color-blue-8)"
              >
                <IconMessageCircle size={13} aria-hidden />
                <span aria-hidden className="roster-icon-count">
                  {comments}
                </span>
              </LabelledIcon>
            )}
            <Text span size="xs" c="gray.7" className="roster-day-hours">
              {formatDuration(minutes)} h
            </Text>
          </span>
          {note && (
            <Text size="xs" className="roster-day-note" truncate>
              {note}
            </Text>
          )}
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p="sm" aria-label={t('roster.day.panel')}>
        <DayPanel date={date} />
      </Popover.Dropdown>
    </Popover>
  );
}

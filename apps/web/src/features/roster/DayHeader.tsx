import { Popover, UnstyledButton } from '@mantine/core';
import { IconLock, IconLockOpen, IconMessageCircle, IconNote } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatShortDate, formatWeekday } from '../../ui/format';
import { useRosterView } from './context';
import { DayPanel } from './DayPanel';
import { DayHeadMarks } from './grid/DayHeadMarks';
import { DayWeather } from './grid/DayWeather';
import { LabelledIcon } from './ItemCard';
import { formatDuration, isoWeek } from './model';

/**
 * The head of a day: weekday and date (with the week number on the week's first day), released or not, past days
 * dimmed, the day note and comments (opening the day panel), the planned hours of the day, and the forecast.
 *
 * A month shows 31 heads: the panel's popover is set up on the first click only (it opens at once then), and the
 * head is plain elements.
 */
export function DayHeader({ date, minutes, showWeek }: { date: string; minutes: number; showWeek: boolean }) {
  const { t } = useTranslation();
  const { data, locale, today } = useRosterView();
  const [armed, setArmed] = useState(false);
  const day = data.days.find((d) => d.date === date);
  const note = data.notes[date];
  const comments = data.comments.filter((c) => c.date === date).length;
  const weekday = formatWeekday(date, locale);
  const dayMonth = formatShortDate(date, locale);
  const head = (
    <UnstyledButton
      className="roster-day-head"
      data-past={day?.past || undefined}
      data-today={date === today || undefined}
      data-released={day?.released || undefined}
      data-testid={`day-${date}`}
      title={t('roster.day.open')}
      aria-haspopup="dialog"
      onClick={armed ? undefined : () => setArmed(true)}
    >
      <span className="roster-day-week">{showWeek ? t('roster.weekShort', { week: isoWeek(date) }) : '\u00a0'}</span>
      <span className="roster-day-date">
        {weekday} {dayMonth}
      </span>
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
          <LabelledIcon label={t('roster.day.commentCount', { count: comments })} color="var(--mantine-color-blue-8)">
            <IconMessageCircle size={13} aria-hidden />
            <span aria-hidden className="roster-icon-count">
              {comments}
            </span>
          </LabelledIcon>
        )}
        <span className="roster-day-hours">{formatDuration(minutes)} h</span>
      </span>
      <DayHeadMarks date={date} />
      <DayWeather date={date} />
      {note && <span className="roster-day-note">{note}</span>}
    </UnstyledButton>
  );
  if (!armed) return head;
  return (
    <Popover defaultOpened position="bottom" width={340} shadow="lg" trapFocus withArrow zIndex={240}>
      <Popover.Target>{head}</Popover.Target>
      <Popover.Dropdown p="sm" aria-label={t('roster.day.panel')}>
        <DayPanel date={date} />
      </Popover.Dropdown>
    </Popover>
  );
}

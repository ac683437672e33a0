import { IconConfetti } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useRosterView } from '../context';
import { LabelledIcon } from '../ItemCard';
import { formatCost, gridMarks } from './marks';

/** A day head's holiday (named) and, for those who may read wages, the day's planned cost. */
export function DayHeadMarks({ date }: { date: string }) {
  const { t } = useTranslation();
  const { data, locale } = useRosterView();
  const holiday = gridMarks(data).holidays.get(date);
  const cost = data.cost?.byDay[date];
  if (!holiday && !data.cost) return null;
  return (
    <span className="roster-day-marks">
      {holiday && (
        <span className="roster-day-holiday" data-testid={`holiday-${date}`}>
          <LabelledIcon label={t('roster.leave.holiday')} color="var(--mantine-color-grape-8)">
            <IconConfetti size={13} aria-hidden />
          </LabelledIcon>
          <span className="roster-day-holiday-name">{holiday}</span>
        </span>
      )}
      {data.cost && (
        <span className="roster-day-cost" data-testid={`day-cost-${date}`} title={t('roster.cost.day')}>
          {formatCost(cost ?? 0, locale)}
        </span>
      )}
    </span>
  );
}

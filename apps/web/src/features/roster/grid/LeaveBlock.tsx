import type { RosterResponse } from '@app/contracts';
import { IconBeach, IconFirstAidKit } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { gridMarks } from './marks';

/**
 * A person's absence in their cell of a day (docs/product/roster.md, "Leave and holidays"): vacation and sickness as
 * a block, unavailable and limited availability as shading of the cell with its words for screen readers.
 */
export function LeaveBlock({ data, user, date }: { data: RosterResponse; user: string; date: string }) {
  const { t } = useTranslation();
  const mark = gridMarks(data).absence.get(`${user}|${date}`);
  if (!mark) return null;
  const label = t(`roster.leave.${mark.kind}`) + (mark.window ? ` ${mark.window}` : '');
  if (mark.kind === 'vacation' || mark.kind === 'sick') {
    return (
      <div className="roster-leave" data-kind={mark.kind} data-testid={`leave-${user}-${date}`}>
        {mark.kind === 'vacation' ? <IconBeach size={13} aria-hidden /> : <IconFirstAidKit size={13} aria-hidden />}
        <span>{label}</span>
      </div>
    );
  }
  return (
    <div className="roster-shade" data-kind={mark.kind} data-testid={`leave-${user}-${date}`}>
      <span className="roster-shade-text">{label}</span>
    </div>
  );
}

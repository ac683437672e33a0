import { Badge, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RosterView } from '../context';
import { type GroupRow, NO_GROUP } from './rowView';

/** The name of a group: the duty, the role, or "without duty / role". */
export function groupName(row: GroupRow, data: RosterView['data'], t: (key: string) => string): string {
  if (row.key === NO_GROUP)
    return row.grouping === 'duty' ? t('roster.bigGrid.withoutDuty') : t('roster.bigGrid.withoutRole');
  return row.grouping === 'duty' ? (data.duties[row.key]?.name ?? row.key) : t(`roles.${row.key}`);
}

/** A group's head row (docs/product/roster.md, "A big planning"): its name and size; a click opens or closes it. */
export const GroupHead = memo(function GroupHead({
  row,
  index,
  data,
  start,
  measure,
  onToggle,
}: {
  row: GroupRow;
  index: number;
  data: RosterView['data'];
  start: number;
  measure: (node: Element | null) => void;
  onToggle: (key: string) => void;
}) {
  const { t } = useTranslation();
  const name = groupName(row, data, t);
  const color = row.grouping === 'duty' ? data.duties[row.key]?.color : undefined;
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of a virtualised grid are positioned absolutely; table rows cannot be
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="roster-row roster-group-row"
      data-kind="group"
      data-index={index}
      data-testid={`roster-group-${row.key}`}
      ref={measure}
      style={{ transform: `translateY(${start}px)` }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
      <div role="rowheader" tabIndex={-1} aria-colindex={1} className="roster-group-head">
        <UnstyledButton
          className="roster-group-toggle"
          aria-expanded={!row.collapsed}
          onClick={() => onToggle(row.key)}
        >
          {row.collapsed ? <IconChevronRight size={16} aria-hidden /> : <IconChevronDown size={16} aria-hidden />}
          {color && <span className="roster-swatch" style={{ background: color }} aria-hidden />}
          <span className="roster-group-name">{name}</span>
          <Badge size="sm" variant="light" color="gray" component="span">
            {t('roster.bigGrid.groupCount', { count: row.count })}
          </Badge>
        </UnstyledButton>
      </div>
    </div>
  );
});

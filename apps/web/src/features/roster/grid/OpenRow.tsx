import type { RosterResponse } from '@app/contracts';
import { ActionIcon, Text } from '@mantine/core';
import { IconChevronDown, IconChevronUp } from '@tabler/icons-react';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { dayLabel } from '../format';
import { OPEN_ROW } from '../model';
import { cellId } from './GridCell';

/** The button that collapses or expands the open duties' row (in its head, both ways). */
export function OpenRowToggle({ collapsed, onToggle }: { collapsed: boolean; onToggle: () => void }) {
  const { t } = useTranslation();
  const label = collapsed ? t('roster.bigGrid.openExpand') : t('roster.bigGrid.openCollapse');
  return (
    <ActionIcon
      className="roster-open-toggle"
      variant="subtle"
      color="gray"
      size="sm"
      aria-label={label}
      title={label}
      aria-expanded={!collapsed}
      onClick={onToggle}
      data-testid="roster-open-toggle"
    >
      {collapsed ? <IconChevronDown size={16} aria-hidden /> : <IconChevronUp size={16} aria-hidden />}
    </ActionIcon>
  );
}

/**
 * The open duties' row collapsed (docs/product/roster.md, "A big planning"): one line with the number of open
 * duties per day; a click on a day's number shows the row again. A big planning's open row is otherwise the height
 * of several screens.
 */
export const OpenRowSummary = memo(function OpenRowSummary({
  counts,
  days,
  locale,
  template,
  start,
  measure,
  firstColumn,
  lastColumn,
  onExpand,
}: {
  counts: Map<string, number>;
  days: RosterResponse['days'];
  locale: string;
  template: string;
  start: number;
  measure: (node: Element | null) => void;
  firstColumn: number;
  lastColumn: number;
  onExpand: () => void;
}) {
  const { t } = useTranslation();
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of a virtualised grid are positioned absolutely; table rows cannot be
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={2}
      className="roster-row"
      data-kind="open"
      data-collapsed
      data-index={0}
      data-testid={`roster-row-${OPEN_ROW}`}
      ref={measure}
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)` }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
      <div role="rowheader" tabIndex={-1} aria-colindex={1} style={{ gridColumn: 1 }} className="roster-row-head">
        <Text size="sm" fw={600} truncate>
          {t('roster.openDuties')}
        </Text>
        <Text size="xs" c="gray.7">
          {t('roster.bigGrid.openTotal', { count: total })}
        </Text>
        <OpenRowToggle collapsed onToggle={onExpand} />
      </div>
      {days.slice(firstColumn, lastColumn + 1).map((day, i) => {
        const count = counts.get(day.date) ?? 0;
        return (
          // biome-ignore lint/a11y/useSemanticElements: see the row
          <div
            key={day.date}
            id={cellId(OPEN_ROW, day.date)}
            role="gridcell"
            tabIndex={-1}
            aria-colindex={firstColumn + i + 2}
            style={{ gridColumn: firstColumn + i + 2 }}
            className="roster-cell roster-open-cell"
            data-past={day.past || undefined}
            data-testid={`open-sum-${day.date}`}
          >
            {count > 0 && (
              <button
                type="button"
                tabIndex={-1}
                className="roster-open-sum"
                aria-label={t('roster.bigGrid.openOnDayLabel', { date: dayLabel(day.date, locale), count })}
                onClick={onExpand}
              >
                {t('roster.bigGrid.openOnDay', { count })}
              </button>
            )}
          </div>
        );
      })}
    </div>
  );
});

import type { RosterItem } from '@app/contracts';
import { Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { RosterView } from '../context';
import { cellKey, OPEN_ROW, type RosterRow } from '../model';
import { GridCell } from './GridCell';
import { sameProps } from './memo';
import { PersonTotals } from './PersonTotals';

interface RowProps {
  row: RosterRow;
  index: number;
  /** The day (column) of the keyboard's active cell when it is in this row. */
  activeDay: string | null;
  onCellPointer: (row: number, date: string) => void;
  cells: Map<string, RosterItem[]>;
  view: RosterView;
  template: string;
  start: number;
  measure: (node: Element | null) => void;
  /** The days rendered: the visible columns and a few beyond (the columns are virtualised like the rows). */
  firstColumn: number;
  lastColumn: number;
  /** The row holds the open toolbox or the add panel. */
  toolbox: boolean;
  /** Beside the name: the open duties' collapse button (grid/OpenRow.tsx). */
  headAction?: React.ReactNode;
}

/** A row: the person (or the open duties) and a cell per day. */
export const GridRow = memo(function GridRow({
  row,
  index,
  activeDay,
  onCellPointer,
  cells,
  view,
  template,
  start,
  measure,
  firstColumn,
  lastColumn,
  headAction,
}: RowProps) {
  const holds = (items: RosterItem[], date: string) =>
    (view.adding?.row === row.id && view.adding.date === date) ||
    (view.activeItem !== null && items.some((i) => i.id === view.activeItem));
  const { t } = useTranslation();
  const { data } = view;
  const name = row.kind === 'open' ? t('roster.openDuties') : (row.name ?? t('roster.hiddenName'));
  const openCount =
    row.kind === 'open' ? data.days.reduce((n, d) => n + (cells.get(cellKey(OPEN_ROW, d.date))?.length ?? 0), 0) : 0;
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of a virtualised grid are positioned absolutely; table rows cannot be
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="roster-row"
      data-kind={row.kind}
      data-index={index}
      data-testid={`roster-row-${row.id}`}
      ref={measure}
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)` }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
      <div
        role="rowheader"
        tabIndex={-1}
        aria-colindex={1}
        style={{ gridColumn: 1 }}
        className="roster-row-head"
        data-me={row.id === view.me || undefined}
      >
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        {row.kind === 'person' ? (
          <PersonTotals data={data} user={row.id} locale={view.locale} />
        ) : (
          <Text size="xs" c="gray.7">
            {t('roster.openCount', { count: openCount })}
          </Text>
        )}
        {headAction}
      </div>
      {data.days.slice(firstColumn, lastColumn + 1).map((day, i) => {
        const items = cells.get(cellKey(row.id, day.date)) ?? NO_ITEMS;
        return (
          <GridCell
            key={day.date}
            row={row}
            day={day}
            name={name}
            items={items}
            active={activeDay === day.date}
            index={index}
            column={firstColumn + i}
            view={view}
            toolbox={holds(items, day.date)}
            onCellPointer={onCellPointer}
          />
        );
      })}
    </div>
  );
}, sameProps);

const NO_ITEMS: RosterItem[] = [];

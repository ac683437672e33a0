import type { RosterItem } from '@app/contracts';
import { Text } from '@mantine/core';
import { memo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type RosterView, RosterViewContext } from '../context';
import { cellId, DraggingContext } from './GridCell';
import { GridRow } from './GridRow';
import { GroupHead } from './GroupHead';
import { OpenRowSummary } from './OpenRow';
import { ResourceRow } from './ResourceRow';
import type { GridLine } from './rowView';
import { useGridKeyboard } from './useGridKeyboard';
import { useGridVirtual } from './useGridVirtual';
import { type Zoom, zoomStyle } from './zoom';

/**
 * The grid's scrolling part: the day heads and the rows in view. The virtualisers live here, so a scrolled frame
 * renders this part only, not the drag context, the filters, the context menu or the drag overlay around it.
 */
export const GridScroll = memo(function GridScroll({
  lines,
  cells,
  resourceCells,
  dayMinutes,
  view,
  itemsView,
  zoom,
  dragged,
  openCounts,
  openToggle,
  onGroupToggle,
  onOpenExpand,
  toolboxRow,
}: {
  lines: GridLine[];
  cells: Map<string, RosterItem[]>;
  resourceCells: Map<string, RosterItem[]>;
  dayMinutes: Map<string, number>;
  view: RosterView;
  /** What the items on screen read of the view (RosterGrid): changes only with the load and who looks. */
  itemsView: RosterView;
  zoom: Zoom;
  dragged: RosterItem | null;
  /** Open duties per day while the open row is collapsed, else null. */
  openCounts: Map<string, number> | null;
  openToggle: React.ReactNode;
  onGroupToggle: (key: string) => void;
  onOpenExpand: () => void;
  /** The row that holds the open toolbox or the add panel. */
  toolboxRow: string | null;
}) {
  const { t } = useTranslation();
  const parent = useRef<HTMLDivElement>(null);
  const days = view.data.days;
  const { virtualizer, columns, rendered, firstColumn, lastColumn, corner, dayHeads } = useGridVirtual({
    rows: lines,
    dayMinutes,
    view,
    parent,
  });
  const template = `var(--roster-name-col) repeat(${days.length}, minmax(var(--roster-day-col), 1fr))`;
  const minWidth = `calc(var(--roster-name-col) + ${days.length} * var(--roster-day-col))`;
  const { row, activeRow, activeDate, clipboard, onCellPointer, onKeyDown } = useGridKeyboard({
    rows: lines,
    cells,
    view,
    parent,
    virtualizer,
    columns,
  });

  // The active cell is named only while it is rendered (rows and days are virtualised; a group's head has none).
  const activeColumn = activeDate ? days.findIndex((d) => d.date === activeDate) : -1;
  const activeRendered =
    activeRow?.kind !== 'group' &&
    activeColumn >= firstColumn &&
    activeColumn <= lastColumn &&
    rendered.rows.some((v) => v.index === row);
  return (
    <DraggingContext.Provider value={dragged}>
      {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely; a table cannot */}
      <div
        ref={parent}
        data-dragging={dragged ? true : undefined}
        data-clipboard={clipboard?.mode}
        className="roster-scroll"
        data-zoom={zoom}
        style={zoomStyle(zoom)}
        role="grid"
        tabIndex={0}
        aria-label={t('roster.gridLabel')}
        aria-description={t('roster.gridKeys')}
        aria-rowcount={lines.length + 1}
        aria-colcount={days.length + 1}
        aria-activedescendant={activeRendered && activeRow && activeDate ? cellId(activeRow.id, activeDate) : undefined}
        onKeyDown={onKeyDown}
        data-testid="roster-grid"
        data-days={days.length}
      >
        {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
        <div role="rowgroup" className="roster-head" style={{ minWidth }}>
          {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
          <div
            role="row"
            tabIndex={-1}
            aria-rowindex={1}
            className="roster-head-row"
            style={{ gridTemplateColumns: template }}
          >
            {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
            <div role="columnheader" tabIndex={-1} aria-colindex={1} className="roster-corner" ref={corner}>
              <Text size="xs" c="gray.7">
                {t('roster.person')}
              </Text>
            </div>
            {/* The day heads read what the items read: opening a toolbox does not render them. */}
            <RosterViewContext.Provider value={itemsView}>{dayHeads}</RosterViewContext.Provider>
          </div>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
        <div role="rowgroup" className="roster-body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
          <RosterViewContext.Provider value={itemsView}>
            {/* The deferred rows may be of the rows before a filter changed them: only those still there. */}
            {rendered.rows
              .filter((v) => lines[v.index]?.id === v.key)
              .map((v) => {
                const line = lines[v.index];
                if (line.kind === 'group') {
                  return (
                    <GroupHead
                      key={v.key}
                      row={line}
                      index={v.index}
                      data={view.data}
                      start={v.start}
                      measure={virtualizer.measureElement}
                      onToggle={onGroupToggle}
                    />
                  );
                }
                if (line.kind === 'resource') {
                  return (
                    <ResourceRow
                      key={v.key}
                      line={line}
                      index={v.index}
                      data={view.data}
                      cells={resourceCells}
                      locale={view.locale}
                      activeDay={v.index === row ? (activeDate ?? null) : null}
                      template={template}
                      start={v.start}
                      measure={virtualizer.measureElement}
                      firstColumn={firstColumn}
                      lastColumn={lastColumn}
                      onCellPointer={onCellPointer}
                    />
                  );
                }
                if (line.kind === 'open' && openCounts) {
                  return (
                    <OpenRowSummary
                      key={v.key}
                      counts={openCounts}
                      days={days}
                      locale={view.locale}
                      template={template}
                      start={v.start}
                      measure={virtualizer.measureElement}
                      firstColumn={firstColumn}
                      lastColumn={lastColumn}
                      onExpand={onOpenExpand}
                    />
                  );
                }
                return (
                  <GridRow
                    key={v.key}
                    row={line}
                    index={v.index}
                    activeDay={v.index === row ? (activeDate ?? null) : null}
                    onCellPointer={onCellPointer}
                    cells={cells}
                    view={view}
                    template={template}
                    start={v.start}
                    measure={virtualizer.measureElement}
                    firstColumn={firstColumn}
                    lastColumn={lastColumn}
                    toolbox={line.id === toolboxRow}
                    headAction={line.kind === 'open' ? openToggle : undefined}
                  />
                );
              })}
          </RosterViewContext.Provider>
        </div>
      </div>
    </DraggingContext.Provider>
  );
});

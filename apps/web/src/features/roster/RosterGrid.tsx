import type { RosterItem } from '@app/contracts';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Text } from '@mantine/core';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RosterViewContext, useRosterView } from './context';
import { cellId, DraggingContext } from './grid/GridCell';
import { GridFilters } from './grid/GridFilters';
import { GridRow } from './grid/GridRow';
import { GroupHead } from './grid/GroupHead';
import { OpenRowSummary, OpenRowToggle } from './grid/OpenRow';
import { arrangeRows, openPerDay } from './grid/rowView';
import { useGridKeyboard } from './grid/useGridKeyboard';
import { useGridPrefs } from './grid/useGridPrefs';
import { useGridVirtual } from './grid/useGridVirtual';
import { zoomStyle } from './grid/zoom';
import { ItemCard } from './ItemCard';
import { ItemContextMenu } from './ItemContextMenu';
import type { RosterRow } from './model';
import { useDeleteItem } from './toolbox/panels';
import { useMoveItem } from './useMoveItem';

/**
 * A drag starts after 6 px, so a click still opens the toolbox. One object for good: options that are new on every
 * render make new sensors, a new drag context, and every drag source on screen renders again (each scrolled frame).
 */
const POINTER_SENSOR = { activationConstraint: { distance: 6 } };

/**
 * The planner's grid: a row per person plus the open duties, a column per day; rows are virtualised. The grid is
 * one tab stop: arrows (Home, End, Page up/down) move the active cell, Enter opens its first item's toolbox (or
 * adds one), Delete removes its first item.
 */
export function RosterGrid({
  rows,
  cells,
  dayMinutes,
}: {
  rows: RosterRow[];
  cells: Map<string, RosterItem[]>;
  dayMinutes: Map<string, number>;
}) {
  const { t } = useTranslation();
  const view = useRosterView();
  const _remove = useDeleteItem();
  const moveItem = useMoveItem();
  const parent = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<RosterItem | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor));
  // Why the cell under the dragged card refuses it (a day that takes no duty), shown on the card while dragging.
  const [refusal, setRefusal] = useState<string | null>(null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    setRefusal(null);
    const item = event.active.data.current?.item as RosterItem | undefined;
    const target = event.over?.data.current as { row: string; date: string; refused?: string } | undefined;
    if (item && target && !target.refused) void moveItem(item, target.row, target.date, 'cut');
  };
  const days = view.data.days;
  // A big planning's arrangement (grid/rowView.ts): search, groups, sorting, zoom, the open row collapsed.
  const prefs = useGridPrefs(view.location);
  const withRoles = Object.values(view.data.users).some((u) => u.roles !== undefined);
  const grouping = prefs.grouping === 'role' && !withRoles ? 'none' : prefs.grouping;
  const { sorting, query, collapsed, openCollapsed, toggleOpen } = prefs;
  const lines = useMemo(
    () => arrangeRows(rows, view.data, { grouping, sorting, query, collapsed }),
    [rows, view.data, grouping, sorting, query, collapsed],
  );
  const people = rows.filter((r) => r.kind === 'person').length;
  const shown = lines.filter((r) => r.kind === 'person').length;
  const openCounts = useMemo(
    () =>
      openCollapsed
        ? openPerDay(
            cells,
            days.map((d) => d.date),
          )
        : null,
    [openCollapsed, cells, days],
  );
  const openToggle = useMemo(() => <OpenRowToggle collapsed={false} onToggle={toggleOpen} />, [toggleOpen]);
  const onGroupToggle = useCallback((key: string) => prefs.toggleGroup(key), [prefs.toggleGroup]);
  // The row whose item has the toolbox open (or that is being added to) renders with the whole view.
  const toolboxRow = useMemo(() => {
    if (view.adding) return view.adding.row;
    if (!view.activeItem) return null;
    for (const [key, items] of cells) {
      if (items.some((i) => i.id === view.activeItem)) return key.slice(0, key.lastIndexOf('|'));
    }
    return null;
  }, [cells, view.activeItem, view.adding]);
  // What the items on screen read of the view (ItemCard: the load and who looks): a context that changes only with
  // those, so an opened toolbox or a selection does not render every item again. The toolbox gets the whole view.
  const { data, me, locale, today, planner, tab } = view;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the snapshot is renewed exactly when what items read changes
  const itemsView = useMemo(() => view, [data, me, locale, today, planner, tab]);
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
    <>
      <GridFilters prefs={prefs} withRoles={withRoles} shown={shown} total={people} />
      {shown === 0 && query.trim() !== '' && (
        <Text size="sm" c="gray.7" data-testid="roster-no-match">
          {t('roster.bigGrid.noMatch')}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        onDragStart={(event) => setDragged((event.active.data.current?.item as RosterItem | undefined) ?? null)}
        onDragCancel={() => {
          setDragged(null);
          setRefusal(null);
        }}
        onDragOver={(event) => setRefusal((event.over?.data.current?.refused as string | undefined) ?? null)}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t('roster.dnd.instructions') } }}
      >
        <DraggingContext.Provider value={dragged}>
          {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely; a table cannot */}
          <div
            ref={parent}
            data-dragging={dragged ? true : undefined}
            data-clipboard={clipboard?.mode}
            className="roster-scroll"
            data-zoom={prefs.zoom}
            style={zoomStyle(prefs.zoom)}
            role="grid"
            tabIndex={0}
            aria-label={t('roster.gridLabel')}
            aria-description={t('roster.gridKeys')}
            aria-rowcount={lines.length + 1}
            aria-colcount={days.length + 1}
            aria-activedescendant={
              activeRendered && activeRow && activeDate ? cellId(activeRow.id, activeDate) : undefined
            }
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
                          onExpand={toggleOpen}
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
        <ItemContextMenu />
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <div>
              <ItemCard item={dragged} onOpen={() => undefined} tabIndex={-1} />
              {refusal && (
                <div className="roster-drag-refusal" role="status" data-testid="roster-drag-refusal">
                  {refusal}
                </div>
              )}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </>
  );
}

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
import { useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RosterViewContext, useRosterView } from './context';
import { cellId, DraggingContext } from './grid/GridCell';
import { GridRow } from './grid/GridRow';
import { useGridKeyboard } from './grid/useGridKeyboard';
import { useGridVirtual } from './grid/useGridVirtual';
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
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const item = event.active.data.current?.item as RosterItem | undefined;
    const target = event.over?.data.current as { row: string; date: string } | undefined;
    if (item && target) void moveItem(item, target.row, target.date, 'cut');
  };
  const days = view.data.days;
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
    rows,
    dayMinutes,
    view,
    parent,
  });
  const template = `var(--roster-name-col) repeat(${days.length}, minmax(var(--roster-day-col), 1fr))`;
  const minWidth = `calc(var(--roster-name-col) + ${days.length} * var(--roster-day-col))`;
  const { row, activeRow, activeDate, clipboard, onCellPointer, onKeyDown } = useGridKeyboard({
    rows,
    cells,
    view,
    parent,
    virtualizer,
    columns,
  });

  return (
    <DndContext
      sensors={sensors}
      onDragStart={(event) => setDragged((event.active.data.current?.item as RosterItem | undefined) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: t('roster.dnd.instructions') } }}
    >
      <DraggingContext.Provider value={dragged !== null}>
        {/* biome-ignore lint/a11y/useSemanticElements: a virtualised grid positions its rows absolutely; a table cannot */}
        <div
          ref={parent}
          data-dragging={dragged ? true : undefined}
          data-clipboard={clipboard?.mode}
          className="roster-scroll"
          role="grid"
          tabIndex={0}
          aria-label={t('roster.gridLabel')}
          aria-description={t('roster.gridKeys')}
          aria-rowcount={rows.length + 1}
          aria-colcount={days.length + 1}
          aria-activedescendant={activeRow && activeDate ? cellId(activeRow.id, activeDate) : undefined}
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
                .filter((v) => rows[v.index]?.id === v.key)
                .map((v) => (
                  <GridRow
                    key={v.key}
                    row={rows[v.index]}
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
                    toolbox={rows[v.index].id === toolboxRow}
                  />
                ))}
            </RosterViewContext.Provider>
          </div>
        </div>
      </DraggingContext.Provider>
      <ItemContextMenu />
      <DragOverlay dropAnimation={null}>
        {dragged ? <ItemCard item={dragged} onOpen={() => undefined} tabIndex={-1} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

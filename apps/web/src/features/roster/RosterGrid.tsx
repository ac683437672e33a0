import type { RosterItem, RosterResponse } from '@app/contracts';
import { weekStart } from '@app/domain';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useDroppable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useVirtualizer } from '@tanstack/react-virtual';
import { forwardRef, memo, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type RosterView, useRosterView } from './context';
import { DayHeader } from './DayHeader';
import { dayLabel } from './format';
import { ItemCard } from './ItemCard';
import { cellKey, formatDuration, OPEN_ROW, type RosterRow } from './model';
import { AddPanel } from './toolbox/AddPanel';
import { ToolboxPopover } from './toolbox/Floating';
import { ItemToolbox } from './toolbox/ItemToolbox';
import { useDeleteItem } from './toolbox/panels';
import { type MoveMode, useMoveItem } from './useMoveItem';

/** Two refs as one (the popover's anchor and the drag source are the same button). */
function mergeRefs<T>(...refs: (React.Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as React.RefObject<T | null>).current = node;
    }
  };
}

/** One item in a cell: a drag source for planners; the open one carries the floating toolbox. */
function CellItem({ item, view }: { item: RosterItem; view: RosterView }) {
  const { t } = useTranslation();
  const open = view.activeItem === item.id;
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: item.id,
    data: { item },
    disabled: !view.planner || open,
  });
  const card = (
    <DraggableCard
      item={item}
      dragRef={setNodeRef}
      listeners={listeners}
      dragging={isDragging}
      onOpen={(event) => {
        // Shift, Ctrl or Cmd add the item to the bulk selection (planners) instead of opening it.
        if (view.planner && (event.shiftKey || event.ctrlKey || event.metaKey)) view.toggleSelected(item.id);
        else view.openItem(item.id);
      }}
      active={open}
      selected={view.selected.has(item.id)}
    />
  );
  if (!open) return card;
  return (
    <ToolboxPopover target={card} onClose={view.closeToolbox} label={t('roster.toolbox.label')}>
      <ItemToolbox item={item} onClose={view.closeToolbox} />
    </ToolboxPopover>
  );
}

/** The item card with the drag listeners (the grid, not the card, is the keyboard's tab stop). */
const DraggableCard = forwardRef<
  HTMLButtonElement,
  {
    item: RosterItem;
    dragRef: (node: HTMLElement | null) => void;
    listeners: ReturnType<typeof useDraggable>['listeners'];
    dragging: boolean;
    onOpen: (event: React.MouseEvent) => void;
    active: boolean;
    selected: boolean;
  }
>(function DraggableCard({ item, dragRef, listeners, dragging, onOpen, active, selected, ...rest }, ref) {
  return (
    <ItemCard
      {...rest}
      {...listeners}
      ref={mergeRefs<HTMLButtonElement>(ref, dragRef)}
      item={item}
      onOpen={onOpen}
      active={active}
      dragging={dragging}
      selected={selected}
      tabIndex={-1}
    />
  );
});

/** A day of a row: its items, the add button (planners), and a drop target while dragging. */
function GridCell({
  row,
  day,
  name,
  items,
  active,
  index,
  view,
  onCellPointer,
}: {
  row: RosterRow;
  day: RosterResponse['days'][number];
  name: string;
  items: RosterItem[];
  active: boolean;
  index: number;
  view: RosterView;
  onCellPointer: (row: number, date: string) => void;
}) {
  const { t } = useTranslation();
  const { planner, adding, locale } = view;
  const {
    setNodeRef,
    isOver,
    active: dragged,
  } = useDroppable({
    id: cellId(row.id, day.date),
    data: { row: row.id, date: day.date },
    disabled: !planner || day.past,
  });
  const hidden = !planner && !day.released;
  const isAdding = adding?.row === row.id && adding.date === day.date;
  const addLabel = t('roster.add.cell', { name, date: dayLabel(day.date, locale) });
  const addButton = (
    <button
      type="button"
      className="roster-add"
      data-empty={items.length === 0 || undefined}
      aria-label={addLabel}
      title={addLabel}
      tabIndex={-1}
      data-testid={`add-${row.id}-${day.date}`}
      onClick={() => view.openAdd({ row: row.id, date: day.date })}
    >
      <IconPlus size={14} aria-hidden />
    </button>
  );
  return (
    // biome-ignore lint/a11y/useSemanticElements: see the row
    <div
      ref={setNodeRef}
      id={cellId(row.id, day.date)}
      role="gridcell"
      tabIndex={-1}
      aria-selected={active}
      data-active={active || undefined}
      data-over={isOver || undefined}
      data-undroppable={(dragged && day.past) || undefined}
      onPointerDown={() => onCellPointer(index, day.date)}
      className="roster-cell"
      data-past={day.past || undefined}
      data-hidden={hidden || undefined}
      data-testid={`cell-${row.id}-${day.date}`}
    >
      {items.map((item) => (
        <CellItem key={item.id} item={item} view={view} />
      ))}
      {planner &&
        (isAdding ? (
          <ToolboxPopover target={addButton} onClose={view.closeToolbox} label={t('roster.add.label')}>
            <AddPanel target={{ row: row.id, date: day.date }} onClose={view.closeToolbox} />
          </ToolboxPopover>
        ) : (
          addButton
        ))}
    </div>
  );
}

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
}

/** A row: the person (or the open duties) and a cell per day. */
const GridRow = memo(function GridRow({
  row,
  index,
  activeDay,
  onCellPointer,
  cells,
  view,
  template,
  start,
  measure,
}: RowProps) {
  const { t } = useTranslation();
  const { data } = view;
  const name = row.kind === 'open' ? t('roster.openDuties') : (row.name ?? t('roster.hiddenName'));
  const minutes = row.kind === 'person' ? (data.stats[row.id]?.minutes ?? 0) : null;
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
      <div role="rowheader" tabIndex={-1} className="roster-row-head" data-me={row.id === view.me || undefined}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        <Text size="xs" c="gray.7">
          {minutes !== null
            ? t('roster.plannedHours', { hours: formatDuration(minutes) })
            : t('roster.openCount', { count: openCount })}
        </Text>
      </div>
      {data.days.map((day) => (
        <GridCell
          key={day.date}
          row={row}
          day={day}
          name={name}
          items={cells.get(cellKey(row.id, day.date)) ?? []}
          active={activeDay === day.date}
          index={index}
          view={view}
          onCellPointer={onCellPointer}
        />
      ))}
    </div>
  );
});

/** The id of a cell, for the grid's active descendant. */
const cellId = (row: string, date: string) => `gc-${row}-${date}`;

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
  const remove = useDeleteItem();
  const moveItem = useMoveItem();
  const parent = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<RosterItem | null>(null);
  const [clipboard, setClipboard] = useState<{ item: RosterItem; mode: MoveMode } | null>(null);
  // A drag starts after 6 px, so a click still opens the toolbox.
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 6 } }),
    useSensor(KeyboardSensor),
  );
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const item = event.active.data.current?.item as RosterItem | undefined;
    const target = event.over?.data.current as { row: string; date: string } | undefined;
    if (item && target) void moveItem(item, target.row, target.date, 'cut');
  };
  const days = view.data.days;
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 64,
    overscan: 6,
    getItemKey: (index) => rows[index].id,
  });
  const template = `var(--roster-name-col) repeat(${days.length}, minmax(var(--roster-day-col), 1fr))`;
  const minWidth = `calc(var(--roster-name-col) + ${days.length} * var(--roster-day-col))`;
  const row = Math.min(active.row, rows.length - 1);
  const col = Math.min(active.col, days.length - 1);
  const activeRow = rows[row];
  const activeDate = days[col]?.date;

  // A long period opens scrolled to today.
  const todayIndex = days.findIndex((d) => d.date === view.today);
  const scrolledFor = useRef('');
  useEffect(() => {
    const key = `${days[0]?.date}|${days.length}`;
    if (scrolledFor.current === key || !parent.current) return;
    scrolledFor.current = key;
    const column = parent.current.querySelectorAll<HTMLElement>('.roster-col-head')[todayIndex];
    const nameWidth = parent.current.querySelector<HTMLElement>('.roster-corner')?.offsetWidth ?? 0;
    parent.current.scrollLeft = todayIndex > 0 && column ? column.offsetLeft - nameWidth : 0;
  }, [days, todayIndex]);

  const onCellPointer = useCallback(
    (r: number, date: string) =>
      setActive({
        row: r,
        col: Math.max(
          0,
          days.findIndex((d) => d.date === date),
        ),
      }),
    [days],
  );

  const move = (r: number, c: number) => {
    const next = {
      row: Math.max(0, Math.min(rows.length - 1, r)),
      col: Math.max(0, Math.min(days.length - 1, c)),
    };
    setActive(next);
    virtualizer.scrollToIndex(next.row, { align: 'auto' });
    requestAnimationFrame(() =>
      document
        .getElementById(cellId(rows[next.row].id, days[next.col].date))
        ?.scrollIntoView({ block: 'nearest', inline: 'nearest' }),
    );
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLDivElement>) => {
    // Keys typed in a toolbox (a portal inside this tree) are not the grid's.
    if (event.target !== event.currentTarget || !activeRow || !activeDate) return;
    const items = cells.get(cellKey(activeRow.id, activeDate)) ?? [];
    const keys: Record<string, () => void> = {
      ArrowUp: () => move(row - 1, col),
      ArrowDown: () => move(row + 1, col),
      ArrowLeft: () => move(row, col - 1),
      ArrowRight: () => move(row, col + 1),
      Home: () => move(row, 0),
      End: () => move(row, days.length - 1),
      PageUp: () => move(row - 10, col),
      PageDown: () => move(row + 10, col),
      Enter: () => {
        if (items[0]) view.openItem(items[0].id);
        else if (view.planner) view.openAdd({ row: activeRow.id, date: activeDate });
      },
      Delete: () => {
        if (view.planner && items[0]) void remove(items[0].id, true);
      },
    };
    // Cut, copy and paste the active cell's first item (the keyboard's way to move duties).
    const mod = event.ctrlKey || event.metaKey;
    const clip: Record<string, () => void> = {
      x: () => items[0] && setClipboard({ item: items[0], mode: 'cut' }),
      c: () => items[0] && setClipboard({ item: items[0], mode: 'copy' }),
      v: () => {
        if (!clipboard) return;
        void moveItem(clipboard.item, activeRow.id, activeDate, clipboard.mode).then((ok) => {
          if (ok && clipboard.mode === 'cut') setClipboard(null);
        });
      },
    };
    const action = mod ? (view.planner ? clip[event.key.toLowerCase()] : undefined) : keys[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  return (
    <DndContext
      sensors={sensors}
      onDragStart={(event) => setDragged((event.active.data.current?.item as RosterItem | undefined) ?? null)}
      onDragCancel={() => setDragged(null)}
      onDragEnd={onDragEnd}
      accessibility={{ screenReaderInstructions: { draggable: t('roster.dnd.instructions') } }}
    >
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
            <div role="columnheader" tabIndex={-1} className="roster-corner">
              <Text size="xs" c="gray.7">
                {t('roster.person')}
              </Text>
            </div>
            {days.map((day, i) => (
              // biome-ignore lint/a11y/useSemanticElements: see the row
              <div role="columnheader" tabIndex={-1} key={day.date} className="roster-col-head">
                <DayHeader
                  date={day.date}
                  minutes={dayMinutes.get(day.date) ?? 0}
                  showWeek={i === 0 || weekStart(day.date, view.weekStartsOn) === day.date}
                />
              </div>
            ))}
          </div>
        </div>
        {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
        <div role="rowgroup" className="roster-body" style={{ height: virtualizer.getTotalSize(), minWidth }}>
          {virtualizer.getVirtualItems().map((v) => (
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
            />
          ))}
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged ? <ItemCard item={dragged} onOpen={() => undefined} tabIndex={-1} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

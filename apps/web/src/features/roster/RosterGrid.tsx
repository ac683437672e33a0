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
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import {
  createContext,
  forwardRef,
  memo,
  useCallback,
  useContext,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { useTranslation } from 'react-i18next';
import { type RosterView, RosterViewContext, useRosterView } from './context';
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
function CellItem({ item, view, toolboxLabel }: { item: RosterItem; view: RosterView; toolboxLabel: string }) {
  const open = view.activeItem === item.id;
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: item.id,
    data: { item },
    disabled: !view.planner || open,
  });
  const { planner, toggleSelected, openItem } = view;
  // Stable, so the memoised card is not rendered again when the drag context changes (every cell that mounts
  // while scrolling registers with it, and that renders every drag source).
  const onOpen = useCallback(
    (event: React.MouseEvent) => {
      // Shift, Ctrl or Cmd add the item to the bulk selection (planners) instead of opening it.
      if (planner && (event.shiftKey || event.ctrlKey || event.metaKey)) toggleSelected(item.id);
      else openItem(item.id);
    },
    [planner, toggleSelected, openItem, item.id],
  );
  const card = (
    <DraggableCard
      item={item}
      dragRef={setNodeRef}
      listeners={listeners}
      dragging={isDragging}
      onOpen={onOpen}
      active={open}
      selected={view.selected.has(item.id)}
    />
  );
  if (!open) return card;
  return (
    <RosterViewContext.Provider value={view}>
      <ToolboxPopover target={card} onClose={view.closeToolbox} label={toolboxLabel}>
        <ItemToolbox item={item} onClose={view.closeToolbox} />
      </ToolboxPopover>
    </RosterViewContext.Provider>
  );
}

/** The item card with the drag listeners (the grid, not the card, is the keyboard's tab stop). */
const DraggableCard = memo(
  forwardRef<
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
  }),
);

/**
 * Whether a cell or row may skip a render: the same props, and of the shared view only what it shows, unless it
 * holds the open toolbox (which reads the whole view). Opening a toolbox, typing in it or a pending edit then
 * renders the one row and cell that hold it, not the hundreds of items on screen.
 */
function sameView(a: RosterView, b: RosterView, toolbox: boolean): boolean {
  if (toolbox) return a === b;
  return (
    a.data === b.data &&
    a.selected === b.selected &&
    a.planner === b.planner &&
    a.me === b.me &&
    a.tab === b.tab &&
    a.locale === b.locale &&
    a.today === b.today
  );
}

function sameProps<P extends { view: RosterView; toolbox: boolean }>(a: P, b: P): boolean {
  for (const key of Object.keys(a) as (keyof P)[]) {
    if (key !== 'view' && a[key] !== b[key]) return false;
  }
  return sameView(a.view, b.view, a.toolbox || b.toolbox);
}

/**
 * Whether an item is being dragged. Cells become drop targets only then: a drop target registered per cell all the
 * time would change the drag context with every cell that mounts while scrolling, and render every drag source.
 */
const DraggingContext = createContext(false);

/** A cell's drop target while dragging: it covers the cell and lights up under the dragged item. */
function CellDropZone({ row, date }: { row: string; date: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: cellId(row, date), data: { row, date } });
  return <div ref={setNodeRef} className="roster-drop" data-over={isOver || undefined} aria-hidden />;
}

/** A day of a row: its items, the add button (planners), and a drop target while dragging. */
const GridCell = memo(function GridCell({
  row,
  day,
  name,
  items,
  active,
  index,
  column,
  view,
  onCellPointer,
}: {
  row: RosterRow;
  day: RosterResponse['days'][number];
  name: string;
  items: RosterItem[];
  active: boolean;
  index: number;
  /** The day's column (0 = the first day): cells are placed by it, as only the visible days are rendered. */
  column: number;
  view: RosterView;
  /** The cell holds the open toolbox or the add panel. */
  toolbox: boolean;
  onCellPointer: (row: number, date: string) => void;
}) {
  const { t } = useTranslation();
  const { planner, adding, locale } = view;
  const dragging = useContext(DraggingContext);
  const hidden = !planner && !day.released;
  const isAdding = adding?.row === row.id && adding.date === day.date;
  const { openAdd } = view;
  const empty = items.length === 0;
  const toolboxLabel = t('roster.toolbox.label');
  // The add button and its label change only with the row and the day (not on every render the drag context
  // causes while scrolling).
  const addButton = useMemo(() => {
    const addLabel = t('roster.add.cell', { name, date: dayLabel(day.date, locale) });
    return (
      <button
        type="button"
        className="roster-add"
        data-empty={empty || undefined}
        aria-label={addLabel}
        title={addLabel}
        tabIndex={-1}
        data-testid={`add-${row.id}-${day.date}`}
        onClick={() => openAdd({ row: row.id, date: day.date })}
      >
        <IconPlus size={14} aria-hidden />
      </button>
    );
  }, [t, name, day.date, locale, empty, row.id, openAdd]);
  return (
    // biome-ignore lint/a11y/useSemanticElements: see the row
    <div
      id={cellId(row.id, day.date)}
      role="gridcell"
      tabIndex={-1}
      aria-colindex={column + 2}
      style={{ gridColumn: column + 2 }}
      aria-selected={active}
      data-active={active || undefined}
      onPointerDown={() => onCellPointer(index, day.date)}
      className="roster-cell"
      data-past={day.past || undefined}
      data-hidden={hidden || undefined}
      data-testid={`cell-${row.id}-${day.date}`}
    >
      {dragging && planner && !day.past && <CellDropZone row={row.id} date={day.date} />}
      {items.map((item) => (
        <CellItem key={item.id} item={item} view={view} toolboxLabel={toolboxLabel} />
      ))}
      {planner &&
        (isAdding ? (
          <RosterViewContext.Provider value={view}>
            <ToolboxPopover target={addButton} onClose={view.closeToolbox} label={t('roster.add.label')}>
              <AddPanel target={{ row: row.id, date: day.date }} onClose={view.closeToolbox} />
            </ToolboxPopover>
          </RosterViewContext.Provider>
        ) : (
          addButton
        ))}
    </div>
  );
}, sameProps);

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
  firstColumn,
  lastColumn,
}: RowProps) {
  const holds = (items: RosterItem[], date: string) =>
    (view.adding?.row === row.id && view.adding.date === date) ||
    (view.activeItem !== null && items.some((i) => i.id === view.activeItem));
  const { t } = useTranslation();
  const { data } = view;
  const name = row.kind === 'open' ? t('roster.openDuties') : (row.name ?? t('roster.hiddenName'));
  const minutes = row.kind === 'person' ? (data.stats[row.id]?.minutes ?? 0) : null;
  // Planned against contract hours: the weekly contract hours scaled to the days shown.
  const weekly = row.kind === 'person' ? data.users[row.id]?.contractMinutes : null;
  const contract = weekly != null ? Math.round((weekly * data.days.length) / 7) : null;
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
        <Text size="xs" c="gray.7">
          {minutes !== null
            ? contract !== null
              ? t('team.plannedOfContract', { hours: formatDuration(minutes), contract: formatDuration(contract) })
              : t('roster.plannedHours', { hours: formatDuration(minutes) })
            : t('roster.openCount', { count: openCount })}
        </Text>
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

/**
 * A drag starts after 6 px, so a click still opens the toolbox. One object for good: options that are new on every
 * render make new sensors, a new drag context, and every drag source on screen renders again (each scrolled frame).
 */
const POINTER_SENSOR = { activationConstraint: { distance: 6 } };

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
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor));
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    const item = event.active.data.current?.item as RosterItem | undefined;
    const target = event.over?.data.current as { row: string; date: string } | undefined;
    if (item && target) void moveItem(item, target.row, target.date, 'cut');
  };
  const days = view.data.days;
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
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
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 64,
    overscan: 6,
    // Scrolling renders in the next task, not synchronously inside every scroll event: a fast scroll may show the
    // rows a frame late, but never blocks the page for several renders at once.
    useFlushSync: false,
    getItemKey: (index) => rows[index].id,
    // The open duties stay mounted: the busiest row (dozens of items a day) is not built again on every scroll back.
    rangeExtractor: (range) => {
      const indexes = defaultRangeExtractor(range);
      return indexes[0] === 0 || rows[0]?.kind !== 'open' ? indexes : [0, ...indexes];
    },
  });
  // Days are virtualised too: a month of 200 people renders only the cells in view. The column heads are all
  // rendered (a month is 31) and measured, so the columns' widths are what the grid template made of them.
  const [nameWidth, setNameWidth] = useState(176);
  const columns = useVirtualizer({
    horizontal: true,
    count: days.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 128,
    overscan: 2,
    useFlushSync: false,
    paddingStart: nameWidth,
    getItemKey: (index) => days[index].date,
  });
  const visibleColumns = columns.getVirtualItems();
  const virtualRows = virtualizer.getVirtualItems();
  // What scrolling brings into view renders as a transition: the scroll itself renders the rows on screen as they
  // were (memoised: nothing to do), then React renders the new rows and days in slices that let the page scroll and
  // paint in between, instead of one long task when a jump brings hundreds of items at once.
  const rendered = useDeferredValue(
    useMemo(
      () => ({
        rows: virtualRows,
        firstColumn: visibleColumns[0]?.index ?? 0,
        lastColumn: visibleColumns[visibleColumns.length - 1]?.index ?? days.length - 1,
      }),
      [virtualRows, visibleColumns, days.length],
    ),
  );
  const { firstColumn, lastColumn } = rendered;
  const corner = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = corner.current;
    if (!node) return;
    const observer = new ResizeObserver(() => setNameWidth(node.offsetWidth));
    observer.observe(node);
    setNameWidth(node.offsetWidth);
    return () => observer.disconnect();
  }, []);
  // The day heads change with the days and their hours, not with every scrolled frame (which renders the grid).
  const measureColumn = columns.measureElement;
  const { weekStartsOn } = view;
  const dayHeads = useMemo(
    () =>
      days.map((day, i) => (
        // biome-ignore lint/a11y/useSemanticElements: see the row
        <div
          role="columnheader"
          tabIndex={-1}
          aria-colindex={i + 2}
          key={day.date}
          className="roster-col-head"
          data-index={i}
          ref={measureColumn}
        >
          <DayHeader
            date={day.date}
            minutes={dayMinutes.get(day.date) ?? 0}
            showWeek={i === 0 || weekStart(day.date, weekStartsOn) === day.date}
          />
        </div>
      )),
    [days, dayMinutes, weekStartsOn, measureColumn],
  );
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
    columns.scrollToIndex(next.col, { align: 'auto' });
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
      <DragOverlay dropAnimation={null}>
        {dragged ? <ItemCard item={dragged} onOpen={() => undefined} tabIndex={-1} /> : null}
      </DragOverlay>
    </DndContext>
  );
}

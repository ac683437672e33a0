import type { RosterItem, RosterResponse, UnavailablePolicy } from '@app/contracts';
import { type AvailabilityState, availabilityVerdict, parseHHmm, undraggableReason } from '@app/domain';
import { useDraggable, useDroppable } from '@dnd-kit/core';
import { IconPlus } from '@tabler/icons-react';
import { createContext, forwardRef, memo, useCallback, useContext, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../app/session';
import { type RosterView, RosterViewContext } from '../context';
import { dayLabel } from '../format';
import { ItemCard } from '../ItemCard';
import { openItemMenu } from '../ItemContextMenu';
import type { RosterRow } from '../model';
import { AddPanel } from '../toolbox/AddPanel';
import { ToolboxPopover } from '../toolbox/Floating';
import { ItemToolbox } from '../toolbox/ItemToolbox';
import { LeaveBlock } from './LeaveBlock';
import { sameProps } from './memo';
import { NoDropReason, noDropReason } from './NoDrop';

/** Two refs as one (the popover's anchor and the drag source are the same button). */
function mergeRefs<T>(...refs: (React.Ref<T> | undefined)[]) {
  return (node: T | null) => {
    for (const ref of refs) {
      if (typeof ref === 'function') ref(node);
      else if (ref) (ref as React.RefObject<T | null>).current = node;
    }
  };
}

/**
 * One item in a cell: a drag source for planners; the open one carries the floating toolbox. An item that may not
 * move (`undraggableReason`: its day takes no duty, or applicants block it) is no drag source: pulling it shows the
 * reason over its cell, as a refusing drop target does.
 */
function CellItem({
  item,
  view,
  toolboxLabel,
  noDrag,
}: {
  item: RosterItem;
  view: RosterView;
  toolboxLabel: string;
  noDrag?: string;
}) {
  const open = view.activeItem === item.id;
  const { setNodeRef, listeners, isDragging } = useDraggable({
    id: item.id,
    data: { item },
    disabled: !view.planner || open || Boolean(noDrag),
  });
  const pulled = usePulled(Boolean(view.planner && noDrag && !open));
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
      onContextMenu={planner ? (event: React.MouseEvent) => openItemMenu(item, event) : undefined}
      noDrag={planner ? noDrag : undefined}
      onPointerDown={pulled.onPointerDown}
    />
  );
  if (!open)
    return (
      <>
        {card}
        {pulled.active && noDrag && <NoDropReason text={noDrag} />}
      </>
    );
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
      onContextMenu?: (event: React.MouseEvent) => void;
      /** Why the item may not be dragged (its tooltip says so). */
      noDrag?: string;
      onPointerDown?: (event: React.PointerEvent) => void;
    }
  >(function DraggableCard(
    { item, dragRef, listeners, dragging, onOpen, active, selected, noDrag, onPointerDown, ...rest },
    ref,
  ) {
    return (
      <ItemCard
        {...rest}
        {...listeners}
        {...(onPointerDown && !listeners?.onPointerDown ? { onPointerDown } : {})}
        title={noDrag}
        data-undraggable={noDrag ? '' : undefined}
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
 * The item being dragged, or null. Cells become drop targets only then: a drop target registered per cell all the
 * time would change the drag context with every cell that mounts while scrolling, and render every drag source.
 */
export const DraggingContext = createContext<RosterItem | null>(null);

/** Pulls shorter than this are clicks. */
const PULL_PX = 6;

/** Whether an item that may not be dragged is being pulled (pressed and moved), to show why it stays. */
function usePulled(enabled: boolean) {
  const [active, setActive] = useState(false);
  const onPointerDown = useCallback(
    (event: React.PointerEvent) => {
      if (!enabled || event.button !== 0) return;
      const x = event.clientX;
      const y = event.clientY;
      const move = (e: PointerEvent) => {
        if (Math.abs(e.clientX - x) + Math.abs(e.clientY - y) > PULL_PX) setActive(true);
      };
      const end = () => {
        setActive(false);
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', end);
        window.removeEventListener('pointercancel', end);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', end);
      window.addEventListener('pointercancel', end);
    },
    [enabled],
  );
  return { active, onPointerDown: enabled ? onPointerDown : undefined };
}

/**
 * A cell's drop target while dragging: it covers the cell and lights up under the dragged item. A day that takes no
 * duty is a target too, one that refuses: under the pointer it says why (the dragged card says it as well), and
 * dropping there does nothing.
 */
function CellDropZone({ row, date, refused }: { row: string; date: string; refused?: string }) {
  const { setNodeRef, isOver } = useDroppable({ id: cellId(row, date), data: { row, date, refused } });
  return (
    <>
      <div
        ref={setNodeRef}
        className="roster-drop"
        data-over={isOver || undefined}
        data-refused={refused ? '' : undefined}
        aria-hidden
      />
      {isOver && refused && <NoDropReason text={refused} />}
    </>
  );
}

/** A day of a row: its items, the add button (planners), and a drop target while dragging. */
export const GridCell = memo(function GridCell({
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
  const dragged = useContext(DraggingContext);
  const policy = useSession().account.settings.unavailablePolicy;
  const hidden = !planner && !day.released;
  const isAdding = adding?.row === row.id && adding.date === day.date;
  const { openAdd } = view;
  const empty = items.length === 0;
  const toolboxLabel = t('roster.toolbox.label');
  const noDrop = noDropReason(day, planner);
  const noDropText = noDrop ? t(`roster.noDrop.${noDrop}`) : undefined;
  // A person's day off (vacation or unavailable where the account's policy denies planning them) takes no duty.
  const dayOff =
    dragged &&
    planner &&
    !noDrop &&
    row.kind === 'person' &&
    personDayOff(view.data, row.id, day.date, dragged, policy);
  const refusedText = noDropText ?? (dayOff ? t('roster.noDrop.dayOff') : undefined);
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
      data-undroppable={noDrop ?? undefined}
      title={noDropText}
      data-testid={`cell-${row.id}-${day.date}`}
    >
      {dragged && planner && <CellDropZone row={row.id} date={day.date} refused={refusedText} />}
      {row.kind === 'person' && <LeaveBlock data={view.data} user={row.id} date={day.date} />}
      {items.map((item) => {
        const noDrag = planner ? undraggableReason(item, day) : null;
        return (
          <CellItem
            key={item.id}
            item={item}
            view={view}
            toolboxLabel={toolboxLabel}
            noDrag={noDrag ? t(`roster.noDrag.${noDrag}`) : undefined}
          />
        );
      })}
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

/** Whether the person's availability that day denies the dragged item outright (the server's verdict, decided once). */
function personDayOff(
  data: RosterResponse,
  user: string,
  date: string,
  item: RosterItem,
  policy: UnavailablePolicy,
): boolean {
  const entry = data.availability.find((a) => a.user === user && a.date === date);
  if (!entry) return false;
  const state: AvailabilityState = {
    date,
    type: entry.type as AvailabilityState['type'],
    startMinutes: entry.start ? parseHHmm(entry.start) : null,
    endMinutes: entry.end ? parseHHmm(entry.end) : null,
    status: entry.status as AvailabilityState['status'],
  };
  const times = item.times
    ? { date, fromMinutes: parseHHmm(item.times.from), untilMinutes: parseHHmm(item.times.until) }
    : { date, fromMinutes: null, untilMinutes: null };
  return availabilityVerdict(state, times, policy) === 'ERR_UNAVAILABLE_DENY';
}

/** The id of a cell, for the grid's active descendant. */
export const cellId = (row: string, date: string) => `gc-${row}-${date}`;

import type { RosterItem } from '@app/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useClip, useItemClipboard } from '../clipboard';
import type { RosterView } from '../context';
import { openItemMenuAt } from '../ItemContextMenu';
import { cellKey } from '../model';
import { useDeleteItem } from '../toolbox/panels';
import { cellId } from './GridCell';
import type { GridLine } from './rowView';

/** Keys pressed on the grid, a cell or a card in it are the grid's; not those typed in a toolbox or a field. */
function gridKey(event: React.KeyboardEvent<HTMLElement>): boolean {
  const target = event.target;
  if (target === event.currentTarget) return true;
  return target instanceof HTMLElement && target.matches('[role="gridcell"], .roster-item');
}

/** The card a key was pressed on, when it was pressed on one (`roster-item-{id}`). */
const cardId = (target: EventTarget) =>
  target instanceof HTMLElement && target.matches('.roster-item')
    ? (target.dataset.testid?.replace('roster-item-', '') ?? null)
    : null;

function findItem(cells: Map<string, RosterItem[]>, id: string): RosterItem | undefined {
  for (const items of cells.values()) {
    const found = items.find((i) => i.id === id);
    if (found) return found;
  }
  return undefined;
}

/**
 * The grid's keyboard: the active cell (arrows, Home, End, Page up/down), Enter opens or adds, Delete removes, and
 * cut, copy and paste move an item, the menu key (or Shift+F10) opens the card's menu; a long period opens scrolled
 * to today.
 */
export function useGridKeyboard({
  rows,
  cells,
  view,
  parent,
  virtualizer,
  columns,
}: {
  rows: GridLine[];
  cells: Map<string, RosterItem[]>;
  view: RosterView;
  parent: React.RefObject<HTMLDivElement | null>;
  virtualizer: { scrollToIndex: (index: number, options: { align: 'auto' }) => void };
  columns: { scrollToIndex: (index: number, options: { align: 'auto' }) => void };
}) {
  const remove = useDeleteItem();
  const clipboard = useClip();
  const { copy, paste } = useItemClipboard();
  const days = view.data.days;
  const [active, setActive] = useState<{ row: number; col: number }>({ row: 0, col: 0 });
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
  }, [days, todayIndex, parent]);

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
    if (!gridKey(event) || !activeRow || !activeDate) return;
    // A group's head has no days, a resource's row only shows: the arrows pass them, nothing is added or pasted there.
    const onGroup = activeRow.kind === 'group' || activeRow.kind === 'resource';
    const cellItems = cells.get(cellKey(activeRow.id, activeDate)) ?? [];
    // A key on a card is about that card; on the cell, about its first item.
    const card = cardId(event.target);
    // The card may lie outside the active cell (a right click moves no active cell): found wherever it is.
    const picked = card ? (cellItems.find((i) => i.id === card) ?? findItem(cells, card)) : undefined;
    const items = picked ? [picked, ...cellItems.filter((i) => i !== picked)] : cellItems;
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
        if (onGroup) return;
        if (items[0]) view.openItem(items[0].id);
        else if (view.planner) view.openAdd({ row: activeRow.id, date: activeDate });
      },
      Delete: () => {
        if (view.planner && items[0]) void remove(items[0].id, true);
      },
      // The card's menu, as a right click opens it (docs/product/roster.md, "Copy, cut, paste and the card's menu").
      ContextMenu: () => {
        if (view.planner && items[0]) openItemMenuAt(items[0], event.target as HTMLElement);
      },
    };
    // Cut, copy and paste the card (or the active cell's first item): the clipboard the context menu shares.
    const mod = event.ctrlKey || event.metaKey;
    const clip: Record<string, () => void> = {
      x: () => items[0] && copy(items[0], 'cut'),
      c: () => items[0] && copy(items[0], 'copy'),
      v: () => {
        if (!onGroup) void paste(activeRow.id, activeDate);
      },
    };
    const key = event.shiftKey && event.key === 'F10' ? 'ContextMenu' : event.key;
    const action = mod ? (view.planner ? clip[event.key.toLowerCase()] : undefined) : keys[key];
    if (!action) return;
    event.preventDefault();
    action();
  };
  return { row, activeRow, activeDate, clipboard, onCellPointer, onKeyDown };
}

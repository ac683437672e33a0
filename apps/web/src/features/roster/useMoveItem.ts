import type { RosterItem } from '@app/contracts';
import { useCallback } from 'react';
import { itemCalls } from './api';
import { useItemClipboard } from './clipboard';
import { useRosterView } from './context';
import { OPEN_ROW } from './model';

export type MoveMode = 'cut' | 'copy';

/**
 * Moves (cut) or copies an item to a row and date: on its own day a move is a change of person (the open row
 * unassigns); to another day it is a new item made there with the target row's person (the usual questions), where
 * one item may be placed (`placementRefusal`), and a move then removes the original.
 */
export function useMoveItem() {
  const { edit } = useRosterView();
  const { place } = useItemClipboard();

  return useCallback(
    async (item: RosterItem, row: string, date: string, mode: MoveMode): Promise<boolean> => {
      const toOpen = row === OPEN_ROW;
      const fromRow = item.assigned ? item.user : OPEN_ROW;
      if (mode === 'cut' && date === item.date) {
        if (row === fromRow) return true;
        const result = await edit.run({
          itemId: item.id,
          optimistic: (i) => (toOpen ? { ...i, user: null, assigned: false } : { ...i, user: row, assigned: true }),
          call: (flags) => (toOpen ? itemCalls.removeUser(item.id, flags) : itemCalls.setUser(item.id, row, flags)),
        });
        return result.ok;
      }
      // To another day (or a copy): one new item, as creating and pasting make it (docs/product/roster.md).
      return place(item, mode, row, date);
    },
    [edit, place],
  );
}

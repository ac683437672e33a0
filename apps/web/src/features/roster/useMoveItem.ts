import type { RosterItem } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { isApiError } from '../../app/api';
import { errorMessage, handleApiError } from '../../app/apiErrors';
import { notify } from '../../app/notify';
import { bulkCalls, itemCalls, rosterKeys } from './api';
import { useRosterView } from './context';
import { OPEN_ROW } from './model';

export type MoveMode = 'cut' | 'copy';

/**
 * Moves (cut) or copies an item to a row and date: on its own day a move is a change of person (the open row
 * unassigns); to another day it is the bulk paste (which refuses released and past days and open conflicts), then
 * the person of the target row is assigned with the usual confirmations.
 */
export function useMoveItem() {
  const queryClient = useQueryClient();
  const { edit, location } = useRosterView();

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
      try {
        const answer = await bulkCalls.paste({
          items: [item.id],
          mode,
          dates: [date],
          withUsers: !toOpen && row === fromRow,
          location,
        });
        const created = answer.created[0];
        await queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
        if (created && !toOpen && row !== fromRow) {
          const result = await edit.run({ call: (flags) => itemCalls.setUser(created, row, flags) });
          return result.ok;
        }
        return true;
      } catch (error) {
        if (isApiError(error) && error.status === 409) notify('warning', errorMessage(error.body));
        else handleApiError(error);
        return false;
      }
    },
    [edit, location, queryClient],
  );
}

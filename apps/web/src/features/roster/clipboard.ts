import type { RosterItem } from '@app/contracts';
import { placementRefusal } from '@app/domain';
import { useCallback, useSyncExternalStore } from 'react';
import { notify } from '../../app/notify';
import i18n from '../../i18n';
import { itemCalls } from './api';
import { useRosterView } from './context';
import { dayLabel, dutyOf, timesLabel } from './format';
import { OPEN_ROW } from './model';

export type ClipMode = 'cut' | 'copy';
export interface Clip {
  item: RosterItem;
  mode: ClipMode;
}

/** The planner's clipboard of one item: shared by the grid's keys, the toolbox and the card's context menu. */
let clip: Clip | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export function setClip(next: Clip | null) {
  clip = next;
  for (const l of listeners) l();
}

export function useClip(): Clip | null {
  return useSyncExternalStore(
    subscribe,
    () => clip,
    () => null,
  );
}

/** The shortcuts the card's actions answer to, as menus and tooltips show them. */
export const SHORTCUTS = {
  edit: 'Enter',
  copy: 'Ctrl+C',
  cut: 'Ctrl+X',
  paste: 'Ctrl+V',
  delete: 'Del',
  undo: 'Ctrl+Z',
} as const;

/** A label with its shortcut: "Copy (Ctrl+C)". */
export const withShortcut = (label: string, key: keyof typeof SHORTCUTS) => `${label} (${SHORTCUTS[key]})`;

/**
 * Copying (or cutting) one item and pasting it onto a row and day. A paste is one new item made as creating makes
 * it, so it goes where creating and dropping go (`placementRefusal`: any day not past, released or not), asks the
 * usual questions for the person, and is undone from the history like any edit; a cut then removes the original.
 */
export function useItemClipboard() {
  const { data, edit, location, today, locale } = useRosterView();
  const releasedUntil = data.locations[location]?.releasedUntil ?? null;

  const copy = useCallback(
    (item: RosterItem, mode: ClipMode = 'copy') => {
      setClip({ item, mode });
      const what = [dutyOf(data, item)?.identifier ?? '—', dayLabel(item.date, locale), timesLabel(item)]
        .filter(Boolean)
        .join(' · ');
      notify(
        'info',
        i18n.t(mode === 'cut' ? 'roster.clipboard.cut' : 'roster.clipboard.copied', {
          what,
          keys: SHORTCUTS.paste,
        }),
      );
    },
    [data, locale],
  );

  /** One item made on a row and day as a copy of another; a cut then removes the original. */
  const place = useCallback(
    async (item: RosterItem, mode: ClipMode, row: string, date: string): Promise<boolean> => {
      const refusal = placementRefusal(date, today, releasedUntil);
      if (refusal) {
        notify('warning', i18n.t(`roster.clipboard.refused.${refusal}`));
        return false;
      }
      const user = row === OPEN_ROW ? undefined : row;
      const made = await edit.run({
        call: (flags) =>
          itemCalls.create(
            {
              location,
              date,
              duty: item.duty,
              shift: item.shift,
              ...(item.times
                ? { times: { start: item.times.from, end: item.times.until, break: item.times.break } }
                : {}),
              ...(user ? { user } : {}),
              tags: item.tags,
              notes: item.notes ?? undefined,
            },
            flags,
          ),
      });
      if (!made.ok) return false;
      if (mode === 'cut') {
        const removed = await edit.run({
          itemId: item.id,
          optimistic: () => null,
          call: (flags) => itemCalls.remove(item.id, flags),
        });
        return removed.ok;
      }
      return true;
    },
    [edit, location, today, releasedUntil],
  );

  const paste = useCallback(
    async (row: string, date: string): Promise<boolean> => {
      const current = clip;
      if (!current) return false;
      const ok = await place(current.item, current.mode, row, date);
      if (ok && current.mode === 'cut') setClip(null);
      return ok;
    },
    [place],
  );

  return { copy, paste, place };
}

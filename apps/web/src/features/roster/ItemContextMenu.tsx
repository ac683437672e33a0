import type { RosterItem } from '@app/contracts';
import { Kbd, Menu } from '@mantine/core';
import { IconClipboard, IconCopy, IconCut, IconPencil, IconTrash } from '@tabler/icons-react';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { SHORTCUTS, useClip, useItemClipboard } from './clipboard';
import { useRosterView } from './context';
import { dutyOf } from './format';
import { OPEN_ROW } from './model';
import { useDeleteItem } from './toolbox/panels';

interface Opened {
  item: RosterItem;
  x: number;
  y: number;
  /** Where the focus goes back to when the menu closes (the card, else the grid it was opened from). */
  from: HTMLElement | null;
}

let opened: Opened | null = null;
const listeners = new Set<() => void>();
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
function setOpened(next: Opened | null) {
  opened = next;
  for (const l of listeners) l();
}

/** The item's card as the grid shows it now. */
const cardOf = (item: string) => document.querySelector<HTMLElement>(`[data-testid="roster-item-${item}"]`);

/** Opens the card's context menu at the pointer (a card's right click). */
export function openItemMenu(item: RosterItem, event: React.MouseEvent) {
  event.preventDefault();
  const from = event.currentTarget instanceof HTMLElement ? event.currentTarget : null;
  setOpened({ item, x: event.clientX, y: event.clientY, from });
}

/**
 * Opens the card's context menu from the keyboard (the menu key or Shift+F10 on the grid): below the card when it is
 * on screen, else below the element the key was pressed on.
 */
export function openItemMenuAt(item: RosterItem, from: HTMLElement) {
  const box = (cardOf(item.id) ?? from).getBoundingClientRect();
  setOpened({ item, x: box.left, y: box.bottom, from });
}

/**
 * The focus goes back where the menu was opened: the item's card, or the grid (the menu key's tab stop, and where the
 * focus goes when the card is gone: deleted, cut). The card is found by the item's id when the menu closes, not kept
 * as the element that was right-clicked: the grid may have rendered the card anew meanwhile (a load's refetch, a row
 * the virtualised grid mounted again), and the old element takes no focus. A card being rendered anew is waited for
 * a few frames.
 */
function returnFocus(item: string, from: HTMLElement | null, frames = 5) {
  requestAnimationFrame(() => {
    // The closing menu may still hold the focus (its exit transition); a toolbox opened by "Edit" keeps its own.
    const focused = document.activeElement;
    if (focused && focused !== document.body && !focused.closest('[role="menu"]')) return;
    const fromCard = from?.classList.contains('roster-item') ?? false;
    const target = fromCard ? cardOf(item) : from?.isConnected ? from : null;
    if (!target && fromCard && frames > 0) {
      returnFocus(item, from, frames - 1);
      return;
    }
    (target ?? document.querySelector<HTMLElement>('[data-testid="roster-grid"]'))?.focus({ preventScroll: true });
  });
}

/**
 * The card's actions on a right click, each with its shortcut: edit, copy, cut, paste onto the card's cell, delete.
 * One menu for the whole grid, placed at the pointer. A menu of menu items only (no focus placeholder, which axe
 * reads as a child a menu may not have): the first item takes the focus, the arrows move it (Home, End too), Escape
 * closes, and the focus returns to the card.
 */
export function ItemContextMenu() {
  const { t } = useTranslation();
  const view = useRosterView();
  const state = useSyncExternalStore(
    subscribe,
    () => opened,
    () => null,
  );
  const clip = useClip();
  const { copy, paste } = useItemClipboard();
  const remove = useDeleteItem();
  if (!state || !view.planner) return null;
  const { item } = state;
  const row = item.assigned && item.user ? item.user : OPEN_ROW;
  const close = () => {
    setOpened(null);
    returnFocus(item.id, state.from);
  };
  const duty = dutyOf(view.data, item);
  const shortcut = (key: keyof typeof SHORTCUTS) => <Kbd size="xs">{SHORTCUTS[key]}</Kbd>;
  return (
    <Menu
      opened
      onChange={(o) => !o && close()}
      position="bottom-start"
      shadow="lg"
      width={240}
      withinPortal
      withInitialFocusPlaceholder={false}
      returnFocus={false}
      // The browser follows the menu key with a mouse press of its own on the focused card, which is no click
      // outside: only a pointer's press outside closes the menu.
      clickOutsideEvents={['pointerdown', 'touchstart']}
      loop
    >
      <Menu.Target>
        <div style={{ position: 'fixed', left: state.x, top: state.y, width: 1, height: 1 }} aria-hidden />
      </Menu.Target>
      <Menu.Dropdown data-testid="item-menu" aria-label={t('roster.menu.label', { duty: duty?.name ?? '—' })}>
        <Menu.Item
          leftSection={<IconPencil size={14} aria-hidden />}
          rightSection={shortcut('edit')}
          onClick={() => view.openItem(item.id)}
          data-autofocus
          data-testid="item-menu-edit"
        >
          {t('roster.menu.edit')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCopy size={14} aria-hidden />}
          rightSection={shortcut('copy')}
          onClick={() => copy(item, 'copy')}
          data-testid="item-menu-copy"
        >
          {t('roster.menu.copy')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconCut size={14} aria-hidden />}
          rightSection={shortcut('cut')}
          onClick={() => copy(item, 'cut')}
          data-testid="item-menu-cut"
        >
          {t('roster.menu.cut')}
        </Menu.Item>
        <Menu.Item
          leftSection={<IconClipboard size={14} aria-hidden />}
          rightSection={shortcut('paste')}
          disabled={!clip}
          onClick={() => void paste(row, item.date)}
          data-testid="item-menu-paste"
        >
          {t('roster.menu.paste')}
        </Menu.Item>
        <Menu.Item
          color="red.9"
          leftSection={<IconTrash size={14} aria-hidden />}
          rightSection={shortcut('delete')}
          onClick={() => void remove(item.id, true)}
          data-testid="item-menu-delete"
        >
          {t('roster.menu.delete')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

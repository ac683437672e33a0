import type { Period } from '@app/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AddTarget } from '../context';
import type { RosterTab } from '../model';

/** The bulk selection and the open toolbox (an item's or the add panel), closed when the view changes. */
export function useToolboxState(view: {
  location: string | null;
  start: string | null;
  period: Period;
  tab: RosterTab;
}) {
  const { location, start, period, tab } = view;
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const toggleSelected = useCallback(
    (id: string) =>
      setSelected((old) => {
        const next = new Set(old);
        if (next.has(id)) next.delete(id);
        else next.add(id);
        return next;
      }),
    [],
  );
  const clearSelected = useCallback(() => setSelected(new Set()), []);
  const [activeItem, setActiveItem] = useState<string | null>(null);
  const [adding, setAdding] = useState<AddTarget | null>(null);

  // The open toolbox, for closing it from callbacks that stay the same while it changes.
  const open = useRef<{ item: string | null; adding: AddTarget | null }>({ item: null, adding: null });
  open.current = { item: activeItem, adding };
  const closeToolbox = useCallback(() => {
    const { item, adding: target } = open.current;
    const focus = item
      ? `[data-testid="roster-item-${item}"]`
      : target
        ? `[data-testid="add-${target.row}-${target.date}"]`
        : null;
    setActiveItem(null);
    setAdding(null);
    // Focus goes back to what opened the toolbox.
    if (focus) requestAnimationFrame(() => document.querySelector<HTMLElement>(focus)?.focus());
  }, []);
  const openItem = useCallback((id: string) => {
    setAdding(null);
    setActiveItem(id);
  }, []);
  const openAdd = useCallback((target: AddTarget) => {
    setActiveItem(null);
    setAdding(target);
  }, []);

  // A new period or location closes the toolbox.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the view changes
  useEffect(() => {
    setActiveItem(null);
    setAdding(null);
    setSelected(new Set());
  }, [location, start, period, tab]);
  return { selected, toggleSelected, clearSelected, activeItem, adding, closeToolbox, openItem, openAdd };
}

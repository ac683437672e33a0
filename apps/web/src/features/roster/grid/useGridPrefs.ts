import { useCallback, useMemo, useState } from 'react';
import { GROUPINGS, type Grouping, SORTINGS, type Sorting } from './rowView';
import { isZoom, type Zoom } from './zoom';

/** Choices kept in this browser (not the account): a planner's screen, not the team's. */
const STORE = 'rosterly.roster.grid';

interface Stored {
  zoom?: unknown;
  grouping?: unknown;
  sorting?: unknown;
  /** Planning (location) ids whose open duties row is collapsed. */
  openCollapsed?: unknown;
  /** Closed groups by planning and grouping: `${location}|${grouping}` → keys. */
  collapsedGroups?: unknown;
  /** A row per resource under the people. */
  resourceRows?: unknown;
}

function read(): Stored {
  try {
    const value = JSON.parse(globalThis.localStorage?.getItem(STORE) ?? '{}') as unknown;
    return value && typeof value === 'object' ? (value as Stored) : {};
  } catch {
    return {};
  }
}

function write(next: Stored) {
  try {
    globalThis.localStorage?.setItem(STORE, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the choice holds for this page only.
  }
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/**
 * The grid's arrangement for a planning: zoom, grouping, sorting and the resource rows (remembered for every
 * planning), the open
 * duties' row collapsed and the closed groups (remembered per planning), and the search (this page only).
 */
export function useGridPrefs(location: string) {
  const [stored, setStored] = useState(read);
  const [query, setQuery] = useState('');
  const update = useCallback((change: (old: Stored) => Stored) => {
    setStored((old) => {
      const next = change({ ...read(), ...old });
      write(next);
      return next;
    });
  }, []);
  const zoom: Zoom = isZoom(stored.zoom) ? stored.zoom : 'normal';
  const grouping: Grouping = (GROUPINGS as readonly unknown[]).includes(stored.grouping)
    ? (stored.grouping as Grouping)
    : 'none';
  const sorting: Sorting = (SORTINGS as readonly unknown[]).includes(stored.sorting)
    ? (stored.sorting as Sorting)
    : 'lastName';
  const openCollapsed = strings(stored.openCollapsed).includes(location);
  const groupsKey = `${location}|${grouping}`;
  const closedGroups = (stored.collapsedGroups ?? {}) as Record<string, unknown>;
  const collapsedList = strings(closedGroups[groupsKey]);
  const collapsedKey = collapsedList.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: the set changes exactly when its keys do
  const collapsed = useMemo(() => new Set(collapsedList), [collapsedKey]);
  return {
    zoom,
    setZoom: useCallback((z: Zoom) => update((old) => ({ ...old, zoom: z })), [update]),
    grouping,
    setGrouping: useCallback((g: Grouping) => update((old) => ({ ...old, grouping: g })), [update]),
    sorting,
    setSorting: useCallback((s: Sorting) => update((old) => ({ ...old, sorting: s })), [update]),
    query,
    setQuery,
    resourceRows: stored.resourceRows === true,
    setResourceRows: useCallback((on: boolean) => update((old) => ({ ...old, resourceRows: on })), [update]),
    openCollapsed,
    toggleOpen: useCallback(
      () =>
        update((old) => {
          const list = strings(old.openCollapsed);
          return {
            ...old,
            openCollapsed: list.includes(location) ? list.filter((l) => l !== location) : [...list, location],
          };
        }),
      [update, location],
    ),
    collapsed,
    toggleGroup: useCallback(
      (key: string) =>
        update((old) => {
          const all = { ...((old.collapsedGroups ?? {}) as Record<string, unknown>) };
          const list = strings(all[groupsKey]);
          all[groupsKey] = list.includes(key) ? list.filter((k) => k !== key) : [...list, key];
          return { ...old, collapsedGroups: all };
        }),
      [update, groupsKey],
    ),
  };
}

import type { RosterItem } from '@app/contracts';
import {
  DndContext,
  type DragEndEvent,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import { Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRosterView } from './context';
import { GridFilters } from './grid/GridFilters';
import { GridScroll } from './grid/GridScroll';
import { OpenRowToggle } from './grid/OpenRow';
import { arrangeRows, itemsByResource, openPerDay } from './grid/rowView';
import { useGridPrefs } from './grid/useGridPrefs';
import { ItemCard } from './ItemCard';
import { ItemContextMenu } from './ItemContextMenu';
import type { RosterRow } from './model';
import { useMoveItem } from './useMoveItem';

/**
 * A drag starts after 6 px, so a click still opens the toolbox. One object for good: options that are new on every
 * render make new sensors, a new drag context, and every drag source on screen renders again (each scrolled frame).
 */
const POINTER_SENSOR = { activationConstraint: { distance: 6 } };
const NO_CELLS = new Map<string, RosterItem[]>();

/**
 * The planner's grid: a row per person plus the open duties, a column per day; rows are virtualised. The grid is
 * one tab stop: arrows (Home, End, Page up/down) move the active cell, Enter opens its first item's toolbox (or
 * adds one), Delete removes its first item.
 */
export function RosterGrid({
  rows,
  cells,
  dayMinutes,
  visible,
}: {
  rows: RosterRow[];
  cells: Map<string, RosterItem[]>;
  dayMinutes: Map<string, number>;
  /** Whether an item shows under the tab and filters (the resource rows show those too). */
  visible: (item: RosterItem) => boolean;
}) {
  const { t } = useTranslation();
  const view = useRosterView();
  const moveItem = useMoveItem();
  const [dragged, setDragged] = useState<RosterItem | null>(null);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_SENSOR), useSensor(KeyboardSensor));
  // Why the cell under the dragged card refuses it (a day that takes no duty), shown on the card while dragging.
  const [refusal, setRefusal] = useState<string | null>(null);
  const onDragEnd = (event: DragEndEvent) => {
    setDragged(null);
    setRefusal(null);
    const item = event.active.data.current?.item as RosterItem | undefined;
    const target = event.over?.data.current as { row: string; date: string; refused?: string } | undefined;
    if (item && target && !target.refused) void moveItem(item, target.row, target.date, 'cut');
  };
  const days = view.data.days;
  // A big planning's arrangement (grid/rowView.ts): search, groups, sorting, zoom, the open row collapsed.
  const prefs = useGridPrefs(view.location);
  const withRoles = Object.values(view.data.users).some((u) => u.roles !== undefined);
  const grouping = prefs.grouping === 'role' && !withRoles ? 'none' : prefs.grouping;
  const { sorting, query, collapsed, openCollapsed, toggleOpen } = prefs;
  const withResources = Object.keys(view.data.resources ?? {}).length > 0;
  const resources = prefs.resourceRows && withResources;
  const lines = useMemo(
    () => arrangeRows(rows, view.data, { grouping, sorting, query, collapsed, resources }),
    [rows, view.data, grouping, sorting, query, collapsed, resources],
  );
  const resourceCells = useMemo(
    () => (resources ? itemsByResource(view.data.items, visible) : NO_CELLS),
    [resources, view.data.items, visible],
  );
  const people = rows.filter((r) => r.kind === 'person').length;
  const shown = lines.filter((r) => r.kind === 'person').length;
  const openCounts = useMemo(
    () =>
      openCollapsed
        ? openPerDay(
            cells,
            days.map((d) => d.date),
          )
        : null,
    [openCollapsed, cells, days],
  );
  const openToggle = useMemo(() => <OpenRowToggle collapsed={false} onToggle={toggleOpen} />, [toggleOpen]);
  const onGroupToggle = useCallback((key: string) => prefs.toggleGroup(key), [prefs.toggleGroup]);
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
  return (
    <>
      <GridFilters prefs={prefs} withRoles={withRoles} withResources={withResources} shown={shown} total={people} />
      {shown === 0 && query.trim() !== '' && (
        <Text size="sm" c="gray.7" data-testid="roster-no-match">
          {t('roster.bigGrid.noMatch')}
        </Text>
      )}
      <DndContext
        sensors={sensors}
        onDragStart={(event) => setDragged((event.active.data.current?.item as RosterItem | undefined) ?? null)}
        onDragCancel={() => {
          setDragged(null);
          setRefusal(null);
        }}
        onDragOver={(event) => setRefusal((event.over?.data.current?.refused as string | undefined) ?? null)}
        onDragEnd={onDragEnd}
        accessibility={{ screenReaderInstructions: { draggable: t('roster.dnd.instructions') } }}
      >
        <GridScroll
          lines={lines}
          cells={cells}
          resourceCells={resourceCells}
          dayMinutes={dayMinutes}
          view={view}
          itemsView={itemsView}
          zoom={prefs.zoom}
          dragged={dragged}
          openCounts={openCounts}
          openToggle={openToggle}
          onGroupToggle={onGroupToggle}
          onOpenExpand={toggleOpen}
          toolboxRow={toolboxRow}
        />
        <ItemContextMenu />
        <DragOverlay dropAnimation={null}>
          {dragged ? (
            <div>
              <ItemCard item={dragged} onOpen={() => undefined} tabIndex={-1} />
              {refusal && (
                <div className="roster-drag-refusal" role="status" data-testid="roster-drag-refusal">
                  {refusal}
                </div>
              )}
            </div>
          ) : null}
        </DragOverlay>
      </DndContext>
    </>
  );
}

import { weekStart } from '@app/domain';
import { defaultRangeExtractor, useVirtualizer } from '@tanstack/react-virtual';
import { useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { RosterView } from '../context';
import { DayHeader } from '../DayHeader';
import type { GridLine } from './rowView';

/**
 * The grid's virtualised rows and days: only what is in view (and a few beyond) renders, deferred so scrolling
 * stays smooth; the day heads are all rendered and measured.
 */
export function useGridVirtual({
  rows,
  dayMinutes,
  view,
  parent,
}: {
  rows: GridLine[];
  dayMinutes: Map<string, number>;
  view: RosterView;
  parent: React.RefObject<HTMLDivElement | null>;
}) {
  const days = view.data.days;
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => parent.current,
    estimateSize: () => 64,
    // A few rows beyond the view, not more: every day scrolled into view is built for each of them too.
    overscan: 3,
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
    overscan: 1,
    useFlushSync: false,
    paddingStart: nameWidth,
    getItemKey: (index) => days[index].date,
  });
  const visibleColumns = columns.getVirtualItems();
  const virtualRows = virtualizer.getVirtualItems();
  // What scrolling brings into view renders as a transition: the scroll itself renders the rows on screen as they
  // were (memoised: nothing to do), then React renders the new rows and days in slices that let the page scroll and
  // paint in between, instead of one long task when a jump brings hundreds of items at once.
  const latest = useMemo(
    () => ({
      rows: virtualRows,
      firstColumn: visibleColumns[0]?.index ?? 0,
      lastColumn: visibleColumns[visibleColumns.length - 1]?.index ?? days.length - 1,
    }),
    [virtualRows, visibleColumns, days.length],
  );
  const deferred = useDeferredValue(latest);
  // The first rows render at once: only scrolling is deferred. (The rows in view are known only once the grid is
  // measured, after its first render; deferring that step left a busy phone, whose transitions wait behind every
  // other update, with an empty grid for seconds.)
  const rendered = deferred.rows.length === 0 && latest.rows.length > 0 ? latest : deferred;
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
  return { virtualizer, columns, rendered, firstColumn, lastColumn, corner, dayHeads };
}

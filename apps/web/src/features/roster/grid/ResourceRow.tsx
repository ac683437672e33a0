import type { RosterItem, RosterResponse } from '@app/contracts';
import { RESOURCE_CONFLICT } from '@app/domain';
import { Text } from '@mantine/core';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { ResourceIcon } from '../../resources/ResourceIcon';
import { dayLabel } from '../format';
import { cellKey } from '../model';
import { cellId } from './GridCell';
import type { ResourceLine } from './rowView';

/**
 * A resource's row (docs/product/resources.md, "On the roster"): per day the items that carry it, with their person
 * (or "open") and times. An item whose resource is double-booked (the stored conflict `RESOURCE`) is marked red, and
 * the row's head counts those days. The row shows; the items are planned in their own rows.
 */
export const ResourceRow = memo(function ResourceRow({
  line,
  index,
  data,
  cells,
  locale,
  activeDay,
  template,
  start,
  measure,
  firstColumn,
  lastColumn,
  onCellPointer,
}: {
  line: ResourceLine;
  index: number;
  data: RosterResponse;
  cells: Map<string, RosterItem[]>;
  locale: string;
  activeDay: string | null;
  template: string;
  start: number;
  measure: (node: Element | null) => void;
  firstColumn: number;
  lastColumn: number;
  onCellPointer: (row: number, date: string) => void;
}) {
  const { t } = useTranslation();
  const resource = data.resources?.[line.resource];
  if (!resource) return null;
  const clashDays = data.days.filter((d) =>
    (cells.get(cellKey(line.id, d.date)) ?? []).some((i) => i.conflicts?.includes(RESOURCE_CONFLICT)),
  ).length;
  const detail = [
    resource.type,
    resource.capacity ? t('roster.resourceRows.capacity', { count: resource.capacity }) : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    // biome-ignore lint/a11y/useSemanticElements: rows of a virtualised grid are positioned absolutely; table rows cannot be
    <div
      role="row"
      tabIndex={-1}
      aria-rowindex={index + 2}
      className="roster-row roster-resource-row"
      data-kind="resource"
      data-index={index}
      data-testid={`roster-row-${line.id}`}
      ref={measure}
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)` }}
    >
      {/* biome-ignore lint/a11y/useSemanticElements: see the row */}
      <div role="rowheader" tabIndex={-1} aria-colindex={1} style={{ gridColumn: 1 }} className="roster-row-head">
        <Text size="sm" fw={600} truncate className="roster-resource-name">
          <ResourceIcon kind={resource.kind} size={14} /> {resource.name}
        </Text>
        {detail && (
          <Text size="xs" c="gray.7" truncate>
            {detail}
          </Text>
        )}
        {clashDays > 0 && (
          <Text size="xs" c="red.9" fw={600} data-testid={`resource-clashes-${resource.id}`}>
            {t('roster.resourceRows.clashDays', { count: clashDays })}
          </Text>
        )}
      </div>
      {data.days.slice(firstColumn, lastColumn + 1).map((day, i) => {
        const items = cells.get(cellKey(line.id, day.date)) ?? [];
        return (
          // biome-ignore lint/a11y/useSemanticElements: see the row
          <div
            key={day.date}
            id={cellId(line.id, day.date)}
            role="gridcell"
            tabIndex={-1}
            aria-colindex={firstColumn + i + 2}
            aria-selected={activeDay === day.date}
            data-active={activeDay === day.date || undefined}
            style={{ gridColumn: firstColumn + i + 2 }}
            className="roster-cell roster-resource-cell"
            data-past={day.past || undefined}
            onPointerDown={() => onCellPointer(index, day.date)}
            data-testid={`cell-${line.id}-${day.date}`}
          >
            {items.map((item) => {
              const clash = item.conflicts?.includes(RESOURCE_CONFLICT) ?? false;
              const who = item.assigned
                ? item.user
                  ? (data.users[item.user]?.name ?? t('roster.hiddenName'))
                  : t('roster.hiddenName')
                : t('roster.resourceRows.open');
              const role = item.travelRole ? ` (${t(`roster.resourceRows.${item.travelRole}`)})` : '';
              const times = item.times ? `${item.times.from}–${item.times.until}` : t('roster.resourceRows.allDay');
              const label = clash
                ? t('roster.resourceRows.itemClash', { who: who + role, times, date: dayLabel(day.date, locale) })
                : t('roster.resourceRows.item', { who: who + role, times, date: dayLabel(day.date, locale) });
              return (
                <div
                  key={item.id}
                  className="roster-resource-use"
                  data-clash={clash || undefined}
                  title={label}
                  aria-label={label}
                  role="note"
                  data-testid={`resource-use-${item.id}`}
                >
                  <span className="roster-resource-times">{times}</span>
                  <span className="roster-resource-who">
                    {who}
                    {role}
                  </span>
                </div>
              );
            })}
          </div>
        );
      })}
    </div>
  );
});

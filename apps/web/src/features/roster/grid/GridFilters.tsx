import { CloseButton, Group, SegmentedControl, Select, Switch, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { GROUPINGS, type Grouping, SORTINGS, type Sorting } from './rowView';
import type { useGridPrefs } from './useGridPrefs';
import { ZOOMS, type Zoom } from './zoom';

/**
 * Above the grid (docs/product/roster.md, "A big planning"): a search over names and duties, grouping and sorting
 * of the rows, the day width, and rows for the resources when the load names any. Grouping by role is offered when
 * the load names roles (planners).
 */
export function GridFilters({
  prefs,
  withRoles,
  withResources,
  shown,
  total,
}: {
  prefs: ReturnType<typeof useGridPrefs>;
  withRoles: boolean;
  withResources: boolean;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation();
  const groupings = GROUPINGS.filter((g) => g !== 'role' || withRoles);
  return (
    <Group gap="xs" wrap="wrap" className="roster-grid-filters" data-testid="roster-grid-filters">
      <TextInput
        size="xs"
        w={240}
        leftSection={<IconSearch size={14} aria-hidden />}
        placeholder={t('roster.bigGrid.search')}
        aria-label={t('roster.bigGrid.searchLabel')}
        value={prefs.query}
        onChange={(e) => prefs.setQuery(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key === 'Escape') prefs.setQuery('');
        }}
        rightSection={
          prefs.query ? (
            <CloseButton size="sm" aria-label={t('roster.bigGrid.clearSearch')} onClick={() => prefs.setQuery('')} />
          ) : null
        }
        data-testid="roster-search"
      />
      <Select
        size="xs"
        w={170}
        aria-label={t('roster.bigGrid.grouping')}
        data={groupings.map((g) => ({ value: g, label: t(`roster.bigGrid.groupings.${g}`) }))}
        value={prefs.grouping === 'role' && !withRoles ? 'none' : prefs.grouping}
        onChange={(v) => v && prefs.setGrouping(v as Grouping)}
        allowDeselect={false}
        data-testid="roster-grouping"
      />
      <Select
        size="xs"
        w={190}
        aria-label={t('roster.bigGrid.sorting')}
        data={SORTINGS.map((s) => ({ value: s, label: t(`roster.bigGrid.sortings.${s}`) }))}
        value={prefs.sorting}
        onChange={(v) => v && prefs.setSorting(v as Sorting)}
        allowDeselect={false}
        data-testid="roster-sorting"
      />
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="gray.7" id="roster-zoom-label">
          {t('roster.bigGrid.zoom')}
        </Text>
        <SegmentedControl
          size="xs"
          aria-labelledby="roster-zoom-label"
          data={ZOOMS.map((z) => ({ value: z, label: t(`roster.bigGrid.zooms.${z}`) }))}
          value={prefs.zoom}
          onChange={(v) => prefs.setZoom(v as Zoom)}
          data-testid="roster-zoom"
        />
      </Group>
      {withResources && (
        <Switch
          size="xs"
          label={t('roster.resourceRows.toggle')}
          checked={prefs.resourceRows}
          onChange={(e) => prefs.setResourceRows(e.currentTarget.checked)}
          data-testid="roster-resource-rows"
        />
      )}
      <Text size="xs" c="gray.7" aria-live="polite" data-testid="roster-shown">
        {shown < total ? t('roster.bigGrid.shown', { shown, total }) : null}
      </Text>
    </Group>
  );
}

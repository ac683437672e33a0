import type { ReportStatus } from '@app/contracts';
import { Button, Group, MultiSelect, Paper, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { firstOfMonth, lastOfMonth, type ReportBuilderState } from './useReportBuilder';

const ref = (list: { id: string; name: string }[] | undefined) =>
  (list ?? []).map((x) => ({ value: x.id, label: x.name }));

/** The range (with this and last month at a click) and the filters by location, member, duty, cost centre, status. */
export function FiltersSection({ b, prefix }: { b: ReportBuilderState; prefix: string }) {
  const { t } = useTranslation();
  const { filters, set, rangeOk, today, lastMonth } = b;
  const o = b.options.data;
  const statusLabel = (s: string) => t(`reports.status.${s}`);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={`${prefix}-filters-title`}>
      <Title order={3} size="h4" id={`${prefix}-filters-title`} mb="sm">
        {t('reports.filters.title')}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        <TextInput
          type="date"
          label={t('reports.filters.from')}
          data-testid="report-from"
          value={filters.from}
          onChange={(e) => set({ from: e.currentTarget.value })}
          required
        />
        <TextInput
          type="date"
          label={t('reports.filters.until')}
          data-testid="report-until"
          value={filters.until}
          onChange={(e) => set({ until: e.currentTarget.value })}
          error={rangeOk ? undefined : t('validation.range')}
          required
        />
        <Group gap="xs" align="flex-end">
          <Button
            variant="default"
            size="sm"
            onClick={() => set({ from: firstOfMonth(today), until: lastOfMonth(firstOfMonth(today)) })}
          >
            {t('reports.filters.thisMonth')}
          </Button>
          <Button variant="default" size="sm" onClick={() => set({ from: lastMonth, until: lastOfMonth(lastMonth) })}>
            {t('reports.filters.lastMonth')}
          </Button>
        </Group>
        <MultiSelect
          label={t('reports.filters.locations')}
          placeholder={t('reports.filters.all')}
          data={ref(o?.locations)}
          value={filters.locations ?? []}
          onChange={(v) => set({ locations: v })}
          searchable
          clearable
        />
        <MultiSelect
          label={t('reports.filters.members')}
          placeholder={t('reports.filters.all')}
          data={ref(o?.members)}
          value={filters.members ?? []}
          onChange={(v) => set({ members: v })}
          searchable
          clearable
        />
        <MultiSelect
          label={t('reports.filters.duties')}
          placeholder={t('reports.filters.all')}
          data={ref(o?.duties)}
          value={filters.duties ?? []}
          onChange={(v) => set({ duties: v })}
          searchable
          clearable
        />
        <MultiSelect
          label={t('reports.filters.costCentres')}
          placeholder={t('reports.filters.all')}
          data={ref(o?.costCentres)}
          value={filters.costCentres ?? []}
          onChange={(v) => set({ costCentres: v })}
          searchable
          clearable
        />
        <MultiSelect
          label={t('reports.filters.statuses')}
          placeholder={t('reports.filters.all')}
          data={(o?.statuses ?? []).map((s) => ({ value: s, label: statusLabel(s) }))}
          value={filters.statuses ?? []}
          onChange={(v) => set({ statuses: v as ReportStatus[] })}
          clearable
        />
      </SimpleGrid>
    </Paper>
  );
}

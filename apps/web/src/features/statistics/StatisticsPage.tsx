import '@mantine/charts/styles.layer.css';
import { StatisticsResponse } from '@app/contracts';
import { addDays, addMonths, todayIn } from '@app/domain';
import { BarChart } from '@mantine/charts';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { get } from '../../app/api';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { formatMonth, formatShortDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { formatEuro, formatMinutes } from '../hours/format';

const hoursOf = (minutes: number) => Math.round(minutes / 6) / 10;

/** `statistics` (accountants and owners): overview and details of a month, charts with their numbers as tables. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const [month, setMonth] = useState(() => todayIn(session.account.settings.timeZone).slice(0, 7));
  const [location, setLocation] = useState<string | null>(null);
  const from = `${month}-01`;
  const until = addDays(addMonths(from, 1), -1);
  const query = useQuery({
    queryKey: ['statistics', from, until, location],
    queryFn: async () =>
      await get(
        StatisticsResponse,
        `/api/statistics?from=${from}&until=${until}${location ? `&location=${encodeURIComponent(location)}` : ''}`,
      ),
    placeholderData: keepPreviousData,
  });
  const data = query.data;
  const monthLabel = formatMonth(from, lang);
  const weekLabel = (monday: string) => formatShortDate(monday, lang);

  return (
    <Stack gap="lg" data-testid="statistics-page">
      <PageTitle title={t('statistics.title')} subtitle={monthLabel} />
      <Group gap="xs" wrap="wrap" align="flex-end">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('statistics.previous')}
          onClick={() => setMonth(addMonths(from, -1).slice(0, 7))}
        >
          ‹
        </ActionIcon>
        <Text fw={600} miw={140} ta="center" data-testid="statistics-month">
          {monthLabel}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('statistics.next')}
          onClick={() => setMonth(addMonths(from, 1).slice(0, 7))}
        >
          ›
        </ActionIcon>
        <Select
          label={t('statistics.location')}
          placeholder={t('statistics.allLocations')}
          data={(data?.options.locations ?? []).map((l) => ({ value: l.id, label: l.name }))}
          value={location}
          onChange={setLocation}
          clearable
          w={{ base: '100%', xs: 240 }}
        />
      </Group>
      {query.isPending && <Skeleton h={320} />}
      {query.isError && (
        <Alert color="red" title={t('statistics.error')}>
          <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {data && (
        <Tabs defaultValue="overview" keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="overview" data-testid="statistics-tab-overview">
              {t('statistics.tabs.overview')}
            </Tabs.Tab>
            <Tabs.Tab value="details" data-testid="statistics-tab-details">
              {t('statistics.tabs.details')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="overview" pt="md">
            <Stack gap="lg">
              <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="statistics-totals">
                <Stat label={t('statistics.planned')} value={formatMinutes(data.totals.plannedMinutes)} />
                <Stat label={t('statistics.worked')} value={formatMinutes(data.totals.workedMinutes)} />
                <Stat label={t('statistics.contract')} value={formatMinutes(data.totals.contractMinutes)} />
                <Stat label={t('statistics.overtime')} value={formatMinutes(data.totals.overtimeMinutes)} />
                <Stat
                  label={t('statistics.sicknessRate')}
                  value={`${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(data.totals.sicknessRate)} %`}
                />
                <Stat label={t('statistics.openDuties')} value={String(data.totals.openDuties)} />
                <Stat label={t('statistics.cost')} value={formatEuro(data.totals.costCents, lang)} />
              </SimpleGrid>
              <ChartCard
                title={t('statistics.charts.weeks')}
                testId="chart-weeks"
                data={data.weeks.map((w) => ({
                  label: weekLabel(w.week),
                  planned: hoursOf(w.plannedMinutes),
                  worked: hoursOf(w.workedMinutes),
                  contract: hoursOf(w.contractMinutes),
                }))}
                series={[
                  { name: 'planned', label: t('statistics.planned'), color: 'blue.6' },
                  { name: 'worked', label: t('statistics.worked'), color: 'teal.6' },
                  { name: 'contract', label: t('statistics.contract'), color: 'gray.5' },
                ]}
                unit=" h"
                columns={[
                  t('statistics.week'),
                  t('statistics.planned'),
                  t('statistics.worked'),
                  t('statistics.contract'),
                ]}
                rows={data.weeks.map((w) => [
                  weekLabel(w.week),
                  formatMinutes(w.plannedMinutes),
                  formatMinutes(w.workedMinutes),
                  formatMinutes(w.contractMinutes),
                ])}
              />
              <ChartCard
                title={t('statistics.charts.costByLocation')}
                testId="chart-locations"
                data={data.locations.map((l) => ({ label: l.name, cost: l.costCents / 100 }))}
                series={[{ name: 'cost', label: t('statistics.cost'), color: 'indigo.6' }]}
                unit=" €"
                columns={[t('statistics.location'), t('statistics.cost'), t('statistics.openDuties')]}
                rows={data.locations.map((l) => [l.name, formatEuro(l.costCents, lang), String(l.openDuties)])}
              />
            </Stack>
          </Tabs.Panel>
          <Tabs.Panel value="details" pt="md">
            <Stack gap="lg">
              <TableCard
                title={t('statistics.byPerson')}
                testId="table-people"
                columns={[
                  t('statistics.person'),
                  t('statistics.planned'),
                  t('statistics.worked'),
                  t('statistics.contract'),
                  t('statistics.overtime'),
                  t('statistics.sick'),
                ]}
                rows={data.people.map((p) => [
                  p.name,
                  formatMinutes(p.plannedMinutes),
                  formatMinutes(p.workedMinutes),
                  formatMinutes(p.contractMinutes),
                  formatMinutes(p.overtimeMinutes),
                  formatMinutes(p.sickMinutes),
                ])}
              />
              <TableCard
                title={t('statistics.byDuty')}
                testId="table-duties"
                columns={[t('statistics.duty'), t('statistics.planned'), t('statistics.worked'), t('statistics.cost')]}
                rows={data.duties.map((d) => [
                  d.name ?? t('statistics.noDuty'),
                  formatMinutes(d.plannedMinutes),
                  formatMinutes(d.workedMinutes),
                  formatEuro(d.costCents, lang),
                ])}
              />
              <TableCard
                title={t('statistics.byLocation')}
                testId="table-locations"
                columns={[
                  t('statistics.location'),
                  t('statistics.planned'),
                  t('statistics.worked'),
                  t('statistics.cost'),
                  t('statistics.openDuties'),
                ]}
                rows={data.locations.map((l) => [
                  l.name,
                  formatMinutes(l.plannedMinutes),
                  formatMinutes(l.workedMinutes),
                  formatEuro(l.costCents, lang),
                  String(l.openDuties),
                ])}
              />
              <TableCard
                title={t('statistics.byWeek')}
                testId="table-weeks"
                columns={[t('statistics.week'), t('statistics.planned'), t('statistics.worked'), t('statistics.cost')]}
                rows={data.weeks.map((w) => [
                  weekLabel(w.week),
                  formatMinutes(w.plannedMinutes),
                  formatMinutes(w.workedMinutes),
                  formatEuro(w.costCents, lang),
                ])}
              />
            </Stack>
          </Tabs.Panel>
        </Tabs>
      )}
    </Stack>
  );
}

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder p="sm">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="lg">
        {value}
      </Text>
    </Paper>
  );
}

/** A chart (hidden from screen readers) with the same numbers as a table below it. */
function ChartCard(props: {
  title: string;
  testId: string;
  data: Record<string, string | number>[];
  series: { name: string; label: string; color: string }[];
  unit: string;
  columns: string[];
  rows: string[][];
}) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid={props.testId}>
      <Title order={3} size="h4" mb="sm">
        {props.title}
      </Title>
      {props.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('statistics.empty')}
        </Text>
      ) : (
        <>
          <div aria-hidden="true">
            <BarChart
              h={240}
              data={props.data}
              dataKey="label"
              series={props.series}
              unit={props.unit}
              withLegend
              yAxisProps={{ width: 72 }}
            />
          </div>
          <DataTable caption={props.title} columns={props.columns} rows={props.rows} />
        </>
      )}
    </Card>
  );
}

function TableCard(props: { title: string; testId: string; columns: string[]; rows: string[][] }) {
  const { t } = useTranslation();
  return (
    <Card withBorder padding="lg" data-testid={props.testId}>
      <Title order={3} size="h4" mb="sm">
        {props.title}
      </Title>
      {props.rows.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('statistics.empty')}
        </Text>
      ) : (
        <DataTable caption={props.title} columns={props.columns} rows={props.rows} />
      )}
    </Card>
  );
}

function DataTable({ caption, columns, rows }: { caption: string; columns: string[]; rows: string[][] }) {
  return (
    // A wide table scrolls sideways on a phone; the region takes the keyboard's focus so it can be scrolled.
    <section
      aria-label={caption}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable (axe scrollable-region-focusable)
      tabIndex={0}
      style={{ overflowX: 'auto', marginTop: 'var(--mantine-spacing-sm)' }}
    >
      <Table striped withTableBorder fz="sm" aria-label={caption}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c, i) => (
              <Table.Th key={c} ta={i === 0 ? 'left' : 'right'}>
                {c}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.join('|')}>
              {r.map((cell, i) => (
                <Table.Td
                  key={`${columns[i]}`}
                  ta={i === 0 ? 'left' : 'right'}
                  style={i === 0 ? undefined : { whiteSpace: 'nowrap' }}
                >
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </section>
  );
}

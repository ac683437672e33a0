import type { TodayEntry, TodayState } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/useLang';
import { PageTitle } from '../../ui/PageTitle';
import { formatDay } from '../notifications/text';
import { OffersOnToday } from '../swaps/OffersOnToday';
import '../notifications/notifications.css';
import { useToday } from './api';

const STATE_COLOR: Record<TodayState, string> = {
  planned: 'gray',
  working: 'blue',
  checkedIn: 'cyan',
  late: 'red',
  sick: 'red',
  done: 'gray',
  open: 'indigo',
  signout: 'grape',
};

/**
 * `today`: who works where now, who is checked in, late or sick, and the open duties (docs/product/notifications.md).
 */
export default function TodayPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useToday();
  const data = query.data;
  const byLocation = useMemo(() => {
    const groups = new Map<string, { name: string; entries: TodayEntry[] }>();
    for (const e of data?.entries ?? []) {
      const g = groups.get(e.location.id) ?? { name: e.location.name, entries: [] };
      g.entries.push(e);
      groups.set(e.location.id, g);
    }
    return [...groups.entries()].sort((a, b) => a[1].name.localeCompare(b[1].name));
  }, [data]);
  const checkins = data?.entries.some((e) => e.checkedIn !== null) ?? false;

  return (
    <Stack gap="lg" data-testid="today-page">
      <PageTitle title={t('today.title')} subtitle={data ? formatDay(data.date, lang) : undefined} />
      <OffersOnToday />
      {query.isPending && (
        <Stack>
          <Skeleton h={70} />
          <Skeleton h={240} />
        </Stack>
      )}
      {query.isError && (
        <Alert color="red" title={t('today.error')}>
          <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {data && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, md: checkins ? 5 : 4 }} data-testid="today-counts">
            <Stat label={t('today.counts.planned')} value={data.counts.planned} />
            <Stat label={t('today.counts.working')} value={data.counts.working} />
            {checkins && (
              <Stat label={t('today.counts.checkedIn')} value={data.counts.checkedIn} testId="count-checkedIn" />
            )}
            {checkins && <Stat label={t('today.counts.late')} value={data.counts.late} />}
            <Stat label={t('today.counts.sick')} value={data.counts.sick} />
            <Stat label={t('today.counts.open')} value={data.counts.open} />
          </SimpleGrid>
          {data.entries.length === 0 ? (
            <Card withBorder padding="lg" data-testid="today-empty">
              <Text c="dimmed">{t('today.empty')}</Text>
            </Card>
          ) : (
            <Tabs defaultValue="employees" keepMounted={false}>
              <Tabs.List>
                <Tabs.Tab value="employees" data-testid="today-tab-employees">
                  {t('today.tabs.employees')}
                </Tabs.Tab>
                <Tabs.Tab value="locations" data-testid="today-tab-locations">
                  {t('today.tabs.locations')}
                </Tabs.Tab>
              </Tabs.List>
              <Tabs.Panel value="employees" pt="md">
                <EntryList entries={data.entries} show="location" />
              </Tabs.Panel>
              <Tabs.Panel value="locations" pt="md">
                <Stack gap="lg">
                  {byLocation.map(([id, g]) => (
                    <Stack gap="xs" key={id} data-testid="today-location">
                      <Title order={3} size="h4">
                        {g.name}
                      </Title>
                      <EntryList entries={g.entries} show="person" />
                    </Stack>
                  ))}
                </Stack>
              </Tabs.Panel>
            </Tabs>
          )}
        </>
      )}
    </Stack>
  );
}

function Stat({ label, value, testId }: { label: string; value: number; testId?: string }) {
  return (
    <Paper withBorder p="sm" data-testid={testId}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={700} size="xl">
        {value}
      </Text>
    </Paper>
  );
}

function EntryList({ entries, show }: { entries: TodayEntry[]; show: 'location' | 'person' }) {
  const { t } = useTranslation();
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
      {entries.map((e) => (
        <Paper component="li" withBorder p="sm" key={e.item} data-testid="today-entry" data-state={e.state}>
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 240px' }}>
              <Text size="sm" fw={600} w={96} style={{ flexShrink: 0 }}>
                {e.from && e.until ? `${e.from}–${e.until}` : t('today.allDay')}
              </Text>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text size="sm" fw={500} truncate>
                  {show === 'person' || !e.person
                    ? (e.person?.name ?? t('today.openDuty'))
                    : `${e.person.name} · ${e.location.name}`}
                </Text>
                <Group gap={6}>
                  {e.duty && (
                    <Text size="xs" c="dimmed">
                      <span className="today-dot" style={{ background: e.duty.color }} aria-hidden="true" />
                      {e.duty.name}
                    </Text>
                  )}
                  {show === 'person' && !e.person ? null : show === 'location' && !e.person ? (
                    <Text size="xs" c="dimmed">
                      {e.location.name}
                    </Text>
                  ) : null}
                </Group>
              </Stack>
            </Group>
            <Badge
              color={STATE_COLOR[e.state]}
              c={`${STATE_COLOR[e.state]}.9`}
              variant="light"
              data-testid="today-state"
            >
              {t(`today.states.${e.state}`)}
            </Badge>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

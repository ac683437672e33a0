import type { TodayEntry, WallScreenView } from '@app/contracts';
import { Badge, Box, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { BusyLoader } from '../../ui/BusyLoader';
import { formatTime, formatTimeRange, formatWeekdayDate } from '../../ui/format';
import { readWallScreen, wallScreenKeys } from './api';
import './wallScreen.css';

/** How often the screen asks again: who is working changes by the minute. */
const REFRESH_MS = 60_000;

type Column = 'now' | 'later' | 'open';
/** Which column each state of a duty belongs to; finished duties leave the screen. */
const COLUMN: Partial<Record<TodayEntry['state'], Column>> = {
  working: 'now',
  checkedIn: 'now',
  late: 'now',
  planned: 'later',
  signout: 'later',
  open: 'open',
};

/**
 * A planning's today on a screen in the staff room, opened by its secret address without signing in
 * (docs/product/wall-screen.md): who works now, who comes later, which duties are open. Large type, read from afar.
 */
export default function WallScreenPage() {
  const { t, i18n } = useTranslation();
  const { id = '', hash = '' } = useParams();
  const view = useQuery({
    queryKey: wallScreenKeys.view(id),
    queryFn: () => readWallScreen(id, hash),
    refetchInterval: REFRESH_MS,
    retry: (count, error) => !(isApiError(error) && error.status === 404) && count < 3,
    meta: { handled: () => true },
  });
  const clock = useClock();

  if (view.isPending) {
    return (
      <Box className="wall-screen wall-screen--center">
        <BusyLoader />
      </Box>
    );
  }
  if (!view.data) {
    const gone = isApiError(view.error) && view.error.status === 404;
    return (
      <Box className="wall-screen wall-screen--center" data-testid="wall-screen-gone">
        <Stack align="center" gap="xs" maw={560}>
          <Title order={1}>{gone ? t('wallScreen.goneTitle') : t('wallScreen.failedTitle')}</Title>
          <Text size="lg" ta="center">
            {gone ? t('wallScreen.goneText') : t('wallScreen.failedText')}
          </Text>
        </Stack>
      </Box>
    );
  }
  return <WallScreenBoard data={view.data} clock={clock} lang={i18n.language} stale={view.isError} />;
}

function WallScreenBoard({
  data,
  clock,
  lang,
  stale,
}: {
  data: WallScreenView;
  clock: Date;
  lang: string;
  stale: boolean;
}) {
  const { t } = useTranslation();
  const columns: Record<Column, TodayEntry[]> = { now: [], later: [], open: [] };
  for (const entry of data.entries) {
    const column = COLUMN[entry.state];
    if (column) columns[column].push(entry);
  }
  const sick = data.entries.filter((e) => e.state === 'sick' && e.person);
  return (
    <Box className="wall-screen" data-testid="wall-screen">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm" component="header">
        <Stack gap={0}>
          <Title order={1} className="wall-screen__title">
            {t('wallScreen.title', { planning: data.planning })}
          </Title>
          <Text size="xl" c="gray.7">
            {formatWeekdayDate(data.date, lang, 'long')}
          </Text>
        </Stack>
        <Stack gap={0} align="flex-end">
          <Text className="wall-screen__clock" aria-label={t('wallScreen.clock')}>
            {formatTime(clock, lang, data.timeZone)}
          </Text>
          {stale && (
            <Text size="sm" c="red.8" role="status">
              {t('wallScreen.stale', { time: formatTime(data.now, lang, data.timeZone) })}
            </Text>
          )}
        </Stack>
      </Group>
      {!data.released ? (
        <Text size="xl" mt="xl" data-testid="wall-screen-unreleased">
          {t('wallScreen.notReleased')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg" mt="lg">
          <EntryColumn
            title={t('wallScreen.now')}
            entries={columns.now}
            empty={t('wallScreen.nobodyNow')}
            lang={lang}
            testId="now"
          />
          <EntryColumn
            title={t('wallScreen.later')}
            entries={columns.later}
            empty={t('wallScreen.nobodyLater')}
            lang={lang}
            testId="later"
          />
          <EntryColumn
            title={t('wallScreen.open')}
            entries={columns.open}
            empty={t('wallScreen.noneOpen')}
            lang={lang}
            testId="open"
          />
        </SimpleGrid>
      )}
      {sick.length > 0 && (
        <Text size="lg" mt="lg" c="gray.8">
          {t('wallScreen.sick', { names: sick.map((e) => e.person?.name).join(', ') })}
        </Text>
      )}
    </Box>
  );
}

function EntryColumn({
  title,
  entries,
  empty,
  lang,
  testId,
}: {
  title: string;
  entries: TodayEntry[];
  empty: string;
  lang: string;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Box component="section" className="wall-screen__column" data-testid={`wall-screen-${testId}`} aria-label={title}>
      <Title order={2} className="wall-screen__heading">
        {title} <span className="wall-screen__count">{entries.length}</span>
      </Title>
      {entries.length === 0 ? (
        <Text size="lg" c="gray.7">
          {empty}
        </Text>
      ) : (
        <ul className="wall-screen__list">
          {entries.map((entry) => (
            <li key={entry.item} className="wall-screen__entry">
              <span
                className="wall-screen__swatch"
                style={{ background: entry.duty?.color ?? '#868e96' }}
                aria-hidden
              />
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text className="wall-screen__name" truncate>
                  {entry.person?.name ?? entry.duty?.name ?? t('wallScreen.openDuty')}
                  {entry.state === 'late' && (
                    <Badge color="red" variant="filled" ml="xs" size="lg">
                      {t('wallScreen.late')}
                    </Badge>
                  )}
                </Text>
                <Text size="lg" c="gray.8">
                  {[
                    entry.person ? entry.duty?.name : null,
                    entry.from && entry.until ? formatTimeRange(entry.from, entry.until, lang) : t('wallScreen.allDay'),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Text>
              </Stack>
            </li>
          ))}
        </ul>
      )}
    </Box>
  );
}

/** The time now, for the screen's clock, each half minute. */
function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 30_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

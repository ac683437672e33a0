import type { CheckinBoardEntry } from '@app/contracts';
import { Alert, Badge, Button, Card, Group, Paper, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { notify } from '../../app/notify';
import { queryClient } from '../../app/queryClient';
import { useLang } from '../../app/useLang';
import { PageTitle } from '../../ui/PageTitle';
import { formatDay } from '../notifications/text';
import { boardQuery, checkinKeys, checkOutBySupervisor, useCheckinEvents } from './api';
import { useTimeOf } from './time';

const STATE_COLOR = { open: 'gray', checkedIn: 'cyan.9', checkedOut: 'blue.9' } as const;

/** `check-ins` (BETA; supervisors): today's duties in reach, who is checked in, and checking someone out. */
export default function CheckinsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const time = useTimeOf(lang);
  const query = useQuery(boardQuery);
  useCheckinEvents();
  const out = useMutation({
    mutationFn: (entry: CheckinBoardEntry) => checkOutBySupervisor(entry.checkin?.id as string),
    onSuccess: (_r, entry) => notify('success', t('checkins.board.checkedOut', { name: entry.person.name })),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: checkinKeys.all }),
  });
  const data = query.data;
  return (
    <Stack gap="lg" data-testid="checkins-page">
      <PageTitle
        title={t('checkins.board.title')}
        subtitle={data ? formatDay(data.date, lang) : undefined}
        right={<Badge variant="light">{t('checkins.beta')}</Badge>}
      />
      {query.isPending && <Skeleton h={240} />}
      {query.isError && (
        <Alert color="red" title={t('checkins.board.error')}>
          <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {data && (
        <>
          <SimpleGrid cols={3} data-testid="checkins-counts">
            <Stat label={t('checkins.board.planned')} value={data.counts.planned} />
            <Stat label={t('checkins.board.in')} value={data.counts.checkedIn} testId="checkins-count-in" />
            <Stat label={t('checkins.board.out')} value={data.counts.checkedOut} />
          </SimpleGrid>
          {data.entries.length === 0 ? (
            <Card withBorder padding="lg">
              <Text c="dimmed">{t('checkins.board.empty')}</Text>
            </Card>
          ) : (
            <Stack
              gap={6}
              component="ul"
              p={0}
              m={0}
              style={{ listStyle: 'none' }}
              aria-label={t('checkins.board.list')}
            >
              {data.entries.map((e) => (
                <Paper component="li" withBorder p="sm" key={e.item} data-testid="checkin-entry" data-state={e.state}>
                  <Group justify="space-between" wrap="wrap" gap="xs">
                    <Group gap="sm" wrap="nowrap" style={{ minWidth: 0, flex: '1 1 260px' }}>
                      <Text size="sm" fw={600} w={110} style={{ flexShrink: 0, whiteSpace: 'nowrap' }}>
                        {e.from}–{e.until}
                      </Text>
                      <Stack gap={0} style={{ minWidth: 0 }}>
                        <Text size="sm" fw={600} truncate>
                          {e.person.name}
                        </Text>
                        <Text size="xs" c="dimmed" truncate>
                          {[e.location.name, e.duty?.name].filter(Boolean).join(' · ')}
                        </Text>
                      </Stack>
                    </Group>
                    <Group gap="xs" wrap="wrap">
                      {e.checkin && (
                        <Text size="xs" c="dimmed">
                          {t('checkins.mine.inAt', { time: time(e.checkin.checkedInAt) })}
                          {e.checkin.distanceMeters !== null
                            ? ` · ${t('checkins.board.distance', { meters: e.checkin.distanceMeters })}`
                            : ''}
                          {e.checkin.checkedOutAt
                            ? ` · ${t(`checkins.outBy.${e.checkin.checkoutKind ?? 'self'}`, {
                                time: time(e.checkin.checkedOutAt),
                              })}`
                            : ''}
                        </Text>
                      )}
                      {e.checkin?.late && (
                        <Badge color="red.9" variant="light">
                          {t('checkins.late')}
                        </Badge>
                      )}
                      <Badge color={STATE_COLOR[e.state]} variant="light">
                        {t(`checkins.state.${e.state}`)}
                      </Badge>
                      {e.state === 'checkedIn' && (
                        <Button
                          size="compact-sm"
                          variant="light"
                          color="red"
                          loading={out.isPending && out.variables?.item === e.item}
                          onClick={() => out.mutate(e)}
                          aria-label={t('checkins.board.checkOutPerson', { name: e.person.name })}
                          data-testid="supervisor-check-out"
                        >
                          {t('checkins.checkOut')}
                        </Button>
                      )}
                    </Group>
                  </Group>
                </Paper>
              ))}
            </Stack>
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

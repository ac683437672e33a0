import type { MyCheckinDuty } from '@app/contracts';
import { Alert, Badge, Button, Card, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { queryClient } from '../../app/queryClient';
import { useLang } from '../../app/useLang';
import { checkIn, checkinKeys, checkOut, useCheckinEvents, useMyCheckins } from './api';
import { currentPosition, PositionError, type PositionProblem } from './position';
import { useTimeOf } from './time';

const STATE_COLOR = { open: 'gray', checkedIn: 'cyan.9', checkedOut: 'blue.9' } as const;

/**
 * The member's check-in card (overview, module checkins): today's duties with a button to check in when the window
 * is open and out while checked in. With "location required" the phone's position goes with it; the card says
 * clearly when the planning has no coordinates yet or the browser gives no position.
 */
export function MyCheckinsCard() {
  const { t } = useTranslation();
  const query = useMyCheckins();
  useCheckinEvents();
  const [problem, setProblem] = useState<PositionProblem | null>(null);
  const done = () => void queryClient.invalidateQueries({ queryKey: checkinKeys.all });
  const into = useMutation({
    mutationFn: async ({ duty, needsPosition }: { duty: MyCheckinDuty; needsPosition: boolean }) => {
      setProblem(null);
      let position = null;
      if (needsPosition) {
        try {
          position = await currentPosition();
        } catch (err) {
          // The browser gave no position: the card says why, and nothing is sent.
          setProblem(err instanceof PositionError ? err.problem : 'unavailable');
          return null;
        }
      }
      return checkIn(duty.item, position);
    },
    onSettled: done,
  });
  const out = useMutation({
    mutationFn: async (id: string) => checkOut(id, null),
    onSettled: done,
  });
  if (query.isPending) return <Skeleton h={120} />;
  const data = query.data;
  if (!data) return null;
  return (
    <Card withBorder padding="lg" data-testid="my-checkins">
      <Title order={4} mb="sm">
        {t('checkins.mine.title')}
      </Title>
      {problem && (
        <Alert color="orange" variant="light" mb="sm" data-testid="checkin-position-problem">
          {t(`checkins.position.${problem}`)}
        </Alert>
      )}
      {data.duties.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('checkins.mine.none')}
        </Text>
      ) : (
        <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {data.duties.map((d) => (
            <DutyLine
              key={d.item}
              duty={d}
              locationRequired={data.locationRequired}
              now={Date.parse(data.now)}
              busy={into.isPending || out.isPending}
              onCheckIn={() => into.mutate({ duty: d, needsPosition: data.locationRequired })}
              onCheckOut={() => d.checkin && out.mutate(d.checkin.id)}
            />
          ))}
        </Stack>
      )}
    </Card>
  );
}

function DutyLine(props: {
  duty: MyCheckinDuty;
  locationRequired: boolean;
  now: number;
  busy: boolean;
  onCheckIn: () => void;
  onCheckOut: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const time = useTimeOf(lang);
  const { duty: d } = props;
  const noPlace = props.locationRequired && !d.location.hasCoordinates;
  return (
    <Paper component="li" withBorder p="sm" data-testid="my-checkin" data-state={d.state}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={600} size="sm">
              {d.from}–{d.until} · {d.location.name}
            </Text>
            {d.duty && (
              <Text size="sm" c="dimmed">
                {d.duty.name}
              </Text>
            )}
          </Stack>
          <Badge color={STATE_COLOR[d.state]} variant="light" style={{ flexShrink: 0 }}>
            {t(`checkins.state.${d.state}`)}
          </Badge>
        </Group>
        {d.checkin && (
          <Text size="sm" data-testid="my-checkin-times">
            {t('checkins.mine.inAt', { time: time(d.checkin.checkedInAt) })}
            {d.checkin.late ? ` · ${t('checkins.late')}` : ''}
            {d.checkin.checkedOutAt
              ? ` · ${t(`checkins.outBy.${d.checkin.checkoutKind ?? 'self'}`, {
                  time: time(d.checkin.checkedOutAt),
                })}`
              : ''}
          </Text>
        )}
        {d.state === 'open' && noPlace && (
          <Text size="sm" c="orange.9" data-testid="checkin-no-coordinates">
            {t('checkins.mine.noCoordinates')}
          </Text>
        )}
        {d.state === 'open' && !d.canCheckIn && !noPlace && (
          <Text size="sm" c="dimmed">
            {Date.parse(d.opensAt) > props.now
              ? t('checkins.mine.opensAt', { time: time(d.opensAt) })
              : t('checkins.mine.over')}
          </Text>
        )}
        {d.state === 'open' && d.canCheckIn && !noPlace && (
          <Button onClick={props.onCheckIn} loading={props.busy} fullWidth data-testid="check-in">
            {t('checkins.checkIn')}
          </Button>
        )}
        {d.state === 'checkedIn' && (
          <Button
            variant="light"
            color="red"
            onClick={props.onCheckOut}
            loading={props.busy}
            fullWidth
            data-testid="check-out"
          >
            {t('checkins.checkOut')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}

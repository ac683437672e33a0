import type { VacationDecision } from '@app/contracts';
import { memberFromInit, vacationAbilitiesOf } from '@app/domain';
import { Alert, Button, Card, Group, List, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { notify } from '../../app/notify';
import { useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { confirmAsync } from '../../ui/confirm';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { decideVacation, removeVacation, vacationKeys, vacationRequestQuery, withdrawVacation } from './api';
import { wordConflict } from './conflicts';
import { formatDay, formatDays, formatMinutes, formatRange } from './format';
import { MessageDialog } from './MessageDialog';
import { StateBadge } from './parts';
import { useVacationLive } from './useVacationLive';
import { VacationForm } from './VacationNewPage';

/** One request: its dates and counted days, its state and decision; withdraw, approve, deny or remove it. */
export default function VacationRequestPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const { id = '' } = useParams();
  const init = useSession();
  const member = memberFromInit(init);
  const queryClient = useQueryClient();
  const request = useQuery(vacationRequestQuery(id));
  const [dialog, setDialog] = useState<'deny' | 'remove' | null>(null);
  const [editing, setEditing] = useState(false);
  useVacationLive();

  const done = (key: string) => {
    void queryClient.invalidateQueries({ queryKey: vacationKeys.all });
    notify('success', t(key));
    setDialog(null);
  };
  const decide = useMutation({
    mutationFn: (v: { decision: VacationDecision; message: string | null }) => decideVacation(id, v),
    onError: wordConflict,
    onSuccess: (_r, v) => done(`vacation.decided.${v.decision}`),
  });
  const withdraw = useMutation({
    mutationFn: () => withdrawVacation(id),
    onError: wordConflict,
    onSuccess: () => done('vacation.withdrawn'),
  });
  const remove = useMutation({
    mutationFn: (message: string | null) => removeVacation(id, message),
    onError: wordConflict,
    onSuccess: () => done('vacation.removed'),
  });

  if (request.isPending) return <Skeleton h={240} />;
  if (request.isError) return null;
  const r = request.data;
  // Every button comes from the request's abilities, the rule the server enforces.
  const can = vacationAbilitiesOf(member, { membershipId: r.membership, status: r.status });
  const own = r.membership === member.membershipId;
  const counted = r.dates.filter((d) => d.days > 0);
  const holidays = r.dates.filter((d) => d.skipped === 'holiday');

  if (editing && can.change)
    return (
      <Stack gap="lg" data-testid="vacation-request-page">
        <PageTitle
          title={t('vacation.changeTitle')}
          subtitle={formatRange(r.from, r.until, lang)}
          right={<RouteLink route="vacation">{t('vacation.backToList')}</RouteLink>}
        />
        <VacationForm editing={r} onDone={() => setEditing(false)} />
      </Stack>
    );

  return (
    <Stack gap="lg" data-testid="vacation-request-page">
      <PageTitle
        title={own ? t('vacation.requestTitle') : t('vacation.requestOf', { name: r.name })}
        subtitle={formatRange(r.from, r.until, lang)}
        right={<RouteLink route="vacation">{t('vacation.backToList')}</RouteLink>}
      />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" style={{ alignItems: 'start' }}>
        <Card withBorder padding="lg">
          <Stack gap="md">
            <Group justify="space-between">
              <Title order={4}>{r.name}</Title>
              <StateBadge status={r.status} />
            </Group>
            <SimpleGrid cols={2} spacing="sm">
              <Field label={t('vacation.preview.days')} testId="vacation-days">
                {formatDays(r.days, lang)}
              </Field>
              <Field label={t('vacation.preview.hours')}>{formatMinutes(r.minutes)}</Field>
              <Field label={t('vacation.duration')}>{t(`vacation.durations.${r.duration}`)}</Field>
              <Field label={t('vacation.compensation')}>{t(`vacation.compensations.${r.compensation}`)}</Field>
            </SimpleGrid>
            {r.note && <Field label={t('vacation.note')}>{r.note}</Field>}
            {r.decidedBy && r.decidedAt && (
              <Text size="sm" c="dimmed" data-testid="vacation-decided">
                {t(`vacation.decidedBy.${r.status}`, {
                  name: r.decidedBy,
                  date: formatDay(r.decidedAt.slice(0, 10), lang),
                })}
              </Text>
            )}
            {r.message && (
              <Alert
                color={r.status === 'denied' ? 'red' : 'gray'}
                title={t('vacation.message')}
                data-testid="vacation-message-shown"
              >
                {r.message}
              </Alert>
            )}
            <Group gap="sm">
              {can.approve && (
                <Button
                  color="teal"
                  loading={decide.isPending && decide.variables?.decision === 'approved'}
                  onClick={() => decide.mutate({ decision: 'approved', message: null })}
                  data-testid="vacation-approve"
                >
                  {t('vacation.approve')}
                </Button>
              )}
              {can.deny && (
                <Button color="red" variant="light" onClick={() => setDialog('deny')} data-testid="vacation-deny">
                  {t('vacation.deny')}
                </Button>
              )}
              {can.change && (
                <Button variant="default" onClick={() => setEditing(true)} data-testid="vacation-change">
                  {t('vacation.change')}
                </Button>
              )}
              {can.withdraw && (
                <Button
                  variant="default"
                  loading={withdraw.isPending}
                  onClick={async () => {
                    const yes = await confirmAsync({
                      title: t('vacation.withdrawTitle'),
                      message: t('vacation.withdrawQuestion'),
                      confirm: t('vacation.withdraw'),
                    });
                    if (yes) withdraw.mutate();
                  }}
                  data-testid="vacation-withdraw"
                >
                  {t('vacation.withdraw')}
                </Button>
              )}
              {can.remove && (
                <Button variant="subtle" color="red" onClick={() => setDialog('remove')} data-testid="vacation-remove">
                  {t('vacation.remove')}
                </Button>
              )}
            </Group>
          </Stack>
        </Card>
        <Card withBorder padding="lg">
          <Title order={4} mb="sm">
            {t('vacation.countedDates')}
          </Title>
          <List size="sm" spacing={2}>
            {counted.map((d) => (
              <List.Item key={d.date}>
                {formatDay(d.date, lang)} · {formatDays(d.days, lang)} · {formatMinutes(d.minutes)}
              </List.Item>
            ))}
          </List>
          {holidays.map((d) => (
            <Text key={d.date} size="sm" c="dimmed" mt={4}>
              {formatDay(d.date, lang)}: {t('vacation.preview.holiday', { name: d.holiday ?? '' })}
            </Text>
          ))}
        </Card>
      </SimpleGrid>
      <MessageDialog
        opened={dialog !== null}
        title={dialog === 'remove' ? t('vacation.removeTitle') : t('vacation.denyTitle')}
        confirm={dialog === 'remove' ? t('vacation.remove') : t('vacation.deny')}
        busy={decide.isPending || remove.isPending}
        onClose={() => setDialog(null)}
        onConfirm={(message) =>
          dialog === 'remove' ? remove.mutate(message) : decide.mutate({ decision: 'denied', message })
        }
      />
    </Stack>
  );
}

function Field({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={500} data-testid={testId}>
        {children}
      </Text>
    </Stack>
  );
}

import { NextStepsResponse } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { Anchor, Card, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { get } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';
import { useLang } from '../../app/useLang';
import { NextDutyLink } from './NextDutyLink';

export const nextStepsKeys = { all: ['next-steps'] as const };
const nextStepsQuery = queryOptions({
  queryKey: nextStepsKeys.all,
  queryFn: async () => await get(NextStepsResponse, '/api/next-steps'),
});

/** The overview's next steps for this member's role: next duties, answers owed, open duties, own open requests. */
export function NextStepsCard() {
  const { t } = useTranslation();
  const lang = useLang();
  const query = useQuery(nextStepsQuery);
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: nextStepsKeys.all });
    const offs = [onRealtime('LocationUpdated', refresh), onRealtime('Notification', refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, []);
  if (query.isPending) return <Skeleton h={160} />;
  if (!query.data) return null;
  const d = query.data;
  const roster = localizedPath('roster', lang);
  const planner = d.pendingApprovals !== null;
  // The answers a planner owes are given in the inbox (docs/product/inbox.md); the other steps open the roster on
  // the tab that lists what they count.
  const inbox = localizedPath('inbox', lang);
  const steps: { key: string; text: string; to: string }[] = [];
  if (d.pendingApprovals?.signOuts)
    steps.push({ key: 'signOuts', to: inbox, text: t('nextSteps.signOuts', { count: d.pendingApprovals.signOuts }) });
  if (d.pendingApprovals?.applications)
    steps.push({
      key: 'applications',
      to: inbox,
      text: t('nextSteps.applications', { count: d.pendingApprovals.applications }),
    });
  if (d.openDuties)
    steps.push({ key: 'open', text: t('nextSteps.openDuties', { count: d.openDuties }), to: `${roster}?tab=open` });
  if (d.unanswered.signOuts)
    steps.push({
      key: 'mySignOuts',
      text: t('nextSteps.mySignOuts', { count: d.unanswered.signOuts }),
      to: `${roster}?tab=mine`,
    });
  if (d.unanswered.applications)
    steps.push({
      key: 'myApplications',
      text: t('nextSteps.myApplications', { count: d.unanswered.applications }),
      to: `${roster}?tab=${planner ? 'open' : 'applied'}`,
    });

  return (
    <Card withBorder padding="lg" data-testid="overview-next-steps">
      <Title order={4} mb="sm">
        {t('nextSteps.title')}
      </Title>
      <Stack gap="md">
        {steps.length === 0 ? (
          <Text size="sm" c="dimmed" data-testid="next-steps-none">
            {t('nextSteps.nothing')}
          </Text>
        ) : (
          <List spacing={4} size="sm">
            {steps.map((s) => (
              <List.Item key={s.key} data-testid={`next-step-${s.key}`}>
                <Anchor component={Link} to={s.to} size="sm">
                  {s.text}
                </Anchor>
              </List.Item>
            ))}
          </List>
        )}
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t('nextSteps.myDuties')}
          </Text>
          {d.myNextDuties.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('nextSteps.noDuties')}
            </Text>
          ) : (
            <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
              {d.myNextDuties.map((duty) => (
                <li key={duty.item}>
                  <NextDutyLink duty={duty} lang={lang} />
                </li>
              ))}
            </Stack>
          )}
        </Stack>
      </Stack>
    </Card>
  );
}

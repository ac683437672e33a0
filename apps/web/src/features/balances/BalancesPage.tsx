import { mayReadBalances, memberFromInit } from '@app/domain';
import { Alert, Button, Group, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../app/session';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { balancesQuery } from '../vacation/api';
import { formatMinutes } from '../vacation/format';
import { useVacationLive } from '../vacation/useVacationLive';

/**
 * Time-for-time balances: everyone's for balances.overview, else one's own; each opens its ledger. The list comes a
 * page of people at a time; "Load more" adds the next.
 */
export default function BalancesPage() {
  const { t } = useTranslation();
  const init = useSession();
  const overview = mayReadBalances(memberFromInit(init));
  const people = useInfiniteQuery(balancesQuery);
  const list = people.data?.pages.flatMap((p) => p.people) ?? [];
  const total = people.data?.pages[0]?.paging.total ?? 0;
  useVacationLive();
  return (
    <Stack gap="lg" data-testid="balances-page">
      <PageTitle
        title={t('balances.title')}
        subtitle={t(overview ? 'balances.subtitleTeam' : 'balances.subtitleOwn')}
      />
      {people.isPending ? (
        <Skeleton h={160} />
      ) : people.isError ? (
        <Alert color="red" title={t('vacation.loadFailed')}>
          <Button variant="light" size="xs" onClick={() => void people.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      ) : list.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('balances.empty')}
        </Text>
      ) : (
        <Stack gap="xs" data-testid="balances-list">
          {list.map((p) => (
            <Paper key={p.membership} withBorder p="sm" radius="md" data-testid={`balance-row-${p.membership}`}>
              <Group justify="space-between" wrap="nowrap">
                <RouteLink route="balance" params={{ id: p.membership }} fw={600}>
                  {p.name}
                </RouteLink>
                <Text fw={700} c={p.total < 0 ? 'red.9' : p.total > 0 ? 'teal.9' : undefined}>
                  {formatMinutes(p.total, true)} {t('vacation.hoursShort')}
                </Text>
              </Group>
            </Paper>
          ))}
          {people.hasNextPage && (
            <Group justify="space-between" mt="xs">
              <Text size="sm" c="dimmed" data-testid="balances-shown">
                {t('balances.shownOf', { shown: list.length, total })}
              </Text>
              <Button
                variant="light"
                loading={people.isFetchingNextPage}
                onClick={() => void people.fetchNextPage()}
                data-testid="balances-more"
              >
                {t('balances.loadMore')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}

import type { VacationRequest, VacationState } from '@app/contracts';
import { mayDecideVacation, mayRequestVacation, memberFromInit, vacationAbilitiesOf } from '@app/domain';
import { Alert, Button, Card, Group, Select, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { useSession } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { PageTitle } from '../../ui/PageTitle';
import { personBalanceQuery, vacationListQuery } from './api';
import { BulkDecisionBar } from './BulkDecisionBar';
import { RequestRow, useThisYear, YearFigures, YearPicker } from './parts';
import { TeamBalances } from './TeamBalances';
import { useVacationLive } from './useVacationLive';

const FILTERS = ['pending', 'approved', 'denied', 'withdrawn', 'removed'] as const;

/** Vacation: one's own requests and days; for those who decide, the team's requests and the year overview. */
export default function VacationPage() {
  const { t } = useTranslation();
  const init = useSession();
  const member = memberFromInit(init);
  const decider = mayDecideVacation(member);
  const pathTo = usePathTo();
  const thisYear = useThisYear();
  const [search, setSearch] = useSearchParams();
  const year = Number(search.get('year')) || thisYear;
  const tab = search.get('tab') ?? (decider ? 'team' : 'mine');
  const set = (key: string, value: string) =>
    setSearch(
      (s) => {
        s.set(key, value);
        return s;
      },
      { replace: true },
    );
  useVacationLive();

  return (
    <Stack gap="lg" data-testid="vacation-page">
      <PageTitle
        title={t('vacation.title')}
        subtitle={t('vacation.subtitle')}
        right={
          <Group gap="sm">
            <YearPicker year={year} onChange={(y) => set('year', String(y))} />
            {mayRequestVacation(member, member.membershipId) && (
              <Button
                component={Link}
                to={pathTo('vacationNew')}
                leftSection={<IconPlus size={16} />}
                data-testid="vacation-new"
              >
                {t('vacation.new')}
              </Button>
            )}
          </Group>
        }
      />
      {decider ? (
        <Tabs
          value={tab}
          onChange={(v) => v && set('tab', v)}
          keepMounted={false}
          styles={{ tab: { paddingInline: 'var(--mantine-spacing-sm)', whiteSpace: 'nowrap' } }}
        >
          {/* One row on a phone too: the tabs scroll sideways within their row when a language's words are long. */}
          <Tabs.List mb="md" style={{ flexWrap: 'nowrap', overflowX: 'auto', overflowY: 'hidden' }}>
            <Tabs.Tab value="team" data-testid="vacation-tab-team">
              {t('vacation.tabs.team')}
            </Tabs.Tab>
            <Tabs.Tab value="mine" data-testid="vacation-tab-mine">
              {t('vacation.tabs.mine')}
            </Tabs.Tab>
            <Tabs.Tab value="balances" data-testid="vacation-tab-balances">
              {t('vacation.tabs.balances')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="team">
            <TeamRequests year={year} />
          </Tabs.Panel>
          <Tabs.Panel value="mine">
            <MyVacation year={year} membership={member.membershipId} />
          </Tabs.Panel>
          <Tabs.Panel value="balances">
            <TeamBalances year={year} />
          </Tabs.Panel>
        </Tabs>
      ) : (
        <MyVacation year={year} membership={member.membershipId} />
      )}
    </Stack>
  );
}

function MyVacation({ year, membership }: { year: number; membership: string }) {
  const { t } = useTranslation();
  const balance = useQuery(personBalanceQuery(membership, year));
  const requests = useQuery(vacationListQuery(year, membership, null));
  return (
    <Stack gap="lg">
      <Card withBorder padding="lg" data-testid="my-balance">
        <Title order={4} mb="md">
          {t('vacation.balance.title', { year })}
        </Title>
        {balance.data ? <YearFigures balance={balance.data.balance} /> : <Skeleton h={96} />}
      </Card>
      <Stack gap="sm">
        <Title order={4}>{t('vacation.myRequests')}</Title>
        <RequestList query={requests} showName={false} empty={t('vacation.emptyMine')} />
      </Stack>
    </Stack>
  );
}

/** Whether the member may decide a request now, so it can be chosen for a decision in bulk. */
function useDecidable() {
  const member = memberFromInit(useSession());
  return (r: VacationRequest) => vacationAbilitiesOf(member, { membershipId: r.membership, status: r.status }).approve;
}

function TeamRequests({ year }: { year: number }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<VacationState | null>('pending');
  const requests = useQuery(vacationListQuery(year, null, status));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const decidable = useDecidable();
  const selectable = (requests.data ?? []).filter(decidable);
  const chosen = selectable.filter((r) => selected.has(r.id)).map((r) => r.id);
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap">
        <Select
          label={t('vacation.filter')}
          w={220}
          value={status ?? 'all'}
          onChange={(v) => {
            setStatus(!v || v === 'all' ? null : (v as VacationState));
            setSelected(new Set());
          }}
          data={[
            { value: 'all', label: t('vacation.allStates') },
            ...FILTERS.map((s) => ({ value: s, label: t(`vacation.states.${s}`) })),
          ]}
          allowDeselect={false}
          data-testid="vacation-filter"
        />
        {selectable.length > 0 && (
          <Button
            variant="subtle"
            onClick={() =>
              setSelected(chosen.length === selectable.length ? new Set() : new Set(selectable.map((r) => r.id)))
            }
            data-testid="vacation-select-all"
          >
            {chosen.length === selectable.length ? t('vacation.selectNone') : t('vacation.selectAll')}
          </Button>
        )}
      </Group>
      {chosen.length > 0 && <BulkDecisionBar ids={chosen} onDone={() => setSelected(new Set())} />}
      <RequestList
        query={requests}
        showName
        empty={status === 'pending' ? t('vacation.emptyPending') : t('vacation.emptyTeam')}
        selected={selected}
        onSelect={(id, checked) =>
          setSelected((s) => {
            const next = new Set(s);
            if (checked) next.add(id);
            else next.delete(id);
            return next;
          })
        }
      />
    </Stack>
  );
}

function RequestList({
  query,
  showName,
  empty,
  selected,
  onSelect,
}: {
  query: ReturnType<typeof useQuery<VacationRequest[]>>;
  showName: boolean;
  empty: string;
  selected?: Set<string>;
  onSelect?: (id: string, checked: boolean) => void;
}) {
  const { t } = useTranslation();
  const decidable = useDecidable();
  if (query.isPending)
    return (
      <Stack gap="sm">
        <Skeleton h={72} />
        <Skeleton h={72} />
      </Stack>
    );
  if (query.isError)
    return (
      <Alert color="red" title={t('vacation.loadFailed')}>
        <Button variant="light" size="xs" onClick={() => void query.refetch()}>
          {t('common.reload')}
        </Button>
      </Alert>
    );
  if (query.data.length === 0)
    return (
      <Text c="dimmed" size="sm" data-testid="vacation-empty">
        {empty}
      </Text>
    );
  return (
    <Stack gap="xs" data-testid="vacation-list">
      {query.data.map((r) => (
        <RequestRow
          key={r.id}
          request={r}
          showName={showName}
          selected={selected?.has(r.id)}
          onSelect={onSelect && decidable(r) ? (checked) => onSelect(r.id, checked) : undefined}
        />
      ))}
    </Stack>
  );
}

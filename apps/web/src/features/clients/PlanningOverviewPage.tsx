import type { PlanningOverviewClient, PlanningOverviewRow } from '@app/contracts';
import { addDays, addMonths, daysBetween, guards, todayIn } from '@app/domain';
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Progress,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useAccess, useSession } from '../../app/session';
import { useLang, usePathTo } from '../../app/useLang';
import { useNarrowLayout } from '../../app/viewport';
import { formatMonth } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { formatEuro, formatMinutes } from '../hours/format';
import { clientsQuery, planningOverviewQuery } from './api';

/**
 * The planning overview (`planning/overview/{client?}`, docs/product/clients.md): per client, the plannings and
 * projects of a month with the duties staffed against those needed, the planned hours, the budget and the planned
 * cost, and where in the month each has duties (a small timeline per row).
 */
export default function PlanningOverviewPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const session = useSession();
  const access = useAccess();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const { client = null } = useParams();
  const [month, setMonth] = useState(() => todayIn(session.account.settings.timeZone).slice(0, 7));
  const from = `${month}-01`;
  const until = addDays(addMonths(from, 1), -1);
  const overview = useQuery(planningOverviewQuery(client, from, until));
  // Choosing a client is for those who keep clients; observers see every client they may see at once.
  const keepsClients = guards.clients(access);
  const clientList = useQuery({ ...clientsQuery('', false), enabled: keepsClients });
  const options = [
    { value: 'none', label: t('planningOverview.noClient') },
    ...(clientList.data ?? []).map((c) => ({ value: c.id, label: c.name })),
  ];
  const monthLabel = formatMonth(from, lang);

  return (
    <Stack gap="lg" data-testid="planning-overview-page">
      <PageTitle title={t('planningOverview.title')} subtitle={t('planningOverview.subtitle')} />
      <Group gap="xs" wrap="wrap" align="flex-end">
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('planningOverview.previous')}
          onClick={() => setMonth(addMonths(from, -1).slice(0, 7))}
        >
          ‹
        </ActionIcon>
        <Text fw={600} miw={140} ta="center" data-testid="planning-overview-month">
          {monthLabel}
        </Text>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={t('planningOverview.next')}
          onClick={() => setMonth(addMonths(from, 1).slice(0, 7))}
        >
          ›
        </ActionIcon>
        {keepsClients && (
          <Select
            label={t('planningOverview.client')}
            placeholder={t('planningOverview.allClients')}
            data={options}
            value={client}
            onChange={(v) => navigate(pathTo('planningOverview', v ? { client: v } : {}))}
            clearable
            searchable
            w={{ base: '100%', xs: 260 }}
            data-testid="planning-overview-client"
          />
        )}
      </Group>
      {overview.isPending ? (
        <Skeleton h={240} />
      ) : overview.isError ? (
        <Alert color="red" title={t('planningOverview.failed')}>
          <Button size="compact-sm" variant="light" onClick={() => overview.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      ) : overview.data.clients.length === 0 ? (
        <Text c="dimmed" data-testid="planning-overview-empty">
          {t('planningOverview.empty')}
        </Text>
      ) : (
        overview.data.clients.map((c) => (
          <ClientCard key={c.id ?? 'none'} group={c} from={overview.data.from} until={overview.data.until} />
        ))
      )}
    </Stack>
  );
}

function ClientCard({ group, from, until }: { group: PlanningOverviewClient; from: string; until: string }) {
  const { t } = useTranslation();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="planning-overview-client-card">
      <Title order={2} size="h4" mb="sm">
        {group.id ? (
          <RouteLink route="client" params={{ id: group.id }}>
            {group.name}
          </RouteLink>
        ) : (
          t('planningOverview.noClient')
        )}
      </Title>
      <OverviewTable
        title={t('planningOverview.plannings')}
        rows={group.plannings}
        from={from}
        until={until}
        route="rosterLocation"
      />
      {group.projects.length > 0 && (
        <OverviewTable
          title={t('planningOverview.projects')}
          rows={group.projects}
          from={from}
          until={until}
          route="project"
        />
      )}
    </Card>
  );
}

function OverviewTable({
  title,
  rows,
  from,
  until,
  route,
}: {
  title: string;
  rows: PlanningOverviewRow[];
  from: string;
  until: string;
  route: 'project' | 'rosterLocation';
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const narrow = useNarrowLayout();
  const days = daysBetween(from, until) + 1;
  return (
    <Table.ScrollContainer minWidth={narrow ? 320 : 720} mb="md">
      <Table data-testid="planning-overview-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{title}</Table.Th>
            <Table.Th>{t('planningOverview.staffed')}</Table.Th>
            {!narrow && <Table.Th>{t('planningOverview.hours')}</Table.Th>}
            {!narrow && <Table.Th>{t('planningOverview.budget')}</Table.Th>}
            {!narrow && <Table.Th w={200}>{t('planningOverview.timeline')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((r) => {
            const share = r.needed ? Math.round((r.staffed / r.needed) * 100) : 0;
            const params: Record<string, string> =
              route === 'project' ? { id: r.id } : { location: r.locationId, date: r.firstDate ?? from };
            return (
              <Table.Tr key={r.id} data-testid="planning-overview-row">
                <Table.Td>
                  <RouteLink route={route} params={params} fw={500}>
                    {r.name}
                  </RouteLink>
                </Table.Td>
                <Table.Td>
                  <Stack gap={2}>
                    <Text size="sm" data-testid="planning-overview-staffed">
                      {t('planningOverview.staffedOf', { staffed: r.staffed, needed: r.needed })}
                    </Text>
                    <Progress
                      value={share}
                      size="sm"
                      color={share === 100 ? 'teal' : 'orange'}
                      aria-label={t('planningOverview.staffedShare', { share })}
                    />
                  </Stack>
                </Table.Td>
                {!narrow && <Table.Td>{formatMinutes(r.minutes)}</Table.Td>}
                {!narrow && (
                  <Table.Td>
                    {r.budgetCents === null && r.costCents === null
                      ? '—'
                      : [
                          r.costCents === null ? null : formatEuro(r.costCents, lang),
                          r.budgetCents === null
                            ? null
                            : t('planningOverview.ofBudget', { budget: formatEuro(r.budgetCents, lang) }),
                        ]
                          .filter(Boolean)
                          .join(' ')}
                  </Table.Td>
                )}
                {!narrow && (
                  <Table.Td>
                    {r.firstDate && r.lastDate ? (
                      <div
                        title={`${r.firstDate} – ${r.lastDate}`}
                        style={{ position: 'relative', height: 8, background: 'var(--mantine-color-gray-2)' }}
                      >
                        <div
                          style={{
                            position: 'absolute',
                            top: 0,
                            bottom: 0,
                            borderRadius: 4,
                            background: 'var(--mantine-color-blue-6)',
                            left: `${(daysBetween(from, r.firstDate) / days) * 100}%`,
                            width: `${((daysBetween(r.firstDate, r.lastDate) + 1) / days) * 100}%`,
                          }}
                        />
                      </div>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
          {rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={narrow ? 2 : 5}>
                <Text size="sm" c="dimmed">
                  {t('planningOverview.none')}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

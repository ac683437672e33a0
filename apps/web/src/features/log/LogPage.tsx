import type { ActivityEntry } from '@app/contracts';
import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/useLang';
import { PageTitle } from '../../ui/PageTitle';
import { formatWhen } from '../notifications/text';
import { changedFields, type LogFilters, logQuery, showValue } from './api';

/**
 * `log`: the account's changes of the last 30 days, filterable by person, planning and kind
 * (docs/product/notifications.md).
 */
export default function LogPage() {
  const { t, i18n } = useTranslation();
  const [filters, setFilters] = useState<LogFilters>({ person: null, location: null, kind: null });
  const query = useInfiniteQuery(logQuery(filters));
  const first = query.data?.pages[0];
  const entries = query.data?.pages.flatMap((p) => p.entries) ?? [];
  const names = namesOf(query.data?.pages ?? []);
  const kindLabel = (k: string) => (i18n.exists(`log.kinds.${k}`) ? t(`log.kinds.${k}`) : k);

  return (
    <Stack gap="lg" data-testid="log-page">
      <PageTitle title={t('log.title')} subtitle={t('log.subtitle')} />
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Select
          label={t('log.filters.person')}
          placeholder={t('log.filters.all')}
          clearable
          searchable
          data={first?.people.map((p) => ({ value: p.id, label: p.name })) ?? []}
          value={filters.person}
          onChange={(person) => setFilters((f) => ({ ...f, person }))}
          data-testid="log-filter-person"
        />
        <Select
          label={t('log.filters.location')}
          placeholder={t('log.filters.all')}
          clearable
          data={first?.locations.map((l) => ({ value: l.id, label: l.name })) ?? []}
          value={filters.location}
          onChange={(location) => setFilters((f) => ({ ...f, location }))}
          data-testid="log-filter-location"
        />
        <Select
          label={t('log.filters.kind')}
          placeholder={t('log.filters.all')}
          clearable
          data={first?.kinds.map((k) => ({ value: k, label: kindLabel(k) })) ?? []}
          value={filters.kind}
          onChange={(kind) => setFilters((f) => ({ ...f, kind }))}
          data-testid="log-filter-kind"
        />
      </SimpleGrid>
      {query.isPending && (
        <Stack>
          <Skeleton h={60} />
          <Skeleton h={60} />
          <Skeleton h={60} />
        </Stack>
      )}
      {query.isError && (
        <Alert color="red" title={t('log.error')}>
          <Button size="compact-sm" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {query.isSuccess && entries.length === 0 && (
        <Card withBorder padding="lg" data-testid="log-empty">
          <Text c="dimmed">{t('log.empty')}</Text>
        </Card>
      )}
      <Stack gap="xs" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('log.title')}>
        {entries.map((e) => (
          <Entry key={e.id} entry={e} kindLabel={kindLabel} names={names} />
        ))}
      </Stack>
      {query.hasNextPage && (
        <Group justify="center">
          <Button variant="default" loading={query.isFetchingNextPage} onClick={() => query.fetchNextPage()}>
            {t('log.more')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

/** The names of every loaded page, by id (a later page may refer to what an earlier one named). */
const namesOf = (pages: { names: Record<string, string> }[]) => Object.assign({}, ...pages.map((p) => p.names));

function Entry({
  entry,
  kindLabel,
  names,
}: {
  entry: ActivityEntry;
  kindLabel: (k: string) => string;
  names: Record<string, string>;
}) {
  const { t, i18n } = useTranslation();
  const lang = useLang();
  const [open, setOpen] = useState(false);
  const fields = changedFields(entry.before, entry.after);
  const words = { yes: t('log.yes'), no: t('log.no'), names, lang };
  // A field the catalog names is shown by its name; a rare one keeps its stored key.
  const fieldLabel = (f: string) => (i18n.exists(`log.fields.${f}`) ? t(`log.fields.${f}`) : f);
  const action = i18n.exists(`log.actions.${entry.action}`) ? t(`log.actions.${entry.action}`) : entry.action;
  return (
    <Paper component="li" withBorder p="sm" data-testid="log-entry">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Stack gap={2} style={{ minWidth: 0, flex: '1 1 260px' }}>
          <Group gap="xs" wrap="wrap">
            <Badge variant="light">{kindLabel(entry.kind)}</Badge>
            <Text size="sm" fw={600}>
              {action}
            </Text>
            {entry.location && (
              <Text size="sm" c="dimmed">
                {entry.location.name}
              </Text>
            )}
          </Group>
          <Text size="xs" c="dimmed">
            {entry.person?.name ?? t('log.system')} · {formatWhen(entry.at, lang)}
          </Text>
        </Stack>
        {fields.length > 0 && (
          <Button size="compact-xs" variant="subtle" onClick={() => setOpen((o) => !o)} aria-expanded={open}>
            {open ? t('log.hide') : t('log.details', { count: fields.length })}
          </Button>
        )}
      </Group>
      {open && (
        <Table.ScrollContainer minWidth={280} mt="xs">
          <Table withTableBorder fz="xs" verticalSpacing={4}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('log.field')}</Table.Th>
                <Table.Th>{t('log.before')}</Table.Th>
                <Table.Th>{t('log.after')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {fields.map((f) => (
                <Table.Tr key={f.field}>
                  <Table.Td>{fieldLabel(f.field)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{showValue(f.field, f.before, words)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-word' }}>{showValue(f.field, f.after, words)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Paper>
  );
}

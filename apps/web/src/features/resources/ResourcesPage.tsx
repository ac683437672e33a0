import { Alert, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useNarrowLayout } from '../../app/viewport';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { resourcesQuery } from './api';
import { ResourceForm } from './ResourceForm';
import { ResourceIcon } from './ResourceIcon';

/** The vehicles and equipment (module resources): searchable, active or archived, a new one in a dialog. */
export default function ResourcesPage() {
  const { t } = useTranslation();
  const narrow = useNarrowLayout();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 200);
  const [archived, setArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const list = useQuery(resourcesQuery(debounced, archived));

  return (
    <Stack data-testid="resources-page" gap={0}>
      <PageTitle
        title={t('resources.title')}
        subtitle={t('resources.subtitle')}
        right={
          <Button
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => setCreating(true)}
            data-testid="resource-new"
          >
            {t('resources.new')}
          </Button>
        }
      />
      <Group mb="lg" gap="sm" wrap="wrap">
        <TextInput
          maw={360}
          style={{ flex: 1, minWidth: 200 }}
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('resources.search')}
          aria-label={t('resources.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-testid="resources-search"
        />
        <SegmentedControl
          aria-label={t('resources.show')}
          value={archived ? 'archived' : 'active'}
          onChange={(v) => setArchived(v === 'archived')}
          data={[
            { value: 'active', label: t('resources.active') },
            { value: 'archived', label: t('resources.archived') },
          ]}
        />
      </Group>
      {list.isPending ? (
        <Stack data-testid="resources-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : list.isError ? (
        <Alert color="red" title={t('resources.failed')}>
          <Button size="xs" variant="light" color="red" onClick={() => list.refetch()}>
            {t('resources.retry')}
          </Button>
        </Alert>
      ) : list.data.length === 0 ? (
        <Text c="dimmed" data-testid="resources-empty">
          {debounced.trim() ? t('resources.noMatch') : archived ? t('resources.noneArchived') : t('resources.empty')}
        </Text>
      ) : (
        <Table highlightOnHover data-testid="resources-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('resources.name')}</Table.Th>
              <Table.Th>{t('resources.type')}</Table.Th>
              {!narrow && <Table.Th>{t('resources.capacity')}</Table.Th>}
              {!narrow && <Table.Th>{t('resources.upcoming')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.data.map((r) => (
              <Table.Tr key={r.id} data-testid="resource-row">
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <ResourceIcon kind={r.kind} />
                    <RouteLink route="resource" params={{ id: r.id }} fw={500}>
                      {r.name}
                    </RouteLink>
                  </Group>
                </Table.Td>
                <Table.Td>{r.type ?? t(`resources.kinds.${r.kind}`)}</Table.Td>
                {!narrow && <Table.Td>{r.capacity ?? '—'}</Table.Td>}
                {!narrow && <Table.Td>{r.upcoming}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('resources.new')}
        size="lg"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <div data-testid="resource-dialog">
          <ResourceForm resource={null} onSaved={(saved) => navigate(pathTo('resource', { id: saved.id }))} />
        </div>
      </Modal>
    </Stack>
  );
}

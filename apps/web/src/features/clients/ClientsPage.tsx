import { Alert, Button, Group, Modal, SegmentedControl, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useNarrowLayout } from '../../app/viewport';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { clientsQuery } from './api';
import { ClientForm } from './ClientForm';

/** The clients (module clients): searchable, active or archived, a new one in a dialog (docs/product/clients.md). */
export default function ClientsPage() {
  const { t } = useTranslation();
  const narrow = useNarrowLayout();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 200);
  const [archived, setArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const clients = useQuery(clientsQuery(debounced, archived));

  return (
    <Stack data-testid="clients-page" gap={0}>
      <PageTitle
        title={t('clients.title')}
        subtitle={t('clients.subtitle')}
        right={
          <Group gap="xs">
            <Button variant="default" component={Link} to={pathTo('projects')} data-testid="clients-projects">
              {t('projects.title')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setCreating(true)}
              data-testid="client-new"
            >
              {t('clients.new')}
            </Button>
          </Group>
        }
      />
      <Group mb="lg" gap="sm" wrap="wrap">
        <TextInput
          maw={360}
          style={{ flex: 1, minWidth: 200 }}
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('clients.search')}
          aria-label={t('clients.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
          data-testid="clients-search"
        />
        <SegmentedControl
          aria-label={t('clients.show')}
          value={archived ? 'archived' : 'active'}
          onChange={(v) => setArchived(v === 'archived')}
          data={[
            { value: 'active', label: t('clients.active') },
            { value: 'archived', label: t('clients.archived') },
          ]}
        />
      </Group>
      {clients.isPending ? (
        <Stack data-testid="clients-loading">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : clients.isError ? (
        <Alert color="red" title={t('clients.failed')}>
          <Button size="xs" variant="light" color="red" onClick={() => clients.refetch()}>
            {t('clients.retry')}
          </Button>
        </Alert>
      ) : clients.data.length === 0 ? (
        <Text c="dimmed" data-testid="clients-empty">
          {debounced.trim() ? t('clients.noMatch') : archived ? t('clients.noneArchived') : t('clients.empty')}
        </Text>
      ) : (
        <Table highlightOnHover data-testid="clients-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('clients.name')}</Table.Th>
              {!narrow && <Table.Th>{t('clients.number')}</Table.Th>}
              <Table.Th>{t('clients.interval')}</Table.Th>
              {!narrow && <Table.Th>{t('clients.projectCount')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.data.map((c) => (
              <Table.Tr key={c.id} data-testid="client-row">
                <Table.Td>
                  <RouteLink route="client" params={{ id: c.id }} fw={500}>
                    {c.name}
                  </RouteLink>
                </Table.Td>
                {!narrow && <Table.Td>{c.number ?? '—'}</Table.Td>}
                <Table.Td>{t(`clients.intervals.${c.invoiceInterval}`)}</Table.Td>
                {!narrow && <Table.Td>{c.projectCount}</Table.Td>}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('clients.new')}
        size="lg"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <div data-testid="client-dialog">
          <ClientForm client={null} onSaved={(saved) => navigate(pathTo('client', { id: saved.id }))} />
        </div>
      </Modal>
    </Stack>
  );
}

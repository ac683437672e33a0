import { Alert, Button, Group, Modal, Select, Skeleton, Stack, Table, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useNarrowLayout } from '../../app/viewport';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { useLang, usePathTo } from '../../ui/useLang';
import { clientsQuery, projectsQuery } from './api';
import { ProjectForm } from './ProjectForm';

/** The projects (module projects): by client or a search; a new one in a dialog (`?new={client}` preselects). */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const narrow = useNarrowLayout();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const [params, setParams] = useSearchParams();
  const [q, setQ] = useState('');
  const [debounced] = useDebouncedValue(q, 200);
  const [clientId, setClientId] = useState<string | null>(null);
  const clients = useQuery(clientsQuery('', false));
  const projects = useQuery(projectsQuery(clientId, debounced));
  const creating = params.has('new');
  const close = () =>
    setParams(
      (p) => {
        p.delete('new');
        return p;
      },
      { replace: true },
    );

  return (
    <Stack data-testid="projects-page" gap={0}>
      <PageTitle
        title={t('projects.title')}
        subtitle={t('projects.subtitle')}
        right={
          <Group gap="xs">
            <Button variant="default" component={Link} to={pathTo('clients')}>
              {t('clients.title')}
            </Button>
            <Button
              leftSection={<IconPlus size={16} aria-hidden />}
              onClick={() => setParams({ new: clientId ?? '' })}
              data-testid="project-new"
            >
              {t('projects.new')}
            </Button>
          </Group>
        }
      />
      <Group mb="lg" gap="sm" wrap="wrap">
        <TextInput
          maw={360}
          style={{ flex: 1, minWidth: 200 }}
          leftSection={<IconSearch size={16} aria-hidden />}
          placeholder={t('projects.search')}
          aria-label={t('projects.search')}
          value={q}
          onChange={(e) => setQ(e.currentTarget.value)}
        />
        <Select
          aria-label={t('projects.client')}
          placeholder={t('projects.allClients')}
          clearable
          searchable
          data={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={clientId}
          onChange={setClientId}
        />
      </Group>
      {projects.isPending ? (
        <Stack>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} height={40} />
          ))}
        </Stack>
      ) : projects.isError ? (
        <Alert color="red" title={t('projects.failed')}>
          <Button size="xs" variant="light" color="red" onClick={() => projects.refetch()}>
            {t('clients.retry')}
          </Button>
        </Alert>
      ) : projects.data.length === 0 ? (
        <Text c="dimmed" data-testid="projects-empty">
          {debounced.trim() || clientId ? t('projects.noMatch') : t('projects.empty')}
        </Text>
      ) : (
        <Table highlightOnHover data-testid="projects-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('projects.name')}</Table.Th>
              <Table.Th>{t('projects.client')}</Table.Th>
              {!narrow && <Table.Th>{t('projects.location')}</Table.Th>}
              {!narrow && <Table.Th>{t('projects.period')}</Table.Th>}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {projects.data.map((p) => (
              <Table.Tr key={p.id} data-testid="project-row">
                <Table.Td>
                  <RouteLink route="project" params={{ id: p.id }} fw={500}>
                    {p.name}
                  </RouteLink>
                  {p.code && (
                    <Text span size="xs" c="dimmed" ml={6}>
                      {p.code}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td>{p.clientName}</Table.Td>
                {!narrow && <Table.Td>{p.locationName}</Table.Td>}
                {!narrow && (
                  <Table.Td>
                    {p.type === 'ongoing' && !p.endDate
                      ? t('projects.ongoingSince', { date: formatDate(p.startDate, lang) })
                      : `${formatDate(p.startDate, lang)} – ${p.endDate ? formatDate(p.endDate, lang) : ''}`}
                  </Table.Td>
                )}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Modal
        opened={creating}
        onClose={close}
        title={t('projects.new')}
        size="xl"
        fullScreen={narrow}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        <div data-testid="project-dialog">
          <ProjectForm
            project={null}
            clientId={params.get('new') || null}
            onSaved={(saved) => navigate(pathTo('project', { id: saved.id }))}
          />
        </div>
      </Modal>
    </Stack>
  );
}

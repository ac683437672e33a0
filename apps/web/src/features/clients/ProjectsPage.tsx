import type { ProjectSummary } from '@app/contracts';
import { Button, Select, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { DirectorySearch, useSearchText } from '../../ui/DirectoryFilters';
import { DirectoryPage } from '../../ui/DirectoryPage';
import { formatDate } from '../../ui/format';
import { PageDialog } from '../../ui/PageDialog';
import { RouteLink } from '../../ui/RouteLink';
import { useLang, usePathTo } from '../../ui/useLang';
import { clientsQuery, projectsQuery } from './api';
import { ProjectForm } from './ProjectForm';

/** The projects (module projects): by client or a search; a new one in a dialog (`?new={client}` preselects). */
export default function ProjectsPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const [params, setParams] = useSearchParams();
  const search = useSearchText();
  const [clientId, setClientId] = useState<string | null>(null);
  const clients = useQuery(clientsQuery('', false));
  const projects = useQuery(projectsQuery(clientId, search.query));
  const close = () =>
    setParams(
      (p) => {
        p.delete('new');
        return p;
      },
      { replace: true },
    );
  const period = (p: ProjectSummary) =>
    p.type === 'ongoing' && !p.endDate
      ? t('projects.ongoingSince', { date: formatDate(p.startDate, lang) })
      : `${formatDate(p.startDate, lang)} – ${p.endDate ? formatDate(p.endDate, lang) : ''}`;

  return (
    <DirectoryPage<ProjectSummary>
      testId="projects"
      title={t('projects.title')}
      subtitle={t('projects.subtitle')}
      actions={
        <Button variant="default" component={Link} to={pathTo('clients')}>
          {t('clients.title')}
        </Button>
      }
      create={{ label: t('projects.new'), onClick: () => setParams({ new: clientId ?? '' }), testId: 'project-new' }}
      filters={
        <>
          <DirectorySearch label={t('projects.search')} search={search} />
          <Select
            aria-label={t('projects.client')}
            placeholder={t('projects.allClients')}
            clearable
            searchable
            data={(clients.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            value={clientId}
            onChange={setClientId}
          />
        </>
      }
      list={projects}
      rows={projects.data}
      failed={{ title: t('projects.failed'), retry: t('clients.retry') }}
      empty={search.query.trim() || clientId ? t('projects.noMatch') : t('projects.empty')}
      rowTestId="project-row"
      columns={[
        {
          key: 'name',
          header: t('projects.name'),
          cell: (p) => (
            <>
              <RouteLink route="project" params={{ id: p.id }} fw={500}>
                {p.name}
              </RouteLink>
              {p.code && (
                <Text span size="xs" c="dimmed" ml={6}>
                  {p.code}
                </Text>
              )}
            </>
          ),
        },
        { key: 'client', header: t('projects.client'), cell: (p) => p.clientName },
        { key: 'location', header: t('projects.location'), cell: (p) => p.locationName, wide: true },
        { key: 'period', header: t('projects.period'), cell: period, wide: true },
      ]}
    >
      <PageDialog
        opened={params.has('new')}
        onClose={close}
        title={t('projects.new')}
        size="xl"
        testId="project-dialog"
      >
        <ProjectForm
          project={null}
          clientId={params.get('new') || null}
          onSaved={(saved) => navigate(pathTo('project', { id: saved.id }))}
        />
      </PageDialog>
    </DirectoryPage>
  );
}

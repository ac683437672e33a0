import type { Resource } from '@app/contracts';
import { Group } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ArchivedToggle, DirectorySearch, useSearchText } from '../../ui/DirectoryFilters';
import { DirectoryPage } from '../../ui/DirectoryPage';
import { PageDialog } from '../../ui/PageDialog';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { resourcesQuery } from './api';
import { ResourceForm } from './ResourceForm';
import { ResourceIcon } from './ResourceIcon';

/** The vehicles and equipment (module resources): searchable, active or archived, a new one in a dialog. */
export default function ResourcesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const search = useSearchText();
  const [archived, setArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const list = useQuery(resourcesQuery(search.query, archived));

  return (
    <DirectoryPage<Resource>
      testId="resources"
      title={t('resources.title')}
      subtitle={t('resources.subtitle')}
      create={{ label: t('resources.new'), onClick: () => setCreating(true), testId: 'resource-new' }}
      filters={
        <>
          <DirectorySearch label={t('resources.search')} search={search} testId="resources-search" />
          <ArchivedToggle
            label={t('resources.show')}
            labels={{ active: t('resources.active'), archived: t('resources.archived') }}
            archived={archived}
            onChange={setArchived}
          />
        </>
      }
      list={list}
      rows={list.data}
      failed={{ title: t('resources.failed'), retry: t('resources.retry') }}
      empty={
        search.query.trim() ? t('resources.noMatch') : archived ? t('resources.noneArchived') : t('resources.empty')
      }
      rowTestId="resource-row"
      columns={[
        {
          key: 'name',
          header: t('resources.name'),
          cell: (r) => (
            <Group gap={6} wrap="nowrap">
              <ResourceIcon kind={r.kind} />
              <RouteLink route="resource" params={{ id: r.id }} fw={500}>
                {r.name}
              </RouteLink>
            </Group>
          ),
        },
        { key: 'type', header: t('resources.type'), cell: (r) => r.type ?? t(`resources.kinds.${r.kind}`) },
        { key: 'capacity', header: t('resources.capacity'), cell: (r) => r.capacity ?? '—', wide: true },
        { key: 'upcoming', header: t('resources.upcoming'), cell: (r) => r.upcoming, wide: true },
      ]}
    >
      <PageDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('resources.new')}
        size="lg"
        testId="resource-dialog"
      >
        <ResourceForm resource={null} onSaved={(saved) => navigate(pathTo('resource', { id: saved.id }))} />
      </PageDialog>
    </DirectoryPage>
  );
}

import type { ClientSummary } from '@app/contracts';
import { Button } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ArchivedToggle, DirectorySearch, useSearchText } from '../../ui/DirectoryFilters';
import { DirectoryPage } from '../../ui/DirectoryPage';
import { PageDialog } from '../../ui/PageDialog';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { clientsQuery } from './api';
import { ClientForm } from './ClientForm';

/** The clients (module clients): searchable, active or archived, a new one in a dialog (docs/product/clients.md). */
export default function ClientsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const search = useSearchText();
  const [archived, setArchived] = useState(false);
  const [creating, setCreating] = useState(false);
  const clients = useQuery(clientsQuery(search.query, archived));

  return (
    <DirectoryPage<ClientSummary>
      testId="clients"
      title={t('clients.title')}
      subtitle={t('clients.subtitle')}
      actions={
        <Button variant="default" component={Link} to={pathTo('projects')} data-testid="clients-projects">
          {t('projects.title')}
        </Button>
      }
      create={{ label: t('clients.new'), onClick: () => setCreating(true), testId: 'client-new' }}
      filters={
        <>
          <DirectorySearch label={t('clients.search')} search={search} testId="clients-search" />
          <ArchivedToggle
            label={t('clients.show')}
            labels={{ active: t('clients.active'), archived: t('clients.archived') }}
            archived={archived}
            onChange={setArchived}
          />
        </>
      }
      list={clients}
      rows={clients.data}
      failed={{ title: t('clients.failed'), retry: t('clients.retry') }}
      empty={search.query.trim() ? t('clients.noMatch') : archived ? t('clients.noneArchived') : t('clients.empty')}
      rowTestId="client-row"
      columns={[
        {
          key: 'name',
          header: t('clients.name'),
          cell: (c) => (
            <RouteLink route="client" params={{ id: c.id }} fw={500}>
              {c.name}
            </RouteLink>
          ),
        },
        { key: 'number', header: t('clients.number'), cell: (c) => c.number ?? '—', wide: true },
        { key: 'interval', header: t('clients.interval'), cell: (c) => t(`clients.intervals.${c.invoiceInterval}`) },
        { key: 'projects', header: t('clients.projectCount'), cell: (c) => c.projectCount, wide: true },
      ]}
    >
      <PageDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('clients.new')}
        size="lg"
        testId="client-dialog"
      >
        <ClientForm client={null} onSaved={(saved) => navigate(pathTo('client', { id: saved.id }))} />
      </PageDialog>
    </DirectoryPage>
  );
}

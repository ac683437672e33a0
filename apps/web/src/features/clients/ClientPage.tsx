import type { Client } from '@app/contracts';
import { guards } from '@app/domain';
import { Button } from '@mantine/core';
import { IconFileInvoice, IconPlus } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { useAccess } from '../../app/session';
import { ArchiveButton, DeleteButton, DetailSection } from '../../ui/DetailActions';
import { DetailLayout, DetailPage } from '../../ui/DetailPage';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { afterClientsChange, clientQuery, deleteClient, updateClient } from './api';
import { ClientForm } from './ClientForm';

/** One client: details and contacts, the plannings and projects they own, archive and delete. */
export default function ClientPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const client = useQuery(clientQuery(id));
  return (
    <DetailPage
      testId="client"
      back={{ route: 'clients', label: t('clients.back') }}
      entry={client}
      failed={{ title: t('clients.failed'), notFound: t('clients.notFound'), retry: t('clients.retry') }}
    >
      {(data) => <ClientDetails client={data} />}
    </DetailPage>
  );
}

function ClientDetails({ client }: { client: Client }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const access = useAccess();
  const archive = useMutation({
    mutationFn: () => updateClient(client.id, { archived: !client.archived }),
    onSuccess: (saved) => {
      afterClientsChange();
      notify('success', saved.archived ? t('clients.archivedDone') : t('clients.restoredDone'));
    },
  });
  const removal = useMutation({
    mutationFn: () => deleteClient(client.id),
    // A client something belongs to is archived instead: said beside the question's answer.
    meta: { handled: (e) => e.code === 'ERR_CLIENT_IN_USE' },
    onError: (error) => {
      if (isApiError(error) && error.code === 'ERR_CLIENT_IN_USE') notify('warning', t('errors.ERR_CLIENT_IN_USE'));
    },
    onSuccess: () => {
      afterClientsChange();
      navigate(pathTo('clients'));
    },
  });

  return (
    <DetailLayout
      title={client.name}
      subtitle={client.number ?? undefined}
      badge={client.archived ? t('clients.archivedBadge') : null}
      actions={
        <>
          {guards.clientInvoices(access) && (
            <Button
              variant="default"
              component={Link}
              to={`${pathTo('clientInvoices')}?client=${client.id}`}
              leftSection={<IconFileInvoice size={16} aria-hidden />}
              data-testid="client-invoices-link"
            >
              {t('invoicing.link')}
            </Button>
          )}
          <ArchiveButton
            archived={client.archived}
            labels={{ archive: t('clients.archive'), restore: t('clients.restore') }}
            loading={archive.isPending}
            onClick={() => archive.mutate()}
            testId="client-archive"
          />
        </>
      }
      form={
        <ClientForm
          client={client}
          onSaved={() => undefined}
          extra={
            <DeleteButton
              label={t('clients.delete')}
              question={{ title: t('clients.deleteTitle'), message: t('clients.deleteText', { name: client.name }) }}
              onDelete={() => removal.mutate()}
              loading={removal.isPending}
              testId="client-delete"
            />
          }
        />
      }
      aside={
        <>
          <DetailSection
            title={t('projects.title')}
            testId="client-projects"
            action={
              !client.archived && (
                <Button
                  size="xs"
                  variant="light"
                  component={Link}
                  to={`${pathTo('projects')}?new=${client.id}`}
                  leftSection={<IconPlus size={14} aria-hidden />}
                  data-testid="client-project-new"
                >
                  {t('projects.new')}
                </Button>
              )
            }
            items={client.projects.map((p) => ({
              key: p.id,
              content: (
                <RouteLink route="project" params={{ id: p.id }} size="sm">
                  {p.name}
                </RouteLink>
              ),
            }))}
            empty={t('clients.noProjects')}
          />
          <DetailSection
            title={t('clients.locations')}
            testId="client-locations"
            items={client.locations.map((l) => ({ key: l.id, content: l.name }))}
            empty={t('clients.noLocations')}
          />
        </>
      }
    />
  );
}

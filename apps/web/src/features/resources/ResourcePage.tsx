import type { Resource } from '@app/contracts';
import { Text } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { ArchiveButton, DeleteButton } from '../../ui/DetailActions';
import { DetailLayout, DetailPage } from '../../ui/DetailPage';
import { usePathTo } from '../../ui/useLang';
import { afterResourcesChange, deleteResource, resourceQuery, updateResource } from './api';
import { ResourceForm } from './ResourceForm';

/** One vehicle or piece of equipment: details, how many upcoming duties carry it, archive and delete. */
export default function ResourcePage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const resource = useQuery(resourceQuery(id));
  return (
    <DetailPage
      testId="resource"
      back={{ route: 'resources', label: t('resources.back') }}
      entry={resource}
      failed={{ title: t('resources.failed'), notFound: t('resources.notFound'), retry: t('resources.retry') }}
    >
      {(data) => <ResourceDetails resource={data} />}
    </DetailPage>
  );
}

function ResourceDetails({ resource }: { resource: Resource }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const archive = useMutation({
    mutationFn: () => updateResource(resource.id, { archived: !resource.archived }),
    onSuccess: (saved) => {
      afterResourcesChange();
      notify('success', saved.archived ? t('resources.archivedDone') : t('resources.restoredDone'));
    },
  });
  const removal = useMutation({
    mutationFn: () => deleteResource(resource.id),
    // Still on upcoming duties: archived or taken off them first, said beside the question's answer.
    meta: { handled: (e) => e.code === 'ERR_RESOURCE_IN_USE' },
    onError: (error) => {
      if (isApiError(error) && error.code === 'ERR_RESOURCE_IN_USE')
        notify('warning', t('errors.ERR_RESOURCE_IN_USE', { count: resource.upcoming }));
    },
    onSuccess: () => {
      afterResourcesChange();
      navigate(pathTo('resources'));
    },
  });

  return (
    <DetailLayout
      title={resource.name}
      subtitle={resource.type ?? t(`resources.kinds.${resource.kind}`)}
      badge={resource.archived ? t('resources.archivedBadge') : null}
      actions={
        <ArchiveButton
          archived={resource.archived}
          labels={{ archive: t('resources.archive'), restore: t('resources.restore') }}
          loading={archive.isPending}
          onClick={() => archive.mutate()}
          testId="resource-archive"
        />
      }
      form={
        <>
          <Text size="sm" c="dimmed" mb="md" data-testid="resource-upcoming">
            {t('resources.upcomingText', { count: resource.upcoming })}
          </Text>
          <ResourceForm
            resource={resource}
            onSaved={() => undefined}
            extra={
              <DeleteButton
                label={t('resources.delete')}
                question={{
                  title: t('resources.deleteTitle'),
                  message: t('resources.deleteText', { name: resource.name }),
                }}
                onDelete={() => removal.mutate()}
                loading={removal.isPending}
                testId="resource-delete"
              />
            }
          />
        </>
      }
    />
  );
}

import type { Client } from '@app/contracts';
import { Alert, Anchor, Badge, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconArchive, IconArchiveOff, IconArrowLeft, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { notify } from '../../app/notify';
import { confirmAsync } from '../../ui/confirm';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { usePathTo } from '../../ui/useLang';
import { afterClientsChange, clientQuery, deleteClient, updateClient } from './api';
import { ClientForm } from './ClientForm';

/** One client: details and contacts, the plannings and projects they own, archive and delete. */
export default function ClientPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const client = useQuery(clientQuery(id));
  const pathTo = usePathTo();

  return (
    <Stack data-testid="client-page" gap={0}>
      <Anchor component={Link} to={pathTo('clients')} size="sm" mb="xs">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('clients.back')}
        </Group>
      </Anchor>
      {client.isPending ? (
        <Stack data-testid="client-loading">
          <Skeleton height={36} width={240} />
          <Skeleton height={320} />
        </Stack>
      ) : client.isError ? (
        <Alert
          color="red"
          title={isApiError(client.error) && client.error.status === 404 ? t('clients.notFound') : t('clients.failed')}
        >
          <Button size="xs" variant="light" color="red" onClick={() => client.refetch()}>
            {t('clients.retry')}
          </Button>
        </Alert>
      ) : (
        <ClientDetails client={client.data} />
      )}
    </Stack>
  );
}

function ClientDetails({ client }: { client: Client }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const pathTo = usePathTo();
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
  const remove = async () => {
    const ok = await confirmAsync({
      title: t('clients.deleteTitle'),
      message: t('clients.deleteText', { name: client.name }),
      confirm: t('clients.delete'),
      danger: true,
    });
    if (ok) removal.mutate();
  };

  return (
    <>
      <PageTitle
        title={client.name}
        subtitle={client.number ?? undefined}
        right={
          <Group gap="xs">
            {client.archived && <Badge color="gray">{t('clients.archivedBadge')}</Badge>}
            <Button
              variant="default"
              leftSection={
                client.archived ? <IconArchiveOff size={16} aria-hidden /> : <IconArchive size={16} aria-hidden />
              }
              loading={archive.isPending}
              onClick={() => archive.mutate()}
              data-testid="client-archive"
            >
              {client.archived ? t('clients.restore') : t('clients.archive')}
            </Button>
          </Group>
        }
      />
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <Card withBorder radius="md" padding="lg" style={{ gridColumn: 'span 2' }} className="client-details">
          <ClientForm
            client={client}
            onSaved={() => undefined}
            extra={
              <Button
                variant="subtle"
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                onClick={remove}
                loading={removal.isPending}
                data-testid="client-delete"
              >
                {t('clients.delete')}
              </Button>
            }
          />
        </Card>
        <Stack gap="lg">
          <Card withBorder radius="md" padding="lg" data-testid="client-projects">
            <Group justify="space-between" mb="sm">
              <Title order={2} size="h4">
                {t('projects.title')}
              </Title>
              {!client.archived && (
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
              )}
            </Group>
            {client.projects.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('clients.noProjects')}
              </Text>
            ) : (
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {client.projects.map((p) => (
                  <li key={p.id}>
                    <RouteLink route="project" params={{ id: p.id }} size="sm">
                      {p.name}
                    </RouteLink>
                  </li>
                ))}
              </Stack>
            )}
          </Card>
          <Card withBorder radius="md" padding="lg" data-testid="client-locations">
            <Title order={2} size="h4" mb="sm">
              {t('clients.locations')}
            </Title>
            {client.locations.length === 0 ? (
              <Text size="sm" c="dimmed">
                {t('clients.noLocations')}
              </Text>
            ) : (
              <Stack gap={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {client.locations.map((l) => (
                  <Text key={l.id} component="li" size="sm">
                    {l.name}
                  </Text>
                ))}
              </Stack>
            )}
          </Card>
        </Stack>
      </SimpleGrid>
    </>
  );
}

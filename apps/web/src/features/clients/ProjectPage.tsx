import type { Project } from '@app/contracts';
import { Alert, Anchor, Button, Card, Group, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconCalendarEvent, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../app/api';
import { confirmAsync } from '../../ui/confirm';
import { formatDate } from '../../ui/format';
import { PageTitle } from '../../ui/PageTitle';
import { RouteLink } from '../../ui/RouteLink';
import { useLang, usePathTo } from '../../ui/useLang';
import { afterClientsChange, deleteProject, projectQuery } from './api';
import { ProjectForm } from './ProjectForm';

/** One project: how far its open duties reach and how many are staffed, its form, and delete. */
export default function ProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const project = useQuery(projectQuery(id));
  const pathTo = usePathTo();
  return (
    <Stack data-testid="project-page" gap={0}>
      <Anchor component={Link} to={pathTo('projects')} size="sm" mb="xs">
        <Group gap={4}>
          <IconArrowLeft size={14} aria-hidden />
          {t('projects.back')}
        </Group>
      </Anchor>
      {project.isPending ? (
        <Stack>
          <Skeleton height={36} width={240} />
          <Skeleton height={480} />
        </Stack>
      ) : project.isError ? (
        <Alert
          color="red"
          title={
            isApiError(project.error) && project.error.status === 404 ? t('projects.notFound') : t('projects.failed')
          }
        >
          <Button size="xs" variant="light" color="red" onClick={() => project.refetch()}>
            {t('clients.retry')}
          </Button>
        </Alert>
      ) : (
        <ProjectDetails project={project.data} />
      )}
    </Stack>
  );
}

function ProjectDetails({ project }: { project: Project }) {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const pathTo = usePathTo();
  const removal = useMutation({
    mutationFn: () => deleteProject(project.id),
    onSuccess: () => {
      afterClientsChange();
      navigate(pathTo('projects'));
    },
  });
  const remove = async () => {
    const ok = await confirmAsync({
      title: t('projects.deleteTitle'),
      message: t('projects.deleteText', { name: project.name }),
      confirm: t('projects.delete'),
      danger: true,
    });
    if (ok) removal.mutate();
  };
  const open = project.upcoming.needed - project.upcoming.staffed;

  return (
    <>
      <PageTitle
        title={project.name}
        subtitle={
          <RouteLink route="client" params={{ id: project.clientId }} size="sm">
            {project.clientName}
          </RouteLink>
        }
        right={
          <Button
            variant="default"
            component={Link}
            to={pathTo('rosterLocation', { location: project.locationId, date: project.startDate })}
            leftSection={<IconCalendarEvent size={16} aria-hidden />}
            data-testid="project-roster"
          >
            {t('projects.onRoster')}
          </Button>
        }
      />
      <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg" data-testid="project-summary">
        <Card withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed">
            {t('projects.openDuties')}
          </Text>
          <Text fw={700} size="xl" data-testid="project-open">
            {open}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed">
            {t('projects.staffedDuties')}
          </Text>
          <Text fw={700} size="xl">
            {project.upcoming.staffed}
          </Text>
        </Card>
        <Card withBorder radius="md" padding="md">
          <Text size="xs" c="dimmed">
            {t('projects.filledUntil')}
          </Text>
          <Text fw={700} size="xl">
            {project.filledUntil ? formatDate(project.filledUntil, lang) : '—'}
          </Text>
        </Card>
      </SimpleGrid>
      <Card withBorder radius="md" padding="lg">
        <ProjectForm
          project={project}
          onSaved={() => undefined}
          extra={
            <Button
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={16} aria-hidden />}
              onClick={remove}
              loading={removal.isPending}
              data-testid="project-delete"
            >
              {t('projects.delete')}
            </Button>
          }
        />
      </Card>
    </>
  );
}

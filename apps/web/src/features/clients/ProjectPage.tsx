import type { Project } from '@app/contracts';
import { Button, Card, SimpleGrid, Text } from '@mantine/core';
import { IconCalendarEvent } from '@tabler/icons-react';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { DeleteButton } from '../../ui/DetailActions';
import { DetailLayout, DetailPage } from '../../ui/DetailPage';
import { formatDate } from '../../ui/format';
import { RouteLink } from '../../ui/RouteLink';
import { useLang, usePathTo } from '../../ui/useLang';
import { afterClientsChange, deleteProject, projectQuery } from './api';
import { ProjectForm } from './ProjectForm';

/** One project: how far its open duties reach and how many are staffed, its form, and delete. */
export default function ProjectPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const project = useQuery(projectQuery(id));
  return (
    <DetailPage
      testId="project"
      back={{ route: 'projects', label: t('projects.back') }}
      entry={project}
      failed={{ title: t('projects.failed'), notFound: t('projects.notFound'), retry: t('clients.retry') }}
    >
      {(data) => <ProjectDetails project={data} />}
    </DetailPage>
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
  const figures = [
    { key: 'open', label: t('projects.openDuties'), value: project.upcoming.needed - project.upcoming.staffed },
    { key: 'staffed', label: t('projects.staffedDuties'), value: project.upcoming.staffed },
    {
      key: 'filled',
      label: t('projects.filledUntil'),
      value: project.filledUntil ? formatDate(project.filledUntil, lang) : '—',
    },
  ];

  return (
    <DetailLayout
      title={project.name}
      subtitle={
        <RouteLink route="client" params={{ id: project.clientId }} size="sm">
          {project.clientName}
        </RouteLink>
      }
      actions={
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
      summary={
        <SimpleGrid cols={{ base: 1, sm: 3 }} mb="lg" data-testid="project-summary">
          {figures.map((f) => (
            <Card key={f.key} withBorder radius="md" padding="md">
              <Text size="xs" c="dimmed">
                {f.label}
              </Text>
              <Text fw={700} size="xl" data-testid={`project-${f.key}`}>
                {f.value}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      }
      form={
        <ProjectForm
          project={project}
          onSaved={() => undefined}
          extra={
            <DeleteButton
              label={t('projects.delete')}
              question={{ title: t('projects.deleteTitle'), message: t('projects.deleteText', { name: project.name }) }}
              onDelete={() => removal.mutate()}
              loading={removal.isPending}
              testId="project-delete"
            />
          }
        />
      }
    />
  );
}

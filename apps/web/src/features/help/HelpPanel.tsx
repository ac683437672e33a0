import type { Lesson } from '@app/contracts';
import { hasModule, localizedPath } from '@app/domain';
import {
  Accordion,
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Drawer,
  Group,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { IconHelp } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { matchRoute } from '../../app/locale';
import { useAccess, useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { SUPPORT_EMAIL } from '../../config';
import { restartTour } from '../access/tourStore';
import { toursOf } from '../access/tours';
import { lessonsQuery, markViewed } from './api';

/**
 * The help panel of every page: the lessons about the page the member is on, then the University (every lesson
 * for them), and the support mail for real accounts. Lessons come filtered by role, module, config and demo; they
 * are the university module's, so without it the panel has the tours and the support mail only.
 */
export function HelpButton() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <>
      <ActionIcon
        variant="subtle"
        size="lg"
        aria-label={t('help.open')}
        onClick={() => setOpened(true)}
        data-testid="help-button"
      >
        <IconHelp size={20} />
      </ActionIcon>
      <Drawer
        opened={opened}
        onClose={() => setOpened(false)}
        position="right"
        title={t('help.title')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        data-testid="help-panel"
      >
        {opened && <HelpContent onNavigate={() => setOpened(false)} />}
      </Drawer>
    </>
  );
}

function HelpContent({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const { pathname } = useLocation();
  const page = matchRoute(pathname.split('/').slice(2).join('/'))?.key ?? null;
  const lessonsOn = hasModule(useAccess(), 'university');
  const query = useQuery({ ...lessonsQuery, enabled: lessonsOn });
  const lessons = query.data ?? [];
  const here = lessons.filter((l) => page && (l.page === page || l.pages.includes(page)));
  const rest = lessons.filter((l) => !here.includes(l));
  return (
    <Stack gap="lg" data-testid="help-content">
      {lessonsOn && query.isPending && <Skeleton h={120} />}
      {query.isError && (
        <Alert color="red" title={t('help.error')}>
          <Button size="compact-xs" variant="light" onClick={() => query.refetch()}>
            {t('common.reload')}
          </Button>
        </Alert>
      )}
      {query.isSuccess && (
        <>
          <Stack gap="xs">
            <Title order={3} size="h5">
              {t('help.thisPage')}
            </Title>
            {here.length === 0 ? (
              <Text size="sm" c="dimmed" data-testid="help-none">
                {t('help.nothingHere')}
              </Text>
            ) : (
              <Lessons lessons={here} onNavigate={onNavigate} testId="help-page-lessons" />
            )}
          </Stack>
          {rest.length > 0 && (
            <Stack gap="xs">
              <Title order={3} size="h5">
                {t('help.university')}
              </Title>
              <Lessons lessons={rest} onNavigate={onNavigate} testId="help-university" />
            </Stack>
          )}
        </>
      )}
      {toursOf(init.membership.roles).length > 0 && (
        <Button
          variant="light"
          size="xs"
          onClick={() => {
            onNavigate();
            restartTour();
          }}
          data-testid="help-restart-tour"
        >
          {t('access.tour.restart')}
        </Button>
      )}
      {!init.account.demo && (
        <Text size="sm">
          {t('help.contact')} <Anchor href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Anchor>
        </Text>
      )}
      {lang === 'nl' && (
        <Text size="xs" c="dimmed">
          {t('help.universityNote')}
        </Text>
      )}
    </Stack>
  );
}

function Lessons({ lessons, onNavigate, testId }: { lessons: Lesson[]; onNavigate: () => void; testId: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  return (
    <Accordion
      variant="separated"
      data-testid={testId}
      onChange={(id) => {
        const lesson = lessons.find((l) => l.id === id);
        if (lesson && !lesson.viewed) markViewed(lesson.id).catch(() => undefined);
      }}
    >
      {lessons.map((l) => (
        <Accordion.Item key={l.id} value={l.id} data-testid={`lesson-${l.id}`}>
          <Accordion.Control>
            <Group gap="xs" wrap="nowrap">
              <Text size="sm" fw={600}>
                {l.name}
              </Text>
              {!l.viewed && (
                <Badge size="xs" variant="light">
                  {t('help.new')}
                </Badge>
              )}
            </Group>
          </Accordion.Control>
          <Accordion.Panel>
            <Stack gap="xs">
              <Text size="sm">{l.content}</Text>
              {l.links.length > 0 && (
                <Group gap="sm">
                  {l.links.map((link) => (
                    <Anchor
                      key={link.route}
                      component={Link}
                      to={localizedPath(link.route, lang)}
                      size="sm"
                      onClick={onNavigate}
                    >
                      {link.label}
                    </Anchor>
                  ))}
                </Group>
              )}
            </Stack>
          </Accordion.Panel>
        </Accordion.Item>
      ))}
    </Accordion>
  );
}

import { localizedPath } from '@app/domain';
import { Anchor, Box, Button, CloseButton, Group, Paper, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { sessionKeys, useAccess, useSession } from '../../app/session';
import { useLang } from '../../app/useLang';
import { saveOnboarding } from './api';
import { closeTour, useTourRestarted } from './tourStore';
import { stepOpens, TOURS, type TourRole, toursOf } from './tours';

/**
 * The member's guided tour: a few steps about their role's screens, shown on their first sign-in (the membership's
 * onboarding flag) and again from the help panel. A member with several roles switches between their tours. It
 * is a card beside the page, not a modal: the page stays usable; closing or finishing it is remembered.
 */
export function OnboardingTour() {
  const init = useSession();
  const restarted = useTourRestarted();
  const tours = toursOf(init.membership.roles);
  const pending = init.membership.onboarding && !init.membership.shadow;
  if (tours.length === 0 || !(pending || restarted)) return null;
  return <Tour tours={tours} focusOnOpen={restarted} />;
}

function Tour({ tours, focusOnOpen }: { tours: TourRole[]; focusOnOpen: boolean }) {
  const { t } = useTranslation();
  const lang = useLang();
  const init = useSession();
  const access = useAccess();
  const queryClient = useQueryClient();
  const titleId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [role, setRole] = useState<TourRole>(tours[0]);
  const [index, setIndex] = useState(0);
  const steps = TOURS[role];
  const current = steps[Math.min(index, steps.length - 1)];
  const last = index >= steps.length - 1;

  const done = useMutation({
    mutationFn: () => saveOnboarding(init.membership.id, false),
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionKeys.init }),
  });
  const finish = () => {
    closeTour();
    // A visit by a super user leaves the member's own tour as it is.
    if (init.membership.onboarding && !init.membership.shadow) done.mutate();
  };

  // Opened from the help panel: once the panel has closed (and handed focus back), the step takes it.
  useEffect(() => {
    if (!focusOnOpen) return;
    const timer = window.setTimeout(() => headingRef.current?.focus(), 400);
    return () => window.clearTimeout(timer);
  }, [focusOnOpen]);

  const switchRole = (next: string) => {
    setRole(next as TourRole);
    setIndex(0);
  };

  return (
    <Paper
      role="dialog"
      aria-modal={false}
      aria-labelledby={titleId}
      data-testid="onboarding-tour"
      data-role={role}
      shadow="xl"
      withBorder
      radius="md"
      p="md"
      onKeyDown={(e) => {
        if (e.key === 'Escape') finish();
      }}
      style={{
        position: 'fixed',
        zIndex: 150,
        right: 'max(8px, env(safe-area-inset-right))',
        bottom: 'max(8px, env(safe-area-inset-bottom))',
        width: 'min(380px, calc(100vw - 16px))',
        maxHeight: 'calc(100dvh - 80px)',
        overflowY: 'auto',
      }}
    >
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Text size="xs" tt="uppercase" fw={700} c="dimmed">
            {t('access.tour.heading')}
          </Text>
          <CloseButton size="sm" aria-label={t('access.tour.close')} onClick={finish} data-testid="onboarding-close" />
        </Group>
        {tours.length > 1 && (
          <Box>
            <Text size="xs" c="dimmed" mb={4} id={`${titleId}-roles`}>
              {t('access.tour.roleSwitch')}
            </Text>
            <SegmentedControl
              size="xs"
              fullWidth
              value={role}
              onChange={switchRole}
              aria-labelledby={`${titleId}-roles`}
              data={tours.map((r) => ({ value: r, label: t(`access.tour.roles.${r}`) }))}
              data-testid="onboarding-roles"
            />
          </Box>
        )}
        <Text size="sm">{t(`access.tour.intro.${role}`)}</Text>
        <div aria-live="polite">
          <Text size="xs" c="dimmed" data-testid="onboarding-progress">
            {t('access.tour.progress', { step: index + 1, total: steps.length })}
          </Text>
          <Title order={2} size="h4" id={titleId} ref={headingRef} tabIndex={-1} mt={2}>
            {t(`access.tour.steps.${current.key}.title`)}
          </Title>
          <Text size="sm" mt={4}>
            {t(`access.tour.steps.${current.key}.text`)}
          </Text>
        </div>
        {stepOpens(current, access) && (
          <Anchor
            component={Link}
            to={localizedPath(current.route, lang)}
            size="sm"
            fw={600}
            data-testid="onboarding-open"
          >
            <Group gap={4} component="span" wrap="nowrap">
              {t('access.tour.open')}
              <IconArrowRight size={14} aria-hidden />
            </Group>
          </Anchor>
        )}
        <Group justify="space-between" wrap="nowrap">
          <Button variant="subtle" size="xs" onClick={finish} data-testid="onboarding-skip">
            {t('access.tour.skip')}
          </Button>
          <Group gap="xs" wrap="nowrap">
            {index > 0 && (
              <Button variant="default" size="xs" onClick={() => setIndex(index - 1)}>
                {t('access.tour.back')}
              </Button>
            )}
            {last ? (
              <Button size="xs" onClick={finish} data-testid="onboarding-done">
                {t('access.tour.done')}
              </Button>
            ) : (
              <Button size="xs" onClick={() => setIndex(index + 1)} data-testid="onboarding-next">
                {t('access.tour.next')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>
    </Paper>
  );
}

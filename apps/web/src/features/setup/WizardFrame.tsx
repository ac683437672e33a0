import { Box, Container, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../ui/Logo';

interface Props {
  title: string;
  /** The progress through the steps: 1-based step and the number of steps. */
  progress?: { step: number; of: number; label: string };
  /** Beside the logo (continue later). */
  aside?: ReactNode;
  /** When it changes (another step), the title takes the focus, so a screen reader starts at the new page. */
  focusKey?: string;
  children: ReactNode;
}

/** The wizard's bare page: the mark, the progress, one card. */
export function WizardFrame({ title, progress, aside, focusKey, children }: Props) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: focus moves when the step changes, not on first paint
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    heading.current?.focus();
  }, [focusKey]);
  useEffect(() => {
    document.title = `${title} · ${t('app.name')}`;
  }, [title, t]);
  return (
    <Container size={720} px={0} py={{ base: 'xs', sm: 'xl' }}>
      <Stack gap="lg">
        <Group justify="space-between" wrap="nowrap">
          <Logo />
          {aside}
        </Group>
        {progress && (
          <Box>
            <Group justify="space-between" mb={6} wrap="nowrap">
              <Text size="sm" c="dimmed" data-testid="setup-progress-text">
                {t('setupWizard.progress', { step: progress.step, of: progress.of })}
              </Text>
              <Text size="sm" fw={600}>
                {progress.label}
              </Text>
            </Group>
            <Progress
              value={(progress.step / progress.of) * 100}
              size="sm"
              radius="xl"
              aria-label={t('setupWizard.progress', { step: progress.step, of: progress.of })}
            />
          </Box>
        )}
        <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
          <Stack gap="md">
            <Title order={1} size="h2" ref={heading} tabIndex={-1} style={{ outline: 'none' }}>
              {title}
            </Title>
            {children}
          </Stack>
        </Paper>
      </Stack>
    </Container>
  );
}

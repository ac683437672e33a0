import { DEMO_DAYS } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { Alert, Button, List, Progress, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { isApiError } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { reloadInit } from '../../app/session';
import { useLang } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';
import { startDemo } from './api';

/** What the progress says while the demo company is made (it takes a few seconds), one line every 1.5 s. */
const STEPS = ['demoStepCompany', 'demoStepTeam', 'demoStepRoster', 'demoStepHours', 'demoStepAlmost'] as const;

/** "Try it" (demo and example): a throwaway copy of the sample company for this visitor, signed in as its owner. */
export default function DemoPage() {
  const { t } = useTranslation();
  const lang = useLang();
  const navigate = useNavigate();
  const [step, setStep] = useState(0);
  const mutation = useMutation({
    mutationFn: () => startDemo(lang),
    meta: { handled: (e) => e.code === 'DEMO_LIMIT' },
    onSuccess: async () => {
      queryClient.removeQueries();
      await reloadInit().catch(() => undefined);
      navigate(localizedPath('roster', lang), { replace: true });
    },
  });
  const pending = mutation.isPending || mutation.isSuccess;

  useEffect(() => {
    if (!pending) return;
    setStep(0);
    const timer = window.setInterval(() => setStep((s) => Math.min(s + 1, STEPS.length - 1)), 1500);
    return () => window.clearInterval(timer);
  }, [pending]);

  const limited = isApiError(mutation.error) && mutation.error.code === 'DEMO_LIMIT';
  return (
    <AuthCard title={t('signup.demoTitle')} intro={t('signup.demoIntro')}>
      <Stack gap="md" data-testid="demo">
        <List size="sm" spacing={4}>
          <List.Item>{t('signup.demoPoint1')}</List.Item>
          <List.Item>{t('signup.demoPoint2')}</List.Item>
          <List.Item>{t('signup.demoPoint3', { days: DEMO_DAYS })}</List.Item>
        </List>
        {limited && (
          <Alert color="orange" data-testid="demo-limit">
            {t('errors.DEMO_LIMIT')}
          </Alert>
        )}
        {pending ? (
          <Stack gap={6} data-testid="demo-progress">
            <Progress value={((step + 1) / STEPS.length) * 100} animated aria-label={t('signup.demoPreparing')} />
            <Text size="sm" c="dimmed" aria-live="polite">
              {t(`signup.${STEPS[step]}`)}
            </Text>
          </Stack>
        ) : (
          <Button size="md" fullWidth onClick={() => mutation.mutate()} disabled={limited} data-testid="demo-start">
            {t('signup.demoStart')}
          </Button>
        )}
        <Text size="sm">
          {t('signup.demoOwnAccount')}{' '}
          <RouteLink route="register" data-testid="link-register">
            {t('signup.createAccount')}
          </RouteLink>
        </Text>
        <RouteLink route="login" size="sm">
          {t('common.backToLogin')}
        </RouteLink>
      </Stack>
    </AuthCard>
  );
}

import { TRIAL_DAYS } from '@app/contracts';
import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useInit } from '../../app/session';
import { usePathTo } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { DelayedLoader } from '../../ui/DelayedLoader';
import { RouteLink } from '../../ui/RouteLink';

/** After confirming a registration: a greeting, what comes next, and the way into the setup wizard. */
export default function WelcomePage() {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const init = useInit();
  if (init.isPending) return <DelayedLoader />;
  const session = init.data;
  const name = session?.user.fname || session?.user.name;
  return (
    <AuthCard title={name ? t('signup.welcomeTitleNamed', { name }) : t('signup.welcomeTitle')}>
      <Stack gap="md" data-testid="welcome">
        <Text>
          {session
            ? t('signup.welcomeText', { company: session.account.name, days: TRIAL_DAYS })
            : t('signup.welcomeSignedOut')}
        </Text>
        {session && (
          <>
            <Text fw={600}>{t('signup.welcomeNext')}</Text>
            <List spacing="xs" center>
              {(['welcomeStep1', 'welcomeStep2', 'welcomeStep3'] as const).map((key, i) => (
                <List.Item
                  key={key}
                  icon={
                    <ThemeIcon size={24} radius="xl" variant="light">
                      <Text size="xs" fw={700}>
                        {i + 1}
                      </Text>
                    </ThemeIcon>
                  }
                >
                  {t(`signup.${key}`)}
                </List.Item>
              ))}
            </List>
            <Button component={Link} to={pathTo('wizard')} size="md" fullWidth data-testid="welcome-start">
              {t('signup.welcomeStart')}
            </Button>
            <Text size="xs" c="dimmed" ta="center">
              {t('signup.welcomeMail')}
            </Text>
          </>
        )}
        {!session && (
          <RouteLink route="login" size="sm">
            {t('common.toLogin')}
          </RouteLink>
        )}
      </Stack>
    </AuthCard>
  );
}

import { Alert, Button, Code, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLang } from '../../app/useLang';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';
import { requestConfirmation } from '../auth/api';
import { signupInfoQuery } from './api';

/**
 * After registering: where the link went, what to do with it, and, without a mail server (development), that the
 * mail is in the server's log.
 */
export function CheckMailCard({ email }: { email: string }) {
  const { t } = useTranslation();
  const lang = useLang();
  const info = useQuery(signupInfoQuery);
  const resend = useMutation({ mutationFn: () => requestConfirmation(email, lang) });
  return (
    <AuthCard title={t('signup.checkMailTitle')}>
      <Stack gap="md" data-testid="check-mail">
        <ThemeIcon size={48} radius="xl" variant="light" color="teal" aria-hidden>
          <Text size="xl">✉</Text>
        </ThemeIcon>
        <Text>
          {t('signup.checkMailText')}{' '}
          <Text span fw={600} data-testid="check-mail-address">
            {email}
          </Text>
        </Text>
        <List size="sm" spacing={4} type="ordered">
          <List.Item>{t('signup.checkMailStep1')}</List.Item>
          <List.Item>{t('signup.checkMailStep2')}</List.Item>
          <List.Item>{t('signup.checkMailStep3')}</List.Item>
        </List>
        {info.data?.mailLogged && (
          <Alert color="yellow" title={t('signup.mailLoggedTitle')} data-testid="mail-logged">
            <Text size="sm">{t('signup.mailLoggedText')}</Text>
            <Code block mt="xs">
              mail kept in outbox (no SMTP_URL)
            </Code>
          </Alert>
        )}
        <Text size="sm" c="dimmed">
          {t('signup.noMail')}
        </Text>
        {resend.isSuccess ? (
          <Alert color="teal" data-testid="check-mail-resent">
            {t('signup.resent')}
          </Alert>
        ) : (
          <Button
            variant="light"
            onClick={() => resend.mutate()}
            loading={resend.isPending}
            data-testid="check-mail-resend"
          >
            {t('signup.resend')}
          </Button>
        )}
        <RouteLink route="login" search={`?email=${encodeURIComponent(email)}`} size="sm">
          {t('common.backToLogin')}
        </RouteLink>
      </Stack>
    </AuthCard>
  );
}

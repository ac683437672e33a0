import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { RouteLink } from '../../ui/RouteLink';

/** The reason a sign-in failed, with the way forward where there is one. */
export function LoginErrorAlert({ error, email }: { error: ApiError; email: string }) {
  const { t } = useTranslation();
  const emailQuery = email ? `?email=${encodeURIComponent(email)}` : '';
  return (
    <Alert color="red" variant="light" data-testid="login-error" role="alert">
      <Stack gap={6}>
        <Text size="sm">{errorMessage(error.body)}</Text>
        {error.code === 'EMAIL_NOT_CONFIRMED' && (
          <RouteLink route="requestConfirmation" search={emailQuery} size="sm" data-testid="login-resend-confirmation">
            {t('login.resendConfirmation')}
          </RouteLink>
        )}
        {error.code === 'NO_PASSWORD' && (
          <RouteLink route="forgotPassword" search={emailQuery} size="sm" data-testid="login-set-password">
            {t('login.setPassword')}
          </RouteLink>
        )}
      </Stack>
    </Alert>
  );
}

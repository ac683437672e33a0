import { Alert, Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../app/api';
import { AuthCard } from '../../ui/AuthCard';
import { RouteLink } from '../../ui/RouteLink';

type Purpose = 'reset' | 'confirm' | 'invitation';

const REASONS = ['CODE_INVALID', 'CODE_EXPIRED', 'CODE_USED'] as const;

/** A link from an e-mail that cannot be used: invalid, expired or already used. */
export function CodeFailure({ error, purpose }: { error: unknown; purpose: Purpose }) {
  const { t } = useTranslation();
  const code = isApiError(error) ? error.code : undefined;
  const reason = REASONS.find((r) => r === code);
  return (
    <AuthCard title={t(`codeFailure.${purpose}`)}>
      <Stack data-testid="code-failure" data-reason={reason ?? 'error'}>
        <Alert color="orange">{reason ? t(`errors.${reason}`) : t('errors.INTERNAL')}</Alert>
        {purpose === 'reset' && (
          <RouteLink route="forgotPassword" size="sm">
            {t('codeFailure.requestNewReset')}
          </RouteLink>
        )}
        {purpose === 'confirm' && (
          <RouteLink route="requestConfirmation" size="sm">
            {t('codeFailure.requestNewConfirmation')}
          </RouteLink>
        )}
        <RouteLink route="login" size="sm">
          {t('common.backToLogin')}
        </RouteLink>
      </Stack>
    </AuthCard>
  );
}

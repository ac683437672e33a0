import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconMail } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { isApiError } from '../../app/api';
import { usePathTo } from '../../app/useLang';
import { WizardFrame } from './WizardFrame';

export type SetupMessageKind = 'SETUP_COMPLETED' | 'INVALID_CREDENTIALS' | 'failure';

/** Which message an error of the wizard's calls gets (the setup's messages: docs/product/setup.md). */
export function setupMessageKind(error: unknown): SetupMessageKind {
  const code = isApiError(error) ? error.code : undefined;
  return code === 'SETUP_COMPLETED' || code === 'INVALID_CREDENTIALS' ? code : 'failure';
}

/**
 * The setup's messages: finished (offers to sign in, or to open the app when signed in), a link that does not
 * work, or a general failure. Each offers a way to contact us.
 */
export function SetupMessage({ kind, signedIn = false }: { kind: SetupMessageKind; signedIn?: boolean }) {
  const { t } = useTranslation();
  const pathTo = usePathTo();
  const done = kind === 'SETUP_COMPLETED';
  return (
    <WizardFrame title={t(`setupWizard.messages.${kind}.title`)}>
      <Stack gap="lg" data-testid="setup-message" data-kind={kind}>
        <Alert
          color={done ? 'teal' : 'orange'}
          icon={done ? <IconCircleCheck aria-hidden /> : undefined}
          variant="light"
        >
          <Text>
            {done && signedIn
              ? t('setupWizard.messages.SETUP_COMPLETED.textSignedIn')
              : t(`setupWizard.messages.${kind}.text`)}
          </Text>
        </Alert>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Button
            component={Link}
            to={pathTo('contact')}
            variant="default"
            leftSection={<IconMail size={18} aria-hidden />}
          >
            {t('setupWizard.messages.contact')}
          </Button>
          {done &&
            (signedIn ? (
              <Button component={Link} to={pathTo('overview')} data-testid="setup-message-app">
                {t('setupWizard.messages.openApp')}
              </Button>
            ) : (
              <Button component={Link} to={pathTo('login')} data-testid="setup-message-login">
                {t('common.toLogin')}
              </Button>
            ))}
          {!done && (
            <Button component={Link} to={pathTo('login')} variant="light">
              {t('common.backToLogin')}
            </Button>
          )}
        </Group>
      </Stack>
    </WizardFrame>
  );
}

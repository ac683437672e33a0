import { Button, Group, Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../navigation';
import { logout } from '../session';
import { useLang } from '../useLang';

/** The account's setup is not finished: say so, then sign out (docs/product/setup.md). */
export function IncompleteSetupModal() {
  const { t } = useTranslation();
  const lang = useLang();
  const [busy, setBusy] = useState(false);
  const signOut = async () => {
    setBusy(true);
    await logout();
    window.location.assign(loginPath(lang, null));
  };
  return (
    <Modal
      opened
      onClose={signOut}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('setupIncomplete.title')}
      data-testid="setup-incomplete"
    >
      <Text mb="lg">{t('setupIncomplete.text')}</Text>
      <Group justify="flex-end">
        <Button onClick={signOut} loading={busy}>
          {t('setupIncomplete.signOut')}
        </Button>
      </Group>
    </Modal>
  );
}

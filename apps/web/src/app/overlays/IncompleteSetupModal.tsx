import { Button, Group, Modal, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { loginPath } from '../navigation';
import { logout } from '../session';
import { useLang } from '../useLang';

/** The account's setup is not finished: say so, then sign out (docs/product/setup.md). */
export function IncompleteSetupModal() {
  const { t } = useTranslation();
  const lang = useLang();
  // logout() drops the session locally whatever the server says: it never fails.
  const leave = useMutation({
    mutationFn: logout,
    onSuccess: () => window.location.assign(loginPath(lang, null)),
  });
  const signOut = () => {
    if (!leave.isPending) leave.mutate();
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
        <Button onClick={signOut} loading={leave.isPending}>
          {t('setupIncomplete.signOut')}
        </Button>
      </Group>
    </Modal>
  );
}

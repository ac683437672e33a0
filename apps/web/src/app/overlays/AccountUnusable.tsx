import type { InitResponse } from '@app/contracts';
import { Button, Center, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { AccountSwitcher } from '../layouts/AccountSwitcher';
import { loginPath } from '../navigation';
import { logout } from '../session';
import { useLang } from '../useLang';

/** An expired or deleted account: the member can only contact the owner, switch account or sign out. */
export function AccountUnusable({ init }: { init: InitResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  const signOut = async () => {
    await logout();
    window.location.assign(loginPath(lang, null));
  };
  return (
    <Center mih="100vh" p="md" data-testid="account-unusable">
      <Stack align="center" maw={520} ta="center">
        <Title order={2}>{t('accountUnusable.title', { account: init.account.name })}</Title>
        <Text c="dimmed" data-testid="contact-owner">
          {init.account.ownerName
            ? t('access.contactOwner', { owner: init.account.ownerName })
            : t('accountUnusable.text')}
        </Text>
        <Group>
          {(init.accounts.length > 1 || init.user.superUser) && <AccountSwitcher init={init} />}
          <Button variant="default" onClick={signOut}>
            {t('nav.logout')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

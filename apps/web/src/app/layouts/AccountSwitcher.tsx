import type { InitResponse } from '@app/contracts';
import { localizedPath } from '@app/domain';
import { Button, Menu } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useShellSlots } from '../slots';
import { useLang } from '../useLang';

/** Lists the member's accounts; choosing one switches the session and reloads the app on the overview. */
export function AccountSwitcher({ init }: { init: InitResponse }) {
  const { t } = useTranslation();
  const lang = useLang();
  const [searching, setSearching] = useState(false);
  const { AccountSearch, switchAccount } = useShellSlots();
  const mutation = useMutation({
    mutationFn: switchAccount,
    onSuccess: () => window.location.assign(localizedPath('overview', lang)),
  });
  return (
    <>
      <Menu shadow="md" width={260} position="bottom-start">
        <Menu.Target>
          <Button variant="subtle" size="compact-sm" loading={mutation.isPending} data-testid="account-switcher">
            {t('nav.switchAccount')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('nav.accounts')}</Menu.Label>
          {init.accounts.map((account) => (
            <Menu.Item
              key={account.id}
              disabled={account.id === init.account.id}
              onClick={() => mutation.mutate(account.id)}
              data-testid={`account-${account.id}`}
            >
              {account.name}
            </Menu.Item>
          ))}
          {init.user.superUser && (
            <>
              <Menu.Divider />
              <Menu.Item onClick={() => setSearching(true)} data-testid="account-search-entry">
                {t('access.search.open')}
              </Menu.Item>
            </>
          )}
        </Menu.Dropdown>
      </Menu>
      {init.user.superUser && <AccountSearch opened={searching} onClose={() => setSearching(false)} />}
    </>
  );
}

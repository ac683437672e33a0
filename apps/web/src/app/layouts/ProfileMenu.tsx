import { localizedPath } from '@app/domain';
import { Button, Popover, Stack, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell, IconLogout, IconUser } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useSession } from '../session';
import { useLang } from '../useLang';
import { useSignOut } from '../useSignOut';

/**
 * The phone header's avatar (`avatar`, drawn by the header): a small panel with the profile, the notification
 * settings (push messages) and signing out, so
 * signing out takes a deliberate second tap and sits away from the bell (docs/product/app.md).
 */
export function ProfileMenu({ avatar }: { avatar: ReactNode }) {
  const { t } = useTranslation();
  const init = useSession();
  const lang = useLang();
  const signOut = useSignOut();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" width={220} trapFocus returnFocus>
      <Popover.Target>
        {/* Named by its content: the initials it shows, then the words (WCAG 2.5.3, label in name). */}
        <UnstyledButton
          onClick={() => setOpened((o) => !o)}
          data-testid="profile-menu"
          style={{ display: 'flex', alignItems: 'center', padding: 4, marginLeft: 8, borderRadius: '50%' }}
        >
          {avatar}
          <VisuallyHidden>{t('nav.profileMenu', { name: init.user.name })}</VisuallyHidden>
        </UnstyledButton>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Stack gap={2}>
          <Button
            component={Link}
            to={localizedPath('profile', lang)}
            onClick={() => setOpened(false)}
            variant="subtle"
            color="dark"
            justify="flex-start"
            leftSection={<IconUser size={16} aria-hidden />}
          >
            {t('menu.profile')}
          </Button>
          <Button
            component={Link}
            to={localizedPath('notifications', lang)}
            onClick={() => setOpened(false)}
            variant="subtle"
            color="dark"
            justify="flex-start"
            leftSection={<IconBell size={16} aria-hidden />}
            data-testid="profile-menu-notifications"
          >
            {t('notifications.page.title')}
          </Button>
          <Button
            onClick={() => {
              setOpened(false);
              signOut();
            }}
            variant="subtle"
            color="dark"
            justify="flex-start"
            leftSection={<IconLogout size={16} aria-hidden />}
            data-testid="logout"
          >
            {t('nav.logout')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}

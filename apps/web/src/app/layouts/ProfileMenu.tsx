import { localizedPath } from '@app/domain';
import { Menu, UnstyledButton } from '@mantine/core';
import { IconLogout, IconUser } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PersonAvatar } from '../../features/team/people';
import { useSession } from '../session';
import { useLang } from '../useLang';
import { useSignOut } from '../useSignOut';

/**
 * The phone header's avatar: a menu with the profile and logging out, so logging out takes a deliberate second tap
 * and sits away from the bell (docs/product/app.md).
 */
export function ProfileMenu() {
  const { t } = useTranslation();
  const init = useSession();
  const lang = useLang();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" shadow="md" width={220} withinPortal>
      <Menu.Target>
        <UnstyledButton
          aria-label={t('nav.profileMenu', { name: init.user.name })}
          data-testid="profile-menu"
          style={{ display: 'flex', alignItems: 'center', padding: 4, marginLeft: 8, borderRadius: '50%' }}
        >
          <PersonAvatar membershipId={init.membership.id} fname={init.user.fname} lname={init.user.lname} size={32} />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{init.user.name}</Menu.Label>
        <Menu.Item
          component={Link}
          to={localizedPath('profile', lang)}
          leftSection={<IconUser size={16} aria-hidden />}
        >
          {t('menu.profile')}
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={signOut}
          data-testid="logout"
        >
          {t('nav.logout')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

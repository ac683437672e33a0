import { localizedPath } from '@app/domain';
import { Anchor, Burger, Button, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Logo } from '../../ui/Logo';
import { useSession } from '../session';
import { useShellSlots } from '../slots';
import { useLang } from '../useLang';
import { useSignOut } from '../useSignOut';
import { useIsDesktop, useNarrowLayout } from '../viewport';
import { AccountSwitcher } from './AccountSwitcher';
import { HeaderLinks } from './HeaderLinks';
import { LanguageMenu } from './LanguageMenu';
import { ProfileMenu } from './ProfileMenu';

interface Props {
  navOpened: boolean;
  onToggleNav: () => void;
}

/** Header of the signed-in layout; on narrow screens the extras move into the navigation drawer. */
export function BackendHeader({ navOpened, onToggleNav }: Props) {
  const { t } = useTranslation();
  const init = useSession();
  const lang = useLang();
  const desktop = useIsDesktop();
  const narrow = useNarrowLayout();
  const signOut = useSignOut();
  const { HeaderActions, Avatar } = useShellSlots();
  const canSwitch = init.accounts.length > 1 || init.user.superUser;

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('nav.toggle')}
          aria-expanded={navOpened}
          aria-controls="side-nav"
          data-testid="nav-burger"
        />
        <Anchor component={Link} to={localizedPath('overview', lang)} underline="never" c="inherit" visibleFrom="md">
          <Logo />
        </Anchor>
        <Text fw={600} truncate data-testid="account-name">
          {init.account.name}
        </Text>
        {canSwitch && !narrow && <AccountSwitcher init={init} />}
      </Group>
      <Group gap="xs" wrap="nowrap">
        <HeaderActions />
        {desktop && (
          <Anchor component={Link} to={localizedPath('profile', lang)} size="sm" data-testid="header-profile">
            <Group gap={8} wrap="nowrap" component="span">
              <Avatar membershipId={init.membership.id} fname={init.user.fname} lname={init.user.lname} size={28} />
              {init.user.name}
            </Group>
          </Anchor>
        )}
        {!narrow && (
          <>
            <HeaderLinks />
            <LanguageMenu />
          </>
        )}
        {narrow ? (
          <ProfileMenu
            avatar={
              <Avatar membershipId={init.membership.id} fname={init.user.fname} lname={init.user.lname} size={32} />
            }
          />
        ) : (
          <Button variant="light" size="compact-sm" onClick={signOut} data-testid="logout">
            {t('nav.logout')}
          </Button>
        )}
      </Group>
    </Group>
  );
}

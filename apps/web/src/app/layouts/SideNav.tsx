import { localizedPath, type MenuEntry, visibleMenu } from '@app/domain';
import { Badge, Group, NavLink, ScrollArea, Stack, Tooltip } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { BUILT_ROUTES } from '../builtRoutes';
import { matchRoute } from '../locale';
import { useAccess, useSession } from '../session';
import { useShellSlots } from '../slots';
import { useLang } from '../useLang';
import { useNarrowLayout } from '../viewport';
import { AccountSwitcher } from './AccountSwitcher';
import { HeaderLinks } from './HeaderLinks';
import { LanguageMenu } from './LanguageMenu';

function isActive(entry: MenuEntry, pathname: string): boolean {
  const match = matchRoute(pathname.split('/').slice(2).join('/'));
  return match?.key === entry.route;
}

/** The side navigation: the menu entries this member sees (docs/product/app.md), then the version tag. */
export function SideNav() {
  const { t } = useTranslation();
  const lang = useLang();
  const access = useAccess();
  const init = useSession();
  const { pathname } = useLocation();
  const narrow = useNarrowLayout();
  const { menuBadges } = useShellSlots();
  const entries = useMemo(() => visibleMenu(access, BUILT_ROUTES), [access]);

  return (
    <Stack justify="space-between" h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }}>
        <nav aria-label={t('nav.main')}>
          {entries.map((entry) => {
            const EntryBadge = menuBadges[entry.key];
            return (
              <NavLink
                key={entry.key}
                component={Link}
                to={localizedPath(entry.route, lang)}
                label={t(`menu.${entry.key}`)}
                active={isActive(entry, pathname)}
                rightSection={EntryBadge ? <EntryBadge /> : undefined}
                data-testid={`menu-${entry.key}`}
              />
            );
          })}
        </nav>
      </ScrollArea>
      {narrow && (
        <Stack gap="xs" p="sm" data-testid="nav-extras">
          {(init.accounts.length > 1 || init.user.superUser) && <AccountSwitcher init={init} />}
          <Group gap="sm">
            <HeaderLinks />
            <LanguageMenu />
          </Group>
        </Stack>
      )}
      <Tooltip label={t('nav.versionReload')}>
        <Badge
          component="button"
          variant="light"
          color="gray"
          tt="none"
          m="sm"
          style={{ cursor: 'pointer' }}
          onClick={() => window.location.reload()}
          data-testid="version-tag"
        >
          {t('nav.version', { version: init.app.services.version })}
        </Badge>
      </Tooltip>
    </Stack>
  );
}

import { localizedPath, type MenuEntry, unreadBubble, visibleMenu } from '@app/domain';
import { Badge, Group, NavLink, ScrollArea, Stack, Tooltip, VisuallyHidden } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUnreadChats } from '../../features/chats/api';
import { useInboxCount } from '../../features/inbox/api';
import { BUILT_ROUTES } from '../builtRoutes';
import { matchRoute } from '../locale';
import { useAccess, useSession } from '../session';
import { useLang } from '../useLang';
import { useNarrowLayout } from '../viewport';
import { AccountSwitcher } from './AccountSwitcher';
import { HeaderLinks } from './HeaderLinks';
import { LanguageMenu } from './LanguageMenu';

function isActive(entry: MenuEntry, pathname: string): boolean {
  const match = matchRoute(pathname.split('/').slice(2).join('/'));
  return match?.key === entry.route;
}

/** The chats entry's unread bubble: hidden at 0, capped at 99 (shown +99 beyond; docs/product/chats.md). */
function ChatsBubble() {
  const { t } = useTranslation();
  const count = useUnreadChats();
  const bubble = unreadBubble(count);
  if (!bubble) return null;
  return (
    <>
      <Badge size="sm" variant="filled" color="red" aria-hidden data-testid="menu-chats-unread">
        {bubble}
      </Badge>
      <VisuallyHidden>{t('chats.unread', { count })}</VisuallyHidden>
    </>
  );
}

/** The inbox entry's count of answers waiting: hidden at 0, capped like the chats' (docs/product/inbox.md). */
function InboxBubble() {
  const { t } = useTranslation();
  const count = useInboxCount(true);
  const bubble = unreadBubble(count);
  if (!bubble) return null;
  return (
    <>
      <Badge size="sm" variant="filled" color="blue" aria-hidden data-testid="menu-inbox-count">
        {bubble}
      </Badge>
      <VisuallyHidden>{t('inbox.waiting', { count })}</VisuallyHidden>
    </>
  );
}

const BUBBLES: Record<string, () => ReactNode> = { chats: () => <ChatsBubble />, inbox: () => <InboxBubble /> };

/** The side navigation: the menu entries this member sees (docs/product/app.md), then the version tag. */
export function SideNav() {
  const { t } = useTranslation();
  const lang = useLang();
  const access = useAccess();
  const init = useSession();
  const { pathname } = useLocation();
  const narrow = useNarrowLayout();
  const entries = useMemo(() => visibleMenu(access, BUILT_ROUTES), [access]);

  return (
    <Stack justify="space-between" h="100%" gap={0}>
      <ScrollArea style={{ flex: 1 }}>
        <nav aria-label={t('nav.main')}>
          {entries.map((entry) => (
            <NavLink
              key={entry.key}
              component={Link}
              to={localizedPath(entry.route, lang)}
              label={t(`menu.${entry.key}`)}
              active={isActive(entry, pathname)}
              rightSection={BUBBLES[entry.key]?.()}
              data-testid={`menu-${entry.key}`}
            />
          ))}
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

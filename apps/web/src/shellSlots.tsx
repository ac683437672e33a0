import { type ComponentType, lazy, Suspense } from 'react';
import { afterFirstContent } from './app/firstContent';
import type { ShellSlots } from './app/slots';
import { switchAccount } from './features/session/api';
import { PersonAvatar } from './features/team/people';

/**
 * A widget loaded after the page has shown its first content (app/firstContent.ts): none of these is needed for the
 * first screen, so their code (and the Mantine components, schemas and styles only they use) stays out of the shell
 * every page loads first (docs/architecture.md, "The web app's shell"; `npm run bench:shell`), and their code and
 * calls wait for the page's own. Until it has loaded it renders nothing.
 */
function later<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Lazy = lazy(async () => {
    await afterFirstContent();
    return { default: await load() };
  });
  return (props: P) => (
    <Suspense fallback={null}>
      <Lazy {...props} />
    </Suspense>
  );
}

const HelpButton = later(() => import('./features/help/HelpPanel').then((m) => m.HelpButton));
const NotificationBell = later(() =>
  import('./features/notifications/NotificationBell').then((m) => m.NotificationBell),
);
const ChatsMenuBadge = later(() => import('./features/chats/ChatsMenuBadge').then((m) => m.ChatsMenuBadge));
const InboxMenuBadge = later(() => import('./features/inbox/InboxMenuBadge').then((m) => m.InboxMenuBadge));
const ShadowBar = later(() => import('./features/access/ShadowBar').then((m) => m.ShadowBar));
const AccountBannerBar = later(() => import('./features/access/AccountBanner').then((m) => m.AccountBannerBar));

/** The features' widgets in the signed-in shell (app/slots.tsx says where each one goes). */
export const SHELL_SLOTS: ShellSlots = {
  HeaderActions: () => (
    <>
      <HelpButton />
      <NotificationBell />
    </>
  ),
  Avatar: PersonAvatar,
  AccountSearch: later(() => import('./features/access/AccountSearch').then((m) => m.AccountSearchModal)),
  switchAccount,
  PageTop: () => (
    <>
      <ShadowBar />
      <AccountBannerBar />
    </>
  ),
  PageEnd: later(() => import('./features/access/OnboardingTour').then((m) => m.OnboardingTour)),
  menuBadges: { chats: ChatsMenuBadge, inbox: InboxMenuBadge },
};

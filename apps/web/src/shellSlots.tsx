import { later } from './app/later';
import type { ShellSlots } from './app/slots';
import { switchAccount } from './features/session/api';
import { PersonAvatar } from './features/team/people';

// The shell's widgets load once the page has shown its first content (app/later.tsx).

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

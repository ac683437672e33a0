import type { ShellSlots } from './app/slots';
import { AccountBannerBar } from './features/access/AccountBanner';
import { AccountSearchModal } from './features/access/AccountSearch';
import { OnboardingTour } from './features/access/OnboardingTour';
import { ShadowBar } from './features/access/ShadowBar';
import { ChatsMenuBadge } from './features/chats/ChatsMenuBadge';
import { HelpButton } from './features/help/HelpPanel';
import { InboxMenuBadge } from './features/inbox/InboxMenuBadge';
import { NotificationBell } from './features/notifications/NotificationBell';
import { switchAccount } from './features/session/api';
import { PersonAvatar } from './features/team/people';

/** The features' widgets in the signed-in shell (app/slots.tsx says where each one goes). */
export const SHELL_SLOTS: ShellSlots = {
  HeaderActions: () => (
    <>
      <HelpButton />
      <NotificationBell />
    </>
  ),
  Avatar: PersonAvatar,
  AccountSearch: AccountSearchModal,
  switchAccount,
  PageTop: () => (
    <>
      <ShadowBar />
      <AccountBannerBar />
    </>
  ),
  PageEnd: OnboardingTour,
  menuBadges: { chats: ChatsMenuBadge, inbox: InboxMenuBadge },
};

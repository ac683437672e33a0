import { type ComponentType, createContext, type ReactNode, useContext } from 'react';

/**
 * What features place into the signed-in shell. The shell (app/layouts) knows no feature: it renders these slots,
 * and the composition root (src/shellSlots.tsx, given to the router) fills them with the features' widgets.
 */
export interface ShellSlots {
  /** The header's buttons before the profile link (the help drawer's button, the notifications' bell). */
  HeaderActions: ComponentType;
  /** A member's picture, beside their name in the header. */
  Avatar: ComponentType<{ membershipId: string; fname: string; lname: string; size: number }>;
  /** The super user's search for any account, opened from the account switcher. */
  AccountSearch: ComponentType<{ opened: boolean; onClose: () => void }>;
  /** Switches the session to another account of the member. */
  switchAccount: (accountId: string) => Promise<unknown>;
  /** Above the page: bars about the session and the account (shadowing, the account's state). */
  PageTop: ComponentType;
  /** After the page: guidance laid over it (the onboarding tour). */
  PageEnd: ComponentType;
  /** A menu entry's badge by the entry's key (the chats' unread count); entries without one show none. */
  menuBadges: Readonly<Partial<Record<string, ComponentType>>>;
}

const ShellSlotsContext = createContext<ShellSlots | null>(null);

/** Gives the shell below it the features' widgets; the router places it around the signed-in pages. */
export function ShellSlotsProvider({ slots, children }: { slots: ShellSlots; children: ReactNode }) {
  return <ShellSlotsContext.Provider value={slots}>{children}</ShellSlotsContext.Provider>;
}

/** The slots the router filled; the shell outside the router's signed-in branch is a programming error. */
export function useShellSlots(): ShellSlots {
  const slots = useContext(ShellSlotsContext);
  if (!slots) throw new Error('The signed-in shell is rendered outside ShellSlotsProvider (see router.tsx).');
  return slots;
}

import type { NotificationEvent } from './notifications';

/**
 * Every realtime event the server sends, with its payload. Realtime is invalidation: a payload says what changed
 * (ids, dates, a reason), never the new state; the app refetches. The server's `emit` and the web's `onRealtime`
 * both take these names and payloads, and a test holds that every event the server emits has a listener in the
 * web and the reverse (`REALTIME_EVENTS` lists them for it).
 */
export interface RealtimeEvents {
  /** A new version of the server started (ISO time of the change): the web offers to reload. */
  AppUpdated: { updated: string };
  /** What the session's app was built from changed (modules, settings, the catalog, access): it loads init again. */
  Reinit: { reason: 'catalog' | 'settings' | 'access' | 'setup' | 'modules' | 'subscription' };
  /** The member's session ended on the server. */
  Logout: { reason: string };
  /**
   * A location's roster changed: these items (`ids`), day notes (`notes`: dates), comments (`comments`), or its
   * release date (`releasedUntil`). With only `ids` the roster reads just those items (`RosterItemsQuery`) and merges
   * them; otherwise it reloads the location.
   */
  LocationUpdated: {
    location: string;
    ids?: string[];
    notes?: string[];
    comments?: string[];
    releasedUntil?: string | null;
  };
  /** A member's availability changed on these dates (`defaults`: their weekly defaults too). */
  AvailabilityUpdated: { membershipId: string; dates: string[]; defaults?: boolean };
  /** Swap offers changed (offered, taken, decided, declined, withdrawn): the offers and the inbox read again. */
  SwapUpdated: { ids: string[] };
  /** Vacation requests or a member's vacation balance changed. */
  VacationUpdated: { ids: string[]; memberships: string[] };
  /** Time-for-time balances of these members changed. */
  BalanceUpdated: { memberships: string[] };
  /** Registered hours changed. */
  HoursUpdated: { ids: string[]; members: string[] };
  /** Invoices to clients changed (drafted, by hand or by the drafting job, edited, issued, sent, deleted). */
  ClientInvoiceUpdated: { ids: string[] };
  /** The member's notifications changed: a new one, read ones, or one removed. */
  Notification: { id?: string; event?: NotificationEvent; read?: boolean; removed?: string };
  /** A message in a chat the member takes part in. */
  ChatMessageSent: { chat: { id: number; channel: string } };
  /** Someone read or received messages of a chat. */
  StatusUpdate: { channel: string; membership: string; status: 'received' | 'read'; chats?: number[] };
  /** A chat for the member has news (its list's unread count). */
  ChatNotification: { channel: string; chat?: number; statusId?: number };
  /** A chat's title or people changed. */
  ChannelUpdated: { channel: string };
  /** Someone is typing in a chat's room (a whisper, never stored). */
  Typing: { channel: string; user: string; typing: boolean };
  /** A check-in on an item changed (the supervisor's board). */
  CheckinUpdated: { item: string; membership: string };
  /** The member's own check-in changed. */
  CheckinRefresh: { item: string };
  /** A supervisor checked the member out. */
  CheckoutBySupervisor: { checkin: string; item: string };
}

export type RealtimeEventName = keyof RealtimeEvents;

/** Every event name, for the check that each is both sent and listened to. */
export const REALTIME_EVENTS = [
  'AppUpdated',
  'Reinit',
  'Logout',
  'LocationUpdated',
  'AvailabilityUpdated',
  'SwapUpdated',
  'VacationUpdated',
  'BalanceUpdated',
  'HoursUpdated',
  'ClientInvoiceUpdated',
  'Notification',
  'ChatMessageSent',
  'StatusUpdate',
  'ChatNotification',
  'ChannelUpdated',
  'Typing',
  'CheckinUpdated',
  'CheckinRefresh',
  'CheckoutBySupervisor',
] as const satisfies readonly RealtimeEventName[];

import type {
  Locale,
  ModuleKey,
  NotificationChannels,
  NotificationData,
  NotificationEvent,
  NotificationSettings,
  Role,
} from '@app/contracts';
import { NotificationEvent as Events } from '@app/contracts';
import { localizedPath } from '../routes';
import { type Member, memberHasRole } from './member';

/** The module each notification event belongs to: a switched-off module sends nothing. */
export const NOTIFICATION_EVENT_MODULE: Record<NotificationEvent, ModuleKey> = {
  rosterReleased: 'roster',
  rosterChanged: 'roster',
  itemAssigned: 'roster',
  itemRemoved: 'roster',
  signOutAnswered: 'roster',
  applicationAnswered: 'roster',
  swapOffered: 'roster',
  swapRequested: 'roster',
  swapAnswered: 'roster',
  vacationRequested: 'vacation',
  vacationAnswered: 'vacation',
  hoursDenied: 'hours',
  chatMessage: 'chats',
  dossierShared: 'dossiers',
  documentAdded: 'documents',
};

/** A section of the notification settings: the events of one module, in the events' order. */
export interface NotificationGroup {
  module: ModuleKey;
  events: NotificationEvent[];
}

/**
 * The notification settings page's sections (docs/product/notifications.md): one per module, in the order their
 * first event comes, each with its events in their order.
 */
export function notificationGroups(events: readonly NotificationEvent[] = Events.options): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  for (const event of events) {
    const module = NOTIFICATION_EVENT_MODULE[event];
    const group = groups.find((g) => g.module === module);
    if (group) group.events.push(event);
    else groups.push({ module, events: [event] });
  }
  return groups;
}

/**
 * What a member gets before they chose: everything in the app, by e-mail and as a push where they subscribed;
 * a chat message only as a push (the chat's own bubble counts it in the app, and a conversation would flood the
 * inbox and the list).
 */
export function defaultChannels(event: NotificationEvent): NotificationChannels {
  const chat = event === 'chatMessage';
  return { app: !chat, mail: !chat, push: true };
}

/** The member's stored choices over the defaults; unknown events and channels in storage are dropped. */
export function resolveNotificationSettings(stored: Record<string, Record<string, unknown>> | null | undefined) {
  const out = {} as NotificationSettings;
  for (const event of Events.options) {
    const d = defaultChannels(event);
    const s = stored?.[event] ?? {};
    out[event] = {
      app: typeof s.app === 'boolean' ? s.app : d.app,
      mail: typeof s.mail === 'boolean' ? s.mail : d.mail,
      push: typeof s.push === 'boolean' ? s.push : d.push,
    };
  }
  return out;
}

/** Whether the event goes out at all for the account (its module is on). */
export const notificationEventActive = (event: NotificationEvent, modules: readonly ModuleKey[]) =>
  modules.includes(NOTIFICATION_EVENT_MODULE[event]);

/** Activity log (docs/product/app.md, the menu): special-account flag and owner or manager. */
export const mayReadActivityLog = (member: Member, account: { special: boolean }) =>
  account.special && memberHasRole(member, 'owner', 'manager');

/** Today (docs/product/app.md, the menu): a real account, the module, planner or observer. */
export const mayUseToday = (member: Member, account: { demo: boolean; modules: readonly ModuleKey[] }) =>
  !account.demo && account.modules.includes('today') && memberHasRole(member, 'planner', 'observer');

/** A help lesson and who it is for (docs/product/notifications.md, "Help, lessons and the calendar"). */
export interface LessonRule {
  roles: readonly string[];
  modules: readonly string[];
  configs: readonly string[];
  flags: readonly string[];
}

/**
 * Whether a lesson is for this member: any of its roles (none: everyone; roles carry the ones below them), every
 * module it names switched on, every account config it names set, and `demo`/`real` flags matching the account.
 */
export function lessonVisible(
  lesson: LessonRule,
  member: Member,
  account: { demo: boolean; modules: readonly ModuleKey[]; configs: readonly string[] },
): boolean {
  if (lesson.roles.length > 0 && !memberHasRole(member, ...(lesson.roles as Role[]))) return false;
  if (!lesson.modules.every((m) => account.modules.includes(m as ModuleKey))) return false;
  if (!lesson.configs.every((c) => account.configs.includes(c))) return false;
  if (lesson.flags.includes('demo') && !account.demo) return false;
  if (lesson.flags.includes('real') && account.demo) return false;
  return true;
}

/** Where a notification leads in the app (the push's link, the mail's link and the panel's entry alike). */
export function notificationPath(event: NotificationEvent, data: NotificationData, locale: Locale): string {
  if (event === 'chatMessage')
    return data.channel ? localizedPath('chat', locale, { channel: data.channel }) : localizedPath('chats', locale);
  if (event === 'vacationRequested' && data.vacation)
    return localizedPath('vacationRequest', locale, { id: data.vacation });
  if (event === 'vacationAnswered' || event === 'vacationRequested') return localizedPath('vacation', locale);
  if (event === 'hoursDenied') return localizedPath('timesheet', locale);
  if (event === 'swapRequested') return localizedPath('inbox', locale);
  // The member reads the entries shared with them on their own profile.
  if (event === 'dossierShared') return localizedPath('profile', locale);
  if (event === 'documentAdded') return localizedPath('documents', locale, data.folder ? { type: data.folder } : {});
  if (data.location && data.date)
    return localizedPath('rosterLocation', locale, { location: data.location, date: data.date });
  return localizedPath('roster', locale);
}

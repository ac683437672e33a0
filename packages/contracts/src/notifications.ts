import { z } from 'zod';
import { CalendarDate, httpsUrl, line, matching } from './inputs';

/**
 * Notifications (docs/product/notifications.md): one row per recipient and event in the in-app list, plus e-mail and
 * web push per the recipient's settings. The events are the ones the member can switch per channel on the notifications
 * page.
 */
export const NotificationEvent = z.enum([
  'rosterReleased',
  'rosterChanged',
  'itemAssigned',
  'itemRemoved',
  'signOutAnswered',
  'applicationAnswered',
  'swapOffered',
  'swapRequested',
  'swapAnswered',
  'vacationRequested',
  'vacationAnswered',
  'hoursDenied',
  'chatMessage',
  'dossierShared',
  'documentAdded',
]);
export type NotificationEvent = z.infer<typeof NotificationEvent>;

export const NotificationChannel = z.enum(['app', 'mail', 'push']);
export type NotificationChannel = z.infer<typeof NotificationChannel>;

/** What an event tells, by id and a few words: the client words it from its catalogs. */
export const NotificationData = z.object({
  location: z.string().optional(),
  locationName: z.string().optional(),
  date: z.string().optional(),
  item: z.string().optional(),
  channel: z.string().optional(),
  /** Who did it (the planner, the chat's writer). */
  by: z.string().optional(),
  /** Answers: accepted or denied. */
  accepted: z.boolean().optional(),
  /** A chat message's first words. */
  excerpt: z.string().optional(),
  /** A vacation request's id (a new request leads the deciders to it). */
  vacation: z.string().optional(),
  /** A vacation request's last date. */
  until: z.string().optional(),
  /** The request was changed by its requester (told to the deciders again). */
  changed: z.boolean().optional(),
  /** A swap offer's id (docs/product/swaps.md). */
  swap: z.string().optional(),
  /** What became of a swap offer: taken and approved, waiting for a planner, denied, declined, withdrawn. */
  outcome: z.enum(['approved', 'pending', 'denied', 'declined', 'withdrawn']).optional(),
  /** The documents folder a filed document went into. */
  folder: z.string().optional(),
});
export type NotificationData = z.infer<typeof NotificationData>;

export const Notification = z.object({
  id: z.string(),
  event: NotificationEvent,
  data: NotificationData,
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

export const NotificationsQuery = z.object({
  /** The id of the oldest notification the client holds: the next page starts after it. */
  before: z.string().uuid().optional(),
  unread: z.enum(['true', 'false']).optional(),
});

export const NotificationsResponse = z.object({
  notifications: z.array(Notification),
  unread: z.number().int(),
  more: z.boolean(),
});
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/** Marks some notifications read, or all of the member's with `all`. */
export const MarkNotificationsRequest = z.union([
  z.object({ ids: z.array(z.string().uuid()).min(1).max(200) }),
  z.object({ all: z.literal(true) }),
]);
export type MarkNotificationsRequest = z.infer<typeof MarkNotificationsRequest>;

/** The answer to marking notifications read: how many stay unread. */
export const MarkNotificationsResponse = z.object({ unread: z.number().int() });
export type MarkNotificationsResponse = z.infer<typeof MarkNotificationsResponse>;

export const NotificationChannels = z.object({ app: z.boolean(), mail: z.boolean(), push: z.boolean() });
export type NotificationChannels = z.infer<typeof NotificationChannels>;

export const NotificationSettings = z.object(
  Object.fromEntries(NotificationEvent.options.map((e) => [e, NotificationChannels])) as Record<
    NotificationEvent,
    typeof NotificationChannels
  >,
);
export type NotificationSettings = z.infer<typeof NotificationSettings>;

export const NotificationSettingsResponse = z.object({
  settings: NotificationSettings,
  /** Events of switched-off modules are not sent; the page greys them out. */
  events: z.array(z.object({ event: NotificationEvent, active: z.boolean() })),
  /** The VAPID public key the browser subscribes with (base64url). */
  pushKey: z.string(),
  /** How many browsers of the member receive pushes. */
  pushDevices: z.number().int(),
});
export type NotificationSettingsResponse = z.infer<typeof NotificationSettingsResponse>;

/**
 * The hosts of the browsers' own push services, as their vendors publish them: Chrome, Edge on Android and other
 * Chromium browsers (Firebase Cloud Messaging), Firefox (Mozilla's autopush), Edge on Windows (Windows Push
 * Notification Services) and Safari (Apple Push Notification service). A subscription's endpoint must be on one of
 * them, so the server never connects anywhere a member names (the server also checks the addresses it connects
 * to: apps/server/src/platform/outbound.ts). An entry starting with `*.` admits any subdomain, not the bare domain.
 */
export const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'updates.push.services.mozilla.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  'web.push.apple.com',
  '*.push.apple.com',
] as const;

/** Whether a host name (lower case, no port) is one of PUSH_SERVICE_HOSTS. */
export function isPushServiceHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return PUSH_SERVICE_HOSTS.some((entry) =>
    entry.startsWith('*.') ? h.endsWith(entry.slice(1)) && h.length > entry.length - 1 : h === entry,
  );
}

/** Whether a subscription's endpoint is an https URL on a push service's host, on the default port. */
export function isPushServiceUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      url.protocol === 'https:' && url.port === '' && !url.username && !url.password && isPushServiceHost(url.hostname)
    );
  } catch {
    return false;
  }
}

/** Base64url key material of a subscription. */
const PushKey = (max: number) => matching(/^[A-Za-z0-9_-]+={0,2}$/, 'validation.invalid', { max });

/** A browser's PushSubscription as `toJSON()` gives it. */
export const PushSubscriptionRequest = z.object({
  endpoint: httpsUrl(1000).refine(isPushServiceUrl, 'validation.pushService'),
  keys: z.object({ p256dh: PushKey(200), auth: PushKey(100) }),
});
export type PushSubscriptionRequest = z.infer<typeof PushSubscriptionRequest>;

/** Which subscription to drop: compared as it is, so one stored before the rules above can be dropped too. */
export const PushUnsubscribeRequest = z.object({ endpoint: line(1000) });

// ---------------------------------------------------------------------------------------------------------------
// Activity log (docs/product/notifications.md: `log`, at most 30 days)

export const ActivityLogQuery = z.object({
  /** Who made the change (a membership id). */
  person: z.string().uuid().optional(),
  location: z.string().uuid().optional(),
  /** What changed: item, location, duty, shift, ... */
  kind: line(40).optional(),
  /** The id of the oldest entry the client holds. */
  before: z.string().uuid().optional(),
});
export type ActivityLogQuery = z.infer<typeof ActivityLogQuery>;

export const ActivityEntry = z.object({
  id: z.string(),
  at: z.string(),
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
  kind: z.string(),
  entityId: z.string().nullable(),
  action: z.string(),
  location: z.object({ id: z.string(), name: z.string() }).nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type ActivityEntry = z.infer<typeof ActivityEntry>;

export const ActivityLogResponse = z.object({
  entries: z.array(ActivityEntry),
  more: z.boolean(),
  /** The kinds that occur in the last 30 days, for the filter. */
  kinds: z.array(z.string()),
  people: z.array(z.object({ id: z.string(), name: z.string() })),
  locations: z.array(z.object({ id: z.string(), name: z.string() })),
  /** Names of the people, duties, shifts, plannings and the like the entries' before and after refer to, by id. */
  names: z.record(z.string(), z.string()),
});
export type ActivityLogResponse = z.infer<typeof ActivityLogResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Lessons (docs/product/notifications.md): id, name, content, links, viewed, action, page, flags, pages, roles,
// modules, configs, priority

export const Lesson = z.object({
  id: z.string(),
  name: z.string(),
  content: z.string(),
  links: z.array(z.object({ label: z.string(), route: z.string() })),
  viewed: z.boolean(),
  /** A route key the lesson's button opens. */
  action: z.string().nullable(),
  /** The route key of the page the lesson explains (its help panel). */
  page: z.string().nullable(),
  pages: z.array(z.string()),
  flags: z.array(z.string()),
  roles: z.array(z.string()),
  modules: z.array(z.string()),
  configs: z.array(z.string()),
  priority: z.number().int(),
});
export type Lesson = z.infer<typeof Lesson>;

export const LessonsResponse = z.object({ lessons: z.array(Lesson) });
export type LessonsResponse = z.infer<typeof LessonsResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Calendar (docs/product/notifications.md; GET /api/calendar/{month}/{year} → headline, calendar)

export const CalendarParams = z.object({
  month: z.coerce.number().int().min(1).max(12),
  year: z.coerce.number().int().min(1950).max(2050),
});

export const CalendarDay = z.object({
  /** A grid day: the first and last weeks of 1950-01 and 2050-12 reach beyond the input range, so not CalendarDate. */
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  day: z.number().int(),
  /** Part of the asked month (the grid's first and last weeks show neighbours' days). */
  inMonth: z.boolean(),
  weekend: z.boolean(),
  today: z.boolean(),
  holiday: z.string().nullable(),
});
export const CalendarResponse = z.object({
  /** The month as its heading reads in the member's language, e.g. "März 2027". */
  headline: z.string(),
  calendar: z.object({
    month: z.number().int(),
    year: z.number().int(),
    weekStart: z.enum(['monday', 'sunday']),
    weeks: z.array(z.object({ week: z.number().int(), days: z.array(CalendarDay) })),
  }),
});
export type CalendarResponse = z.infer<typeof CalendarResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Today (docs/product/notifications.md): the day schedule, tabs employees and locations

export const TodayState = z.enum(['planned', 'working', 'checkedIn', 'late', 'sick', 'done', 'open', 'signout']);
export type TodayState = z.infer<typeof TodayState>;

export const TodayEntry = z.object({
  item: z.string(),
  location: z.object({ id: z.string(), name: z.string() }),
  person: z.object({ id: z.string(), name: z.string() }).nullable(),
  duty: z.object({ id: z.string(), name: z.string(), color: z.string() }).nullable(),
  from: z.string().nullable(),
  until: z.string().nullable(),
  state: TodayState,
  /** Whether the person is checked in for this item now; null where the account keeps no check-ins. */
  checkedIn: z.boolean().nullable(),
});
export type TodayEntry = z.infer<typeof TodayEntry>;

export const TodayResponse = z.object({
  date: CalendarDate,
  now: z.string(),
  entries: z.array(TodayEntry),
  counts: z.object({
    planned: z.number().int(),
    working: z.number().int(),
    checkedIn: z.number().int(),
    late: z.number().int(),
    sick: z.number().int(),
    open: z.number().int(),
  }),
});
export type TodayResponse = z.infer<typeof TodayResponse>;

// ---------------------------------------------------------------------------------------------------------------
// Overview: each role's next steps (docs/product/notifications.md)

export const NextDuty = z.object({
  item: z.string(),
  date: CalendarDate,
  from: z.string().nullable(),
  until: z.string().nullable(),
  location: z.object({ id: z.string(), name: z.string() }),
  duty: z.string().nullable(),
});
export const NextStepsResponse = z.object({
  /** The member's own duties on released days from today, the next few. */
  myNextDuties: z.array(NextDuty),
  /** Planners: sign-outs and applications waiting for an answer. Null for those who do not plan. */
  pendingApprovals: z.object({ signOuts: z.number().int(), applications: z.number().int() }).nullable(),
  /** Open duties of the next two weeks the member may fill (planners) or take (released days of their plannings). */
  openDuties: z.number().int(),
  /** The member's own sign-outs and applications still without an answer. */
  unanswered: z.object({ signOuts: z.number().int(), applications: z.number().int() }),
});
export type NextStepsResponse = z.infer<typeof NextStepsResponse>;

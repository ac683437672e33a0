import type {
  Locale,
  MarkNotificationsRequest,
  ModuleKey,
  Notification,
  NotificationData,
  NotificationEvent,
  NotificationSettings,
  NotificationSettingsResponse,
  NotificationsResponse,
  PushSubscriptionRequest,
} from '@app/contracts';
import { NotificationEvent as Events } from '@app/contracts';
import { notificationEventActive, notificationPath, now, resolveNotificationSettings } from '@app/domain';
import { and, count, desc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { accounts, memberships, notificationSettings, notifications, pushSubscriptions, users } from '../../db/schema';
import type { Actor } from '../../platform/actor';
import { type Command, runCommand } from '../../platform/command';
import type { AppContext } from '../../platform/context';
import { AppError } from '../../platform/errors';
import { loggableError } from '../../platform/log-safe';
import type { MailTemplate } from '../../platform/mail/catalog';
import { renderMail } from '../../platform/mail/catalog';
import { formatMailDate } from '../../platform/mail/format';

/**
 * Notifications. `notify` is the one entry point other domains call, with their running command: it writes the
 * in-app rows and the mails (into the outbox, worked off by the mail worker, in each recipient's language) inside the
 * change's transaction, and after the commit sends pushes (web push, VAPID) per each recipient's settings and tells
 * their open apps (`Notification` on `notification.{id}`). See docs/architecture.md, "Notifications".
 */

export interface NotifyInput {
  accountId: string;
  event: NotificationEvent;
  /** Membership ids; inactive and other accounts' members are skipped. */
  recipients: readonly string[];
  data: NotificationData;
  /** The member who caused it: never told about their own change. */
  actorMembershipId?: string | null;
  /** A mail template other than the event's own (a revoked release is a roster change told in other words). */
  mail?: MailTemplate;
  /** Further mail placeholders per recipient, in their language (a vacation's dates, a supervisor's message). */
  mailParams?: (membershipId: string, locale: Locale) => Record<string, string>;
}

const PAGE_SIZE = 30;

/** What became of a swap offer, in the words of its mail (docs/product/swaps.md). */
const SWAP_TEMPLATES = {
  approved: 'swapApproved',
  pending: 'swapPending',
  denied: 'swapDenied',
  declined: 'swapDeclined',
  withdrawn: 'swapWithdrawn',
} as const satisfies Record<NonNullable<NotificationData['outcome']>, MailTemplate>;

/** The mail template an event writes, by its answer. */
function templateOf(event: NotificationEvent, data: NotificationData): MailTemplate {
  switch (event) {
    case 'signOutAnswered':
      return data.accepted ? 'signOutAccepted' : 'signOutDenied';
    case 'applicationAnswered':
      return data.accepted ? 'applicationAccepted' : 'applicationDenied';
    case 'vacationAnswered':
      return data.accepted ? 'vacationApproved' : 'vacationDenied';
    case 'swapAnswered':
      return SWAP_TEMPLATES[data.outcome ?? 'withdrawn'];
    default:
      return event;
  }
}

interface Recipient {
  membershipId: string;
  email: string;
  emailConfirmed: boolean;
  access: string;
  locale: Locale;
  name: string;
  settings: NotificationSettings;
}

async function recipientsOf(db: DbOrTx, accountId: string, ids: readonly string[]): Promise<Recipient[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ membership: memberships, user: users, settings: notificationSettings.settings })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .leftJoin(notificationSettings, eq(notificationSettings.membershipId, memberships.id))
    .where(and(eq(memberships.accountId, accountId), inArray(memberships.id, [...ids])));
  return rows
    .filter((r) => r.membership.status === 'active')
    .map((r) => ({
      membershipId: r.membership.id,
      email: r.user.email,
      emailConfirmed: r.user.emailConfirmedAt !== null,
      access: r.membership.access,
      locale: r.user.locale as Locale,
      name: [r.user.fname, r.user.lname].filter(Boolean).join(' ') || r.user.email,
      settings: resolveNotificationSettings(r.settings),
    }));
}

/**
 * Tells the recipients about an event, per their settings, inside the change's command: the in-app rows and the
 * mails stand or fall with the change; pushes and the open apps are told after its commit.
 */
export async function notify(ctx: AppContext, command: Command, input: NotifyInput): Promise<void> {
  const db = command.tx;
  const ids = [...new Set(input.recipients)].filter((id) => id && id !== input.actorMembershipId);
  if (ids.length === 0) return;
  const [account] = await db
    .select({ modules: accounts.modules })
    .from(accounts)
    .where(eq(accounts.id, input.accountId));
  if (!account || !notificationEventActive(input.event, account.modules as ModuleKey[])) return;
  const people = await recipientsOf(db, input.accountId, ids);
  const at = now();

  const inApp = people.filter((p) => p.settings[input.event].app);
  const rows =
    inApp.length === 0
      ? []
      : await db
          .insert(notifications)
          .values(
            inApp.map((p) => ({
              accountId: input.accountId,
              membershipId: p.membershipId,
              event: input.event,
              data: input.data,
              createdAt: at,
            })),
          )
          .returning({ id: notifications.id, membershipId: notifications.membershipId });

  const template = input.mail ?? templateOf(input.event, input.data);
  const paramsFor = (p: Recipient): Record<string, string> => ({
    location: input.data.locationName ?? '',
    by: input.data.by ?? '',
    excerpt: input.data.excerpt ?? '',
    date: input.data.date ? formatMailDate(input.data.date, p.locale) : '',
    name: p.name,
    link: `${ctx.config.publicUrl}${notificationPath(input.event, input.data, p.locale)}`,
    ...input.mailParams?.(p.membershipId, p.locale),
  });
  const mailed = people.filter((p) => p.settings[input.event].mail && p.access !== 'no' && p.emailConfirmed);
  await ctx.mailer.sendAll(
    command ?? db,
    mailed.map((p) => ({ to: p.email, locale: p.locale, accountId: input.accountId, template, params: paramsFor(p) })),
  );

  const pushed = people.filter((p) => p.settings[input.event].push);
  // Read inside the change's transaction: a command's pushes leave after the commit, when it is gone.
  const subs =
    pushed.length === 0
      ? []
      : await db
          .select()
          .from(pushSubscriptions)
          .where(
            and(
              eq(pushSubscriptions.accountId, input.accountId),
              inArray(
                pushSubscriptions.membershipId,
                pushed.map((p) => p.membershipId),
              ),
            ),
          );
  const sendPushes = async () => {
    if (subs.length === 0) return;
    const byMember = new Map(pushed.map((p) => [p.membershipId, p]));
    const sends = subs.map(async (sub) => {
      const p = byMember.get(sub.membershipId);
      if (!p) return;
      const params = paramsFor(p);
      const { subject } = renderMail(p.locale, template, params);
      const payload = JSON.stringify({
        title: subject,
        body: input.data.excerpt ?? input.data.locationName ?? '',
        url: notificationPath(input.event, input.data, p.locale),
        tag: input.event,
      });
      try {
        const { gone } = await ctx.push.send(
          { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
          payload,
        );
        if (gone) await ctx.owner.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      } catch (err) {
        ctx.log.warn({ error: loggableError(err) }, 'web push failed');
      }
    });
    // The request does not wait for push services; each failure is logged, a gone subscription dropped.
    pendingPushes = Promise.all([pendingPushes, ...sends]).then(() => undefined);
  };
  // The pushes and the open apps are told once the change committed.
  command.afterCommit(sendPushes);
  for (const row of rows) {
    command.emit(`notification.${row.membershipId}`, 'Notification', { id: row.id, event: input.event });
  }
}

let pendingPushes: Promise<void> = Promise.resolve();
/** Resolves once the pushes sent so far are done (tests). */
export const pushesSettled = () => pendingPushes;

function present(row: typeof notifications.$inferSelect): Notification {
  const event = Events.safeParse(row.event);
  return {
    id: row.id,
    event: event.success ? event.data : 'rosterChanged',
    data: row.data as NotificationData,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

async function unreadCount(db: DbOrTx, actor: Actor): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(
      and(
        eq(notifications.accountId, actor.accountId),
        eq(notifications.membershipId, actor.membershipId),
        isNull(notifications.readAt),
      ),
    );
  return Number(row?.n ?? 0);
}

/** GET /api/notifications: the member's newest notifications, a page at a time, and the unread count. */
export async function listNotifications(
  ctx: AppContext,
  actor: Actor,
  query: { before?: string; unread?: 'true' | 'false' },
): Promise<NotificationsResponse> {
  const mine = and(eq(notifications.accountId, actor.accountId), eq(notifications.membershipId, actor.membershipId));
  let cursor: { createdAt: Date; id: string } | null = null;
  if (query.before) {
    const [row] = await ctx.db
      .select({ createdAt: notifications.createdAt, id: notifications.id })
      .from(notifications)
      .where(and(mine, eq(notifications.id, query.before)));
    if (!row) throw new AppError('NOT_FOUND');
    cursor = row;
  }
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(
      and(
        mine,
        query.unread === 'true' ? isNull(notifications.readAt) : undefined,
        cursor
          ? or(
              lt(notifications.createdAt, cursor.createdAt),
              and(eq(notifications.createdAt, cursor.createdAt), lt(notifications.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(PAGE_SIZE + 1);
  return {
    notifications: rows.slice(0, PAGE_SIZE).map(present),
    more: rows.length > PAGE_SIZE,
    unread: await unreadCount(ctx.db, actor),
  };
}

/** PUT /api/notifications/read: marks the named ones (404 when one is not the member's) or all read. */
export async function markRead(ctx: AppContext, actor: Actor, input: MarkNotificationsRequest) {
  const mine = and(eq(notifications.accountId, actor.accountId), eq(notifications.membershipId, actor.membershipId));
  return runCommand(ctx, actor, async (command) => {
    const { tx } = command;
    if ('ids' in input) {
      const ids = [...new Set(input.ids)];
      const found = await tx
        .select({ id: notifications.id })
        .from(notifications)
        .where(and(mine, inArray(notifications.id, ids)));
      if (found.length !== ids.length) throw new AppError('NOT_FOUND');
      await tx
        .update(notifications)
        .set({ readAt: now() })
        .where(and(mine, inArray(notifications.id, ids), isNull(notifications.readAt)));
    } else {
      await tx
        .update(notifications)
        .set({ readAt: now() })
        .where(and(mine, isNull(notifications.readAt)));
    }
    command.emit(`notification.${actor.membershipId}`, 'Notification', { read: true }, actor);
    return { unread: await unreadCount(tx, actor) };
  });
}

/** DELETE /api/notifications/{id}: removes one of the member's notifications from the list. */
export async function removeNotification(ctx: AppContext, actor: Actor, id: string) {
  return runCommand(ctx, actor, async (command) => {
    const rows = await command.tx
      .delete(notifications)
      .where(
        and(
          eq(notifications.id, id),
          eq(notifications.accountId, actor.accountId),
          eq(notifications.membershipId, actor.membershipId),
        ),
      )
      .returning({ id: notifications.id });
    if (rows.length === 0) throw new AppError('NOT_FOUND');
    command.emit(`notification.${actor.membershipId}`, 'Notification', { removed: id }, actor);
    return { ok: true as const };
  });
}

/** GET /api/notifications/settings: the member's channels per event, the push key and their subscribed browsers. */
export async function getSettings(ctx: AppContext, actor: Actor): Promise<NotificationSettingsResponse> {
  const [row] = await ctx.db
    .select({ settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(
      and(
        eq(notificationSettings.accountId, actor.accountId),
        eq(notificationSettings.membershipId, actor.membershipId),
      ),
    );
  const [devices] = await ctx.db
    .select({ n: count() })
    .from(pushSubscriptions)
    .where(
      and(eq(pushSubscriptions.accountId, actor.accountId), eq(pushSubscriptions.membershipId, actor.membershipId)),
    );
  return {
    settings: resolveNotificationSettings(row?.settings),
    events: Events.options.map((event) => ({ event, active: notificationEventActive(event, actor.modules) })),
    pushKey: await ctx.push.publicKey(),
    pushDevices: Number(devices?.n ?? 0),
  };
}

/** PUT /api/notifications/settings: replaces the member's choices. */
export async function putSettings(ctx: AppContext, actor: Actor, settings: NotificationSettings) {
  await runCommand(ctx, actor, ({ tx }) =>
    tx
      .insert(notificationSettings)
      .values({ membershipId: actor.membershipId, accountId: actor.accountId, settings, updatedAt: now() })
      .onConflictDoUpdate({ target: notificationSettings.membershipId, set: { settings, updatedAt: now() } }),
  );
  return getSettings(ctx, actor);
}

/** POST /api/notifications/push: this browser receives the member's pushes (again: the keys are renewed). */
export async function subscribePush(ctx: AppContext, actor: Actor, input: PushSubscriptionRequest) {
  await runCommand(ctx, actor, ({ tx }) =>
    tx
      .insert(pushSubscriptions)
      .values({
        accountId: actor.accountId,
        membershipId: actor.membershipId,
        endpoint: input.endpoint,
        p256dh: input.keys.p256dh,
        auth: input.keys.auth,
        createdAt: now(),
      })
      .onConflictDoUpdate({
        target: [pushSubscriptions.membershipId, pushSubscriptions.endpoint],
        set: { p256dh: input.keys.p256dh, auth: input.keys.auth },
      }),
  );
  return { ok: true as const };
}

/** DELETE /api/notifications/push: this browser stops receiving them. */
export async function unsubscribePush(ctx: AppContext, actor: Actor, endpoint: string) {
  await runCommand(ctx, actor, ({ tx }) =>
    tx
      .delete(pushSubscriptions)
      .where(
        and(
          eq(pushSubscriptions.accountId, actor.accountId),
          eq(pushSubscriptions.membershipId, actor.membershipId),
          eq(pushSubscriptions.endpoint, endpoint),
        ),
      ),
  );
  return { ok: true as const };
}

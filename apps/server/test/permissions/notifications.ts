/** Notification rows for the permission table: fresh rows written straight into the table for the asking member. */
import { now } from '@app/domain';
import { notifications } from '../../src/db/schema';
import type { Fixture } from './fixture';
import type { Who } from './table';

export async function notificationOf(fx: Fixture, membershipId: string, accountId = fx.bistro.id): Promise<string> {
  const [row] = await fx.t.database.db
    .insert(notifications)
    .values({ accountId, membershipId, event: 'rosterChanged', data: {}, createdAt: now() })
    .returning({ id: notifications.id });
  return row.id;
}

export const ownNotification = (fx: Fixture, who: Who) => notificationOf(fx, fx.people[who].membershipId);
export const foreignNotification = (fx: Fixture) => notificationOf(fx, fx.store.member, fx.store.id);

export const pushBody = (who: Who) => ({
  endpoint: `https://fcm.googleapis.com/fcm/send/${who}`,
  keys: { p256dh: 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u', auth: 'tBHItJI5svbpez7KI4CCXg' },
});

/** Every event with every channel on: a complete settings body. */
export const allOn = Object.fromEntries(
  [
    'rosterReleased',
    'rosterChanged',
    'itemAssigned',
    'itemRemoved',
    'signOutAnswered',
    'applicationAnswered',
    'vacationRequested',
    'vacationAnswered',
    'hoursDenied',
    'chatMessage',
    'dossierShared',
    'documentAdded',
    'swapOffered',
    'swapRequested',
    'swapAnswered',
  ].map((e) => [e, { app: true, mail: true, push: true }]),
);

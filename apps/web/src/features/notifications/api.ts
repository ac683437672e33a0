import {
  MarkNotificationsResponse,
  type NotificationSettings,
  NotificationSettingsResponse,
  NotificationsResponse,
} from '@app/contracts';
import { infiniteQueryOptions, queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiVoid, get, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';

/** Query keys of notifications, built in one place (realtime invalidates them). */
export const notificationKeys = {
  all: ['notifications'] as const,
  list: () => [...notificationKeys.all, 'list'] as const,
  unread: () => [...notificationKeys.all, 'unread'] as const,
  settings: () => [...notificationKeys.all, 'settings'] as const,
};

export const listQuery = infiniteQueryOptions({
  queryKey: notificationKeys.list(),
  initialPageParam: null as string | null,
  queryFn: async ({ pageParam }) =>
    await get(
      NotificationsResponse,
      pageParam ? `/api/notifications?before=${encodeURIComponent(pageParam)}` : '/api/notifications',
    ),
  getNextPageParam: (last) => (last.more && last.notifications.length ? last.notifications.at(-1)?.id : undefined),
  staleTime: 30_000,
});

/** The unread count of the header's bell: one small page of unread ones answers it. */
export const unreadQuery = queryOptions({
  queryKey: notificationKeys.unread(),
  queryFn: async () => (await get(NotificationsResponse, '/api/notifications?unread=true')).unread,
  staleTime: 60_000,
});

export const settingsQuery = queryOptions({
  queryKey: notificationKeys.settings(),
  queryFn: async () => await get(NotificationSettingsResponse, '/api/notifications/settings'),
});

const refresh = () => queryClient.invalidateQueries({ queryKey: notificationKeys.all });

export async function markRead(ids: string[] | 'all') {
  const res = await put(MarkNotificationsResponse, '/api/notifications/read', ids === 'all' ? { all: true } : { ids });
  queryClient.setQueryData(notificationKeys.unread(), res.unread);
  await queryClient.invalidateQueries({ queryKey: notificationKeys.list() });
}

export async function removeNotification(id: string) {
  await apiVoid('DELETE', `/api/notifications/${encodeURIComponent(id)}`);
  await refresh();
}

export async function saveSettings(settings: NotificationSettings) {
  const res = await put(NotificationSettingsResponse, '/api/notifications/settings', settings);
  queryClient.setQueryData(notificationKeys.settings(), res);
  return res;
}

const base64ToBytes = (base64url: string) => {
  const pad = '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob((base64url + pad).replace(/-/g, '+').replace(/_/g, '/'));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
};

export const pushSupported = () =>
  typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;

/** This browser's push subscription, if any (the service worker `/sw.js` shows the pushes). */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration('/');
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** Asks the browser's permission, subscribes with the server's VAPID key and tells the server. */
export async function enablePush(publicKey: string): Promise<'granted' | 'denied'> {
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: base64ToBytes(publicKey),
    }));
  await apiVoid('POST', '/api/notifications/push', subscription.toJSON());
  await queryClient.invalidateQueries({ queryKey: notificationKeys.settings() });
  return 'granted';
}

export async function disablePush() {
  const subscription = await currentPushSubscription();
  if (subscription) {
    await apiVoid('DELETE', '/api/notifications/push', { endpoint: subscription.endpoint });
    await subscription.unsubscribe();
  }
  await queryClient.invalidateQueries({ queryKey: notificationKeys.settings() });
}

/** The bell's unread count, kept live: a `Notification` event on the member's room refreshes it and the list. */
export function useUnreadNotifications(): number {
  const unread = useQuery(unreadQuery);
  useEffect(() => onRealtime('Notification', () => void refresh()), []);
  return unread.data ?? 0;
}

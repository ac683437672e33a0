import { NOTIFICATION_MIN_MS, NOTIFICATION_MS_PER_CHAR } from '@app/contracts';

export type ViewportClass = 'phone-portrait' | 'phone-landscape' | 'tablet-portrait' | 'tablet-landscape' | 'desktop';

/** Viewport classes by width (docs/product/app.md). */
export function viewportClass(width: number): ViewportClass {
  if (width <= 400) return 'phone-portrait';
  if (width <= 600) return 'phone-landscape';
  if (width <= 800) return 'tablet-portrait';
  if (width <= 1200) return 'tablet-landscape';
  return 'desktop';
}

/** How long a notification stays: at least 3500 ms, else 50 ms per character. */
export function notificationDuration(message: string): number {
  return Math.max(NOTIFICATION_MIN_MS, message.length * NOTIFICATION_MS_PER_CHAR);
}

/** Mobile is detected by a host name containing "mobile". */
export function isMobileHost(hostname: string): boolean {
  return hostname.toLowerCase().includes('mobile');
}

/** The chat unread bubble: capped at 99, shown as +99 beyond. */
export function unreadBubble(count: number): string | null {
  if (count <= 0) return null;
  return count > 99 ? '+99' : String(count);
}

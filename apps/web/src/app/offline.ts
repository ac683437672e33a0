import { useSyncExternalStore } from 'react';

/**
 * The header the service worker (public/sw.js) puts on an answer it served from its copy because the network
 * failed: the page shows saved data and says it is offline (docs/product/app.md, "Offline").
 */
export const OFFLINE_COPY_HEADER = 'x-offline-copy';

/**
 * A call that could not reach the server: the network is down (or the browser says it is offline). A change is
 * refused before it is sent, never queued: the member is told and tries again once back online. A TypeError, like
 * the one fetch throws, so code that treats a lost connection keeps doing so.
 */
export class OfflineError extends TypeError {
  constructor(readonly method: string) {
    super('offline');
    this.name = 'OfflineError';
  }
}

export const isOfflineError = (error: unknown): error is OfflineError => error instanceof OfflineError;

/** Whether the last call failed on the network or was answered from the service worker's copy. */
let lastCallOffline = false;
const listeners = new Set<() => void>();

/** Records how the last call went: through to the server (false) or not (true). */
export function reportOffline(offline: boolean) {
  if (offline === lastCallOffline) return;
  lastCallOffline = offline;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  const online = () => {
    // Back online: the next call tells whether the server answers; until then trust the browser.
    lastCallOffline = false;
    listener();
  };
  window.addEventListener('online', online);
  window.addEventListener('offline', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('online', online);
    window.removeEventListener('offline', listener);
  };
}

const isOffline = () => !navigator.onLine || lastCallOffline;

/** Whether the app is offline now: the browser says so, or the last call did not reach the server. */
export function useOffline(): boolean {
  return useSyncExternalStore(subscribe, isOffline, () => false);
}

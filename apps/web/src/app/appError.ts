import { useSyncExternalStore } from 'react';

/** Pages that replace the current screen after a failed call (docs/product/app.md). */
export type AppErrorKind =
  | 'forbidden'
  | 'notFound'
  | 'timeout'
  | 'maintenance'
  | 'generic'
  | 'cookies'
  | 'tokenMismatch'
  | 'decrypt';

let current: AppErrorKind | null = null;
const listeners = new Set<() => void>();

export function setAppError(kind: AppErrorKind | null) {
  // Maintenance stays until the visitor reloads; navigation does not clear it.
  if (current === 'maintenance' && kind !== 'maintenance' && kind !== null) return;
  if (current === kind) return;
  current = kind;
  for (const l of listeners) l();
}

/** Navigation clears a page-level error, but never the maintenance screen. */
export function clearAppErrorOnNavigation() {
  if (current !== null && current !== 'maintenance') setAppError(null);
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useAppError = () => useSyncExternalStore(subscribe, () => current);

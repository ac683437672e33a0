import { useSyncExternalStore } from 'react';

/** Whether the member asked for their tour again (the help panel's entry); the server's flag covers first sign-in. */
let restarted = false;
const listeners = new Set<() => void>();
const emit = () => {
  for (const l of listeners) l();
};

export function restartTour() {
  restarted = true;
  emit();
}

export function closeTour() {
  restarted = false;
  emit();
}

export const useTourRestarted = () =>
  useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => restarted,
  );

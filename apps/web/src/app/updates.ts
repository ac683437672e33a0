import { useSyncExternalStore } from 'react';

/** The app.updated seen at first load; a newer one means a new version was deployed (docs/product/app.md). */
let loadedUpdated: number | null = null;
let updateAvailable = false;
const listeners = new Set<() => void>();

export function noteServerUpdated(iso: string) {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return;
  if (loadedUpdated === null) {
    loadedUpdated = time;
    return;
  }
  if (time > loadedUpdated && !updateAvailable) {
    updateAvailable = true;
    for (const l of listeners) l();
  }
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

export const useUpdateAvailable = () => useSyncExternalStore(subscribe, () => updateAvailable);

import { ROSTER_IDS_MAX } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { onRealtime } from '../../../app/realtime';
import { readItems, rosterKeys } from '../api';
import { applyItemsRead } from '../cache';

/**
 * Another member's change to this location, merged into the period in the cache (`exact`: the viewer sees every
 * item's person) or read again.
 */
export function useRosterLive(location: string | null, queryKey: readonly unknown[], exact: boolean) {
  const queryClient = useQueryClient();
  const currentKey = useRef(queryKey);
  currentKey.current = queryKey;

  // Another member's change to this location: the items the event names are read and merged into the period (after
  // 50 ms, collecting the events meanwhile); anything else (notes, comments, the release, too many items, a merge that
  // cannot apply) loads the period again (at most every 300 ms).
  useEffect(() => {
    if (!location) return;
    let timer: ReturnType<typeof setTimeout> | null = null;
    let reload = false;
    const ids = new Set<string>();
    const reloadAll = () => void queryClient.invalidateQueries({ queryKey: rosterKeys.loads() });
    const flush = async () => {
      timer = null;
      const asked = [...ids];
      ids.clear();
      if (reload || !exact || asked.length === 0 || asked.length > ROSTER_IDS_MAX) {
        reload = false;
        reloadAll();
        return;
      }
      const key = currentKey.current;
      try {
        if (!applyItemsRead(queryClient, key, asked, await readItems(location, asked))) reloadAll();
      } catch {
        reloadAll();
      }
    };
    const stop = onRealtime('LocationUpdated', (payload) => {
      if (payload.location !== undefined && payload.location !== location) return;
      const onlyItems =
        payload.ids?.length &&
        payload.notes === undefined &&
        payload.comments === undefined &&
        !('releasedUntil' in payload);
      if (onlyItems) for (const id of payload.ids ?? []) ids.add(id);
      else reload = true;
      if (timer) return;
      timer = setTimeout(() => void flush(), reload ? 300 : 50);
    });
    return () => {
      stop();
      if (timer) clearTimeout(timer);
    };
  }, [location, queryClient, exact]);
}

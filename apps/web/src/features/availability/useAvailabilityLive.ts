import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtime } from '../../app/realtime';
import { availabilityKeys } from './api';

/** Realtime is invalidation: someone's availability changed, so the entries and the planner's overview refetch. */
export function useAvailabilityLive() {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onRealtime('AvailabilityUpdated', () => void queryClient.invalidateQueries({ queryKey: availabilityKeys.all })),
    [queryClient],
  );
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtime } from '../../app/realtime';
import { availabilityKeys } from './api';

/**
 * Realtime is invalidation: someone's availability changed (`AvailabilityUpdated`), or a vacation was decided or
 * removed (`VacationUpdated`: approved vacation is availability), so the calendars and the planner's view refetch.
 */
export function useAvailabilityLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: availabilityKeys.all });
    const off = [onRealtime('AvailabilityUpdated', refresh), onRealtime('VacationUpdated', refresh)];
    return () => {
      for (const f of off) f();
    };
  }, [queryClient]);
}

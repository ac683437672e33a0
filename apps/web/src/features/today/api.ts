import { TodayResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';

export const todayKeys = { all: ['today'] as const, day: () => [...todayKeys.all, 'day'] as const };

export const todayQuery = queryOptions({
  queryKey: todayKeys.day(),
  queryFn: async () => await get(TodayResponse, '/api/today'),
  // States follow the clock (planned → working → done): a minute's refresh keeps them true without a change.
  refetchInterval: 60_000,
});

/**
 * Today's schedule, live: a roster change (`LocationUpdated`) or a check-in (`CheckinUpdated`, sent by the
 * check-ins domain to the account's room) refreshes it.
 */
export function useToday() {
  const query = useQuery(todayQuery);
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: todayKeys.all });
    const offs = [onRealtime('LocationUpdated', refresh), onRealtime('CheckinUpdated', refresh)];
    return () => {
      for (const off of offs) off();
    };
  }, []);
  return query;
}

import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { onRealtime } from '../../app/realtime';
import { balanceKeys, vacationKeys } from './api';

/** Realtime is invalidation: a change of anyone's vacation or balance refetches what the page shows. */
export function useVacationLive() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const refresh = () => {
      void queryClient.invalidateQueries({ queryKey: vacationKeys.all });
      void queryClient.invalidateQueries({ queryKey: balanceKeys.all });
    };
    const off = [onRealtime('VacationUpdated', refresh), onRealtime('BalanceUpdated', refresh)];
    return () => {
      for (const f of off) f();
    };
  }, [queryClient]);
}

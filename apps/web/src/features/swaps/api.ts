import { type CreateSwapRequest, SwapResponse, SwapsResponse } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { del, get, post } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';

/** Swaps and offers between employees (docs/product/swaps.md). */
export const swapKeys = { all: ['swaps'] as const };

/** Offers change hands and rosters with them: both read again. */
const refresh = () => {
  void queryClient.invalidateQueries({ queryKey: swapKeys.all });
  void queryClient.invalidateQueries({ queryKey: ['roster'] });
};

/** The reader's own offers and those they may answer; a change anyone makes reads them again. */
export function useSwaps(enabled = true) {
  useEffect(() => onRealtime('SwapUpdated', () => void queryClient.invalidateQueries({ queryKey: swapKeys.all })), []);
  return useQuery({ queryKey: swapKeys.all, queryFn: () => get(SwapsResponse, '/api/swaps'), enabled });
}

export function useSwapAction() {
  return useMutation({
    mutationFn: (v: { id: string; action: 'accept' | 'decline' | 'withdraw' }) =>
      v.action === 'withdraw'
        ? del(SwapResponse, `/api/swaps/${v.id}`)
        : post(SwapResponse, `/api/swaps/${v.id}/${v.action}`),
    onSettled: refresh,
  });
}

export function useOfferSwap() {
  return useMutation({
    mutationFn: (body: CreateSwapRequest) => post(SwapResponse, '/api/swaps', body),
    onSettled: refresh,
  });
}

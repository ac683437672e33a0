import {
  CheckinBoardResponse,
  CheckinLocationResponse,
  CheckinLocationsResponse,
  CheckinResponse,
  MyCheckinsResponse,
  type Position,
} from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { get, post, put } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime, type RealtimeEvent } from '../../app/realtime';

export const checkinKeys = {
  all: ['checkins'] as const,
  mine: () => [...checkinKeys.all, 'mine'] as const,
  board: () => [...checkinKeys.all, 'board'] as const,
  places: () => [...checkinKeys.all, 'places'] as const,
};

export const myCheckinsQuery = queryOptions({
  queryKey: checkinKeys.mine(),
  queryFn: async () => await get(MyCheckinsResponse, '/api/checkins/mine'),
  // The window opens and closes with the clock.
  refetchInterval: 60_000,
});

export const boardQuery = queryOptions({
  queryKey: checkinKeys.board(),
  queryFn: async () => await get(CheckinBoardResponse, '/api/checkins'),
  refetchInterval: 60_000,
});

export const placesQuery = queryOptions({
  queryKey: checkinKeys.places(),
  queryFn: async () => await get(CheckinLocationsResponse, '/api/settings/check-in/locations'),
});

export const checkIn = async (item: string, position: Position | null) =>
  await post(CheckinResponse, '/api/checkins', { item, position });
export const checkOut = async (id: string, position: Position | null) =>
  await post(CheckinResponse, `/api/checkins/${id}/checkout`, { position });
export const checkOutBySupervisor = async (id: string) =>
  await post(CheckinResponse, `/api/checkins/${id}/supervisor-checkout`, {});
export const setCoordinates = async (id: string, coordinates: { latitude: number; longitude: number } | null) =>
  await put(CheckinLocationResponse, `/api/settings/check-in/locations/${id}/coordinates`, { coordinates });
export const geocode = async (id: string) =>
  await post(CheckinLocationResponse, `/api/settings/check-in/locations/${id}/geocode`, {});

/** Check-ins live: any check-in of the account, or one of the member's own (a supervisor's check-out among them). */
const CHECKIN_EVENTS: readonly RealtimeEvent[] = ['CheckinUpdated', 'CheckinRefresh', 'CheckoutBySupervisor'];

export function useCheckinEvents(events: readonly RealtimeEvent[] = CHECKIN_EVENTS) {
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: checkinKeys.all });
    const offs = events.map((e) => onRealtime(e, refresh));
    return () => {
      for (const off of offs) off();
    };
  }, [events]);
}

export const useMyCheckins = () => useQuery(myCheckinsQuery);

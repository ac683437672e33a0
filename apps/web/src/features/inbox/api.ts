import { type InboxEntry, InboxResponse } from '@app/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiVoid, get } from '../../app/api';
import { queryClient } from '../../app/queryClient';
import { onRealtime } from '../../app/realtime';

const inboxKeys = {
  all: ['inbox'] as const,
  list: (location: string | null) => [...inboxKeys.all, location ?? 'all'] as const,
};

const inboxQuery = (location: string | null) =>
  queryOptions({
    queryKey: inboxKeys.list(location),
    queryFn: () => get(InboxResponse, location ? `/api/inbox?location=${location}` : '/api/inbox'),
  });

/** Every change an inbox entry may come from or go with refreshes it: the roster, vacation, hours. */
function useInboxRefresh() {
  useEffect(() => {
    const refresh = () => void queryClient.invalidateQueries({ queryKey: inboxKeys.all });
    const offs = [
      onRealtime('LocationUpdated', refresh),
      onRealtime('VacationUpdated', refresh),
      onRealtime('HoursUpdated', refresh),
      onRealtime('SwapUpdated', refresh),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, []);
}

/** The inbox, of every planning or of one. */
export function useInbox(location: string | null) {
  useInboxRefresh();
  return useQuery(inboxQuery(location));
}

/** How many answers wait (the side menu's count); only asked where the inbox opens. */
export function useInboxCount(enabled: boolean): number {
  useInboxRefresh();
  const query = useQuery({ ...inboxQuery(null), enabled });
  return query.data?.counts.total ?? 0;
}

/** An answer through the kind's own call: the roster's, vacation's or hours' (docs/product/inbox.md). */
export function answer(entry: InboxEntry, accept: boolean, message: string | null): Promise<void> {
  switch (entry.kind) {
    case 'application':
      return apiVoid('PUT', `/api/items/${entry.item}/applications/${entry.target}`, { accepted: accept });
    case 'signOut':
      return apiVoid('PUT', `/api/items/${entry.item}/sign-out`, { confirm: accept });
    case 'swap':
      return apiVoid('POST', `/api/swaps/${entry.target}/decision`, {
        approve: accept,
        ...(message ? { message } : {}),
      });
    case 'vacation':
      return apiVoid('PUT', `/api/vacation/${entry.target}/decision`, {
        decision: accept ? 'approved' : 'denied',
        message,
      });
    case 'hours':
      return accept
        ? apiVoid('POST', `/api/hours/${entry.target}/approve`, {})
        : apiVoid('POST', `/api/hours/${entry.target}/deny`, { message: message ?? '' });
  }
}

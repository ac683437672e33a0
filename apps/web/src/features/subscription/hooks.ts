import type { SubscriptionResponse } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '../../app/api';
import { sessionKeys, useSession } from '../../app/session';
import { subscriptionKeys } from './api';

/** Refusals the page words itself (a 404 of an unknown code is not a missing page). */
export const worded = (e: ApiError) => [404, 409, 410].includes(e.status);

/** Keeps the page's and the session's view of the account in step after a change. */
export function useSubscriptionUpdate() {
  const queryClient = useQueryClient();
  return (data: SubscriptionResponse) => {
    queryClient.setQueryData(subscriptionKeys.all, data);
    void queryClient.invalidateQueries({ queryKey: sessionKeys.init });
  };
}

/** A super user helping in shadow: mandates, subscribing and deleting are the owner's own acts (server: 403). */
export const useShadow = () => useSession().membership.shadow;

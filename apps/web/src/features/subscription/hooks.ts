import type { SubscriptionResponse } from '@app/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type ApiError, isApiError } from '../../app/api';
import { errorMessage } from '../../app/apiErrors';
import { notify } from '../../app/notify';
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

/**
 * A change of the subscription: the page words its refusals beside the control (`refusal`), and a success updates
 * the page and the session, says `done` and runs `then`.
 */
export function useSubscriptionChange<V>(
  change: (value: V) => Promise<SubscriptionResponse>,
  done: string,
  then?: () => void,
) {
  const update = useSubscriptionUpdate();
  const [refusal, setRefusal] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: change,
    meta: { handled: worded },
    onMutate: () => setRefusal(null),
    onError: (e) => {
      if (isApiError(e) && worded(e)) setRefusal(errorMessage(e.body));
    },
    onSuccess: (next) => {
      update(next);
      notify('success', done);
      then?.();
    },
  });
  return { mutation, refusal };
}

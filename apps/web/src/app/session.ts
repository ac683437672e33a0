import type { InitResponse } from '@app/contracts';
import { accessContextFromInit } from '@app/domain';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { createContext, useContext, useMemo } from 'react';
import { apiVoid, forgetStartedReads, getWithSchemaFrom, setCsrfToken } from './api';
import { queryClient } from './queryClient';
import { stopRealtime } from './realtime';
import { noteServerNow } from './serverClock';
import { noteServerUpdated } from './updates';
import { useIsDesktop } from './viewport';

export const sessionKeys = { init: ['init'] as const };

async function fetchInit(): Promise<InitResponse> {
  // The schema (and zod) load beside the call, not in the shell (app/initSchema.ts).
  const init = await getWithSchemaFrom(() => import('./initSchema').then((m) => m.InitResponse), '/api/app/init');
  setCsrfToken(init.csrfToken);
  noteServerUpdated(init.app.updated);
  noteServerNow(init.app.now);
  return init;
}

/** /api/app/init: who is signed in, where, with which modules. Its failures are handled by the pages that ask. */
export const initQuery = queryOptions({
  queryKey: sessionKeys.init,
  queryFn: fetchInit,
  staleTime: 60_000,
  meta: { handled: () => true },
});

export const useInit = () => useQuery(initQuery);

/** Fetches init again, e.g. after login (the cached failure from before must not be reused, nor a read started before). */
export const reloadInit = () => {
  forgetStartedReads();
  return queryClient.fetchQuery({ ...initQuery, staleTime: 0 });
};

/** Forgets everything about the session on this side: token, cached data, realtime. */
export function endSession() {
  setCsrfToken(null);
  forgetStartedReads();
  stopRealtime();
  queryClient.clear();
}

/** Signs out on the server too; a failure there still ends the session here. */
export async function logout() {
  try {
    await apiVoid('POST', '/api/auth/logout');
  } catch {
    // The session is dropped locally either way.
  }
  endSession();
}

export const SessionContext = createContext<InitResponse | null>(null);

/** The init answer of the signed-in member; only inside the backend layout. */
export function useSession(): InitResponse {
  const init = useContext(SessionContext);
  if (!init) throw new Error('useSession outside a signed-in page');
  return init;
}

/** The access context the guards and the menu read. */
export function useAccess() {
  const init = useSession();
  const desktop = useIsDesktop();
  return useMemo(() => accessContextFromInit(init, desktop), [init, desktop]);
}

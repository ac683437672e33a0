import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import { type ErrorHandling, handleApiError } from './apiErrors';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorHandling;
    mutationMeta: ErrorHandling;
  }
}

/** Every failed query and mutation goes through the one HTTP error mapping; callers opt out per status. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => handleApiError(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => handleApiError(error, mutation.meta) }),
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Answers of the server are final; only a lost connection is worth one more try.
      retry: (count, error) => !isApiError(error) && count < 1,
    },
    mutations: { retry: false },
  },
});

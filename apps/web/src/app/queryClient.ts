import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { isApiError } from './api';
import type { ErrorHandling } from './errorHandling';

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: ErrorHandling;
    mutationMeta: ErrorHandling;
  }
}

type ErrorReporter = (error: unknown, handling?: ErrorHandling) => void;
let report: ErrorReporter = (error) => console.error(error);

/**
 * Routes every failed query and mutation to the one HTTP error mapping (`handleApiError`, set by AppProviders).
 * Set from outside because that mapping ends sessions, which clears this client: importing it here would be a cycle.
 */
export function routeQueryErrors(reporter: ErrorReporter) {
  report = reporter;
}

/** Every failed query and mutation goes through the one HTTP error mapping; callers opt out per status. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
  mutationCache: new MutationCache({ onError: (error, _v, _c, mutation) => report(error, mutation.meta) }),
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

// One TanStack Query client for the console. Every failed query or mutation is shown as error
// notices (product spec §7: "an error handler runs"), except queries that show their failure
// themselves and say so with `meta: { silentErrors: true }`.
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';

export function createQueryClient(reportError: (error: unknown) => void): QueryClient {
  const report = (error: unknown, meta: Record<string, unknown> | undefined) => {
    if (meta?.['silentErrors'] !== true) reportError(error);
  };
  return new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => report(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => report(error, mutation.meta),
    }),
    defaultOptions: {
      // The SDK already retries what is safe to retry (network errors, 429, 503) with backoff;
      // retrying again here would multiply the tries and delay the error notice.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}

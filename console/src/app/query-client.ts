// One TanStack Query client for the console. Every failed query or mutation is shown as error
// notices (product spec §7: "an error handler runs"), except queries that show their failure
// themselves and say so with `meta: { silentErrors: true }`. A 401 anywhere means the session may
// have ended: the current account is checked again, and the page rules (access.ts) follow it.
import { AuthenticationError } from '@contrail/sdk';
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../hooks/use-current-account';

export function createQueryClient(reportError: (error: unknown) => void): QueryClient {
  const onError = (error: unknown, meta: Record<string, unknown> | undefined) => {
    // The account query itself answers a 401 with "signed out", so this cannot loop.
    if (error instanceof AuthenticationError) void queryClient.invalidateQueries({ queryKey: accountQueryKey });
    if (meta?.['silentErrors'] !== true) reportError(error);
  };
  const queryClient: QueryClient = new QueryClient({
    queryCache: new QueryCache({ onError: (error, query) => onError(error, query.meta) }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) => onError(error, mutation.meta),
    }),
    defaultOptions: {
      // The SDK already retries what is safe to retry (network errors, 429, 503) with backoff;
      // retrying again here would multiply the tries and delay the error notice.
      queries: { retry: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
  return queryClient;
}

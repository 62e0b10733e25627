// Who is signed in: the account details, `null` when signed out (the API answers 401, which is no
// error here and shows no notice), `undefined` while the first answer is on its way. Every screen
// and the frame share this one query, so writing its cache (sign-in, settings) updates them all.
import { AuthenticationError, getAccountDetails, type AccountDetails } from '@contrail/sdk';
import { getGetAccountDetailsQueryKey } from '@contrail/sdk/react';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

export const accountQueryKey = getGetAccountDetailsQueryKey();

async function fetchAccount({ signal }: { signal: AbortSignal }): Promise<AccountDetails | null> {
  try {
    return await getAccountDetails({ signal });
  } catch (error) {
    if (error instanceof AuthenticationError) return null;
    throw error;
  }
}

const accountQuery = { queryKey: accountQueryKey, queryFn: fetchAccount, staleTime: 60_000 };

export function useCurrentAccount() {
  return useQuery(accountQuery);
}

/**
 * Asks for the account at startup (main.tsx), before React has rendered the first screen. A
 * browser with no session is known to be signed out without asking: the account is `null` from
 * the start (sign-in writes the real one). Settles (never fails) once the answer is in.
 */
export function prefetchCurrentAccount(queryClient: QueryClient, { signedOut }: { signedOut: boolean }): Promise<void> {
  if (signedOut) queryClient.setQueryData(accountQueryKey, null);
  return signedOut ? Promise.resolve() : queryClient.prefetchQuery(accountQuery);
}

/** Stores the account an API call answered with (sign-in, onboarding, settings) as the current one. */
export function useSetCurrentAccount(): (account: AccountDetails | null) => void {
  const queryClient = useQueryClient();
  return useCallback((account) => queryClient.setQueryData(accountQueryKey, account), [queryClient]);
}

/** "First Last", or the email when the account has no name yet. */
export function displayName(account: Pick<AccountDetails, 'first_name' | 'last_name' | 'email'>): string {
  return `${account.first_name} ${account.last_name}`.trim() || account.email;
}

// After a successful sign-in: the session's account becomes the current one (the frame, the
// language and the page rules follow it), anything cached for the anonymous visitor is refetched,
// and the person goes on: to onboarding until it is complete, else where they were going.
import type { Session } from '@contrail/sdk';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { accountQueryKey, useSetCurrentAccount } from '../../hooks/use-current-account';
import { navigate } from '../../lib/router';
import { nextPathFrom } from './next-path';

export function useFinishSignIn(): (session: Session) => void {
  const queryClient = useQueryClient();
  const setAccount = useSetCurrentAccount();
  return useCallback(
    (session: Session) => {
      const { account } = session;
      const to = account.onboarding_state === 'complete' ? nextPathFrom(window.location.search) : '/onboarding';
      navigate(to, { replace: true });
      setAccount(account);
      void queryClient.invalidateQueries({ predicate: (query) => query.queryKey[0] !== accountQueryKey[0] });
    },
    [queryClient, setAccount],
  );
}

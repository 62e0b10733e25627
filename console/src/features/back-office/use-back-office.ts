// What a successful back-office change does: refresh every list and detail it may have moved, and
// say it was saved; what a control shows while its change is pending. And which of the back
// office's controls the signed-in role is shown.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentAccount } from '../../hooks/use-current-account';
import { useNotify } from '../../notifications';

/**
 * After a change: refetch what is on screen (a gate switch moves a row between lists). A mutation
 * whose onSuccess returns this promise stays pending until the refetched data has arrived, so a
 * control showing the value it asked for never falls back to the old value in between.
 */
export function useSaved(): () => Promise<void> {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation();
  return useCallback(() => {
    notify({ type: 'success', text: t('backOffice.saved') });
    return queryClient.invalidateQueries();
  }, [queryClient, notify, t]);
}

/**
 * What a control drawn from the server shows: while a change is pending (and useSaved keeps it
 * pending until the refetched data has landed), the value that change asked for, when it was for
 * this control (`asked` answers undefined otherwise); else the server's. A second click on a switch
 * then asks for the opposite of the first, not for the same value again from the data as it was.
 */
export function shownValue<V, T>(
  change: { isPending: boolean; variables: V | undefined },
  asked: (variables: V) => T | undefined,
  server: T,
): T {
  const value = change.isPending && change.variables !== undefined ? asked(change.variables) : undefined;
  return value === undefined ? server : value;
}

export interface BackOfficeRole {
  /** Admin or Support: every partner's settings, channels, cards and markups. */
  staff: boolean;
  /** Admin alone: archiving a partner (the API's permission matrix keeps Support from it). */
  admin: boolean;
  /** Their own partner's channel settings, companies and agents. */
  supervisor: boolean;
  /** Asks for their own company to join a partner. */
  agent: boolean;
}

/**
 * The signed-in role as the back office's controls need it, so a screen shows only what the
 * role may do (the API's permission matrix, api/src/http/permissions.ts, decides in the end).
 */
export function useBackOfficeRole(): BackOfficeRole {
  const userType = useCurrentAccount().data?.user_type;
  return {
    staff: userType === 'Admin' || userType === 'Support',
    admin: userType === 'Admin',
    supervisor: userType === 'Supervisor',
    agent: userType === 'Agent',
  };
}

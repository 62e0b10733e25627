// What a successful back-office change does: refresh every list and detail it may have moved, and
// say it was saved.
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNotify } from '../../notifications';

/** After a change: refetch what is on screen (a gate switch moves a row between lists). */
export function useSaved(): () => void {
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { t } = useTranslation();
  return useCallback(() => {
    void queryClient.invalidateQueries();
    notify({ type: 'success', text: t('backOffice.saved') });
  }, [queryClient, notify, t]);
}

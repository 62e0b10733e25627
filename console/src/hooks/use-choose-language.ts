// Switching the interface language (header, settings): i18next and localStorage as always, and
// the signed-in account's language too, so the next device the person signs in on speaks it.
import { useUpdateAccountLocale } from '@contrail/sdk/react';
import { useCallback } from 'react';
import { useLanguage, type Language } from '../lib/i18n';
import { useCurrentAccount, useSetCurrentAccount } from './use-current-account';

export function useChooseLanguage(): [Language, (language: Language) => void] {
  const [current, setLanguage] = useLanguage();
  const { data: account } = useCurrentAccount();
  const setAccount = useSetCurrentAccount();
  const { mutate } = useUpdateAccountLocale({ mutation: { onSuccess: setAccount } });
  const accountLanguage = account?.language;

  const choose = useCallback(
    (language: Language) => {
      setLanguage(language);
      if (accountLanguage !== undefined && accountLanguage !== language) mutate({ data: { language } });
    },
    [setLanguage, accountLanguage, mutate],
  );
  return [current, choose];
}

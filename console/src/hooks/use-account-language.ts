// Product spec §9: the interface language is the one kept in localStorage, else the account's,
// else English. So the account's language applies only while this browser has none stored; it
// is not stored itself, so a later choice on this browser still wins.
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { hasStoredLanguage, toIntlLocale, useLanguage } from '../lib/i18n';
import { useCurrentAccount } from './use-current-account';

export function useAccountLanguage(): void {
  const { i18n } = useTranslation();
  const [shown] = useLanguage();
  const language = useCurrentAccount().data?.language;
  useEffect(() => {
    // Changing to the language already shown would still announce a change, and every text on
    // the screen would render again at once, in one task, right after the first render.
    if (language === undefined || language === shown || hasStoredLanguage(globalThis.localStorage)) return;
    void i18n.changeLanguage(toIntlLocale(language));
  }, [language, shown, i18n]);
}

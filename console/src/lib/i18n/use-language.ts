// The interface language as the product code, and a setter that switches i18next, remembers the
// choice (and mirrors it into a cookie for the next page load) and tells the document (screen readers and hyphenation read `<html lang>`).
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { mirrorLanguageCookie, storeLanguage } from './language-storage';
import { fromIntlLocale, toIntlLocale, type Language } from './languages';

export function useLanguage(): [Language, (language: Language) => void] {
  const { i18n } = useTranslation();
  const language = fromIntlLocale(i18n.resolvedLanguage ?? i18n.language);

  const setLanguage = useCallback(
    (next: Language) => {
      storeLanguage(globalThis.localStorage, next);
      mirrorLanguageCookie(globalThis.document, globalThis.localStorage);
      void i18n.changeLanguage(toIntlLocale(next));
    },
    [i18n],
  );

  return [language, setLanguage];
}

// One i18next instance, created at startup and handed to React through I18nextProvider. The
// resources are bundled (three small files), so initialisation is synchronous and nothing flashes.
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/en.json';
import pl from '../../locales/pl.json';
import ua from '../../locales/ua.json';
import { defaultLanguage, toIntlLocale, type Language } from './languages';

export const resources = {
  [toIntlLocale('en')]: { translation: en },
  [toIntlLocale('ua')]: { translation: ua },
  [toIntlLocale('pl')]: { translation: pl },
};

export function createI18n(language: Language): I18n {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    resources,
    lng: toIntlLocale(language),
    fallbackLng: toIntlLocale(defaultLanguage),
    supportedLngs: Object.keys(resources),
    initAsync: false,
    // React escapes what it renders; escaping twice would show `&amp;` in the UI.
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

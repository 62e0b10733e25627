// The extension pages' texts: the console's own en/ua/pl set for the extension, all three bundled
// (the panel has no server to fetch a language from). The language is the console's, passed when
// connecting; before that, the browser's.
import { createInstance, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import en from '../../locales/extension/en.json';
import pl from '../../locales/extension/pl.json';
import ua from '../../locales/extension/ua.json';
import { toIntlLocale, type Language } from '../../lib/i18n/languages';

export function browserLanguage(): Language {
  const tag = navigator.language.toLowerCase();
  return tag.startsWith('uk') ? 'ua' : tag.startsWith('pl') ? 'pl' : 'en';
}

export async function createExtensionI18n(language: Language): Promise<I18n> {
  const i18n = createInstance();
  await i18n.use(initReactI18next).init({
    lng: toIntlLocale(language),
    fallbackLng: false,
    resources: {
      [toIntlLocale('en')]: { translation: en },
      [toIntlLocale('ua')]: { translation: ua },
      [toIntlLocale('pl')]: { translation: pl },
    },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });
  return i18n;
}

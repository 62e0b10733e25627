// One i18next instance, created at startup and handed to React through I18nextProvider. Each
// language's texts are a chunk of their own (together about 155 kB, most of what a first visit would
// otherwise run): createI18n fetches the reader's language at startup, beside the account and the
// page's code (main.tsx), and the app renders once it is in; another language is fetched when the reader switches,
// and i18next changes language only once its texts are in, so the wrong language never flashes.
import { createInstance, type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { fromIntlLocale, languages, toIntlLocale, type Language } from './languages';

/** Each language's texts as a lazy chunk (Vite splits each dynamic import into its own file). */
const texts: Record<Language, () => Promise<{ default: ResourceKey }>> = {
  en: () => import('../../locales/en.json'),
  ua: () => import('../../locales/ua.json'),
  pl: () => import('../../locales/pl.json'),
};

const lazyTexts: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read: (locale, _namespace, done) => {
    texts[fromIntlLocale(locale)]().then(
      (module) => done(null, module.default),
      (error: unknown) => done(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** The instance, resolved once the language's texts are in (the first render needs them). */
export async function createI18n(language: Language): Promise<I18n> {
  const i18n = createInstance();
  await i18n
    .use(lazyTexts)
    .use(initReactI18next)
    .init({
      lng: toIntlLocale(language),
      // No fallback language: it would fetch English's texts beside every other language's. The
      // locale files hold the same keys (locales.test.ts), so there is nothing to fall back to.
      fallbackLng: false,
      supportedLngs: languages.map(toIntlLocale),
      load: 'currentOnly',
      // React escapes what it renders; escaping twice would show `&amp;` in the UI.
      interpolation: { escapeValue: false },
      react: { useSuspense: false },
    });
  return i18n;
}

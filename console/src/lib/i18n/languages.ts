// The back office speaks en, ua and pl (product spec §9). `ua` is the product's own code (stored,
// shown, sent to the API); Intl and i18next's plural rules need the ISO 639-1 code `uk`, so the
// two are mapped here and nowhere else.

export const languages = ['en', 'ua', 'pl'] as const;
export type Language = (typeof languages)[number];

/** English is the default and the fallback. */
export const defaultLanguage: Language = 'en';

/** The browser storage key the product uses for the interface language. */
export const languageStorageKey = 'language';

/** The stored language mirrored as a cookie, for the API that serves the console's page: it
 * preloads that language's texts (api/src/http/plugins/static-console.ts reads the same name). */
export const languageCookieName = 'contrail_language';

/** Each language named in itself, so a reader finds their own language whatever the UI shows. */
export const nativeNames: Record<Language, string> = {
  en: 'English',
  ua: 'Українська',
  pl: 'Polski',
};

const intlLocales: Record<Language, string> = { en: 'en', ua: 'uk', pl: 'pl' };

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (languages as readonly string[]).includes(value);
}

/** The BCP 47 tag for Intl, i18next and the `lang` attribute: `ua` becomes `uk`. */
export function toIntlLocale(language: Language): string {
  return intlLocales[language];
}

/** The product code for an i18next/Intl tag (`uk`, `uk-UA`, `pl-PL`, ...); English when unknown. */
export function fromIntlLocale(tag: string): Language {
  const base = tag.toLowerCase().split('-')[0];
  const match = languages.find((language) => intlLocales[language] === base);
  return match ?? defaultLanguage;
}

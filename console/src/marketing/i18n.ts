// Languages of the marketing pages (product spec §2) and the lookup of their texts. `ua` is the
// product's code for Ukrainian; Intl, `lang` and hreflang need `uk`.
import en from './locales/en.json';
import es from './locales/es.json';
import fr from './locales/fr.json';
import pl from './locales/pl.json';
import ua from './locales/ua.json';

export const languages = ['en', 'fr', 'es', 'ua', 'pl'] as const;
export type Language = (typeof languages)[number];

export const languageNames: Record<Language, string> = {
  en: 'English',
  fr: 'Français',
  es: 'Español',
  ua: 'Українська',
  pl: 'Polski',
};

/** The BCP 47 tag for `lang`, hreflang and Intl. */
export const htmlLang = (language: Language): string => (language === 'ua' ? 'uk' : language);

export type Messages = typeof en;
export const messages: Record<Language, Messages> = { en, fr, es, ua, pl };

/** Every key of a locale file, arrays by index (`faq.items.0.q`), for the parity test. */
export function keysOf(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keysOf(v, prefix ? `${prefix}.${k}` : k));
}

// Texts that travel with a screen's chunk instead of the first visit's bundle: a feature's own
// en/ua/pl files, merged into the one i18next instance the first time a screen that needs them
// renders. Every language is added at once, so switching language later finds them too.
import type { i18n as I18n } from 'i18next';
import { languages, toIntlLocale, type Language } from './languages';

type Tree = { [key: string]: string | Tree };

/** Merges `texts` (one tree per language) into `i18n`, once; `probe` is a key they hold. */
export function addTexts(i18n: I18n, probe: string, texts: Record<Language, Tree>): void {
  if (i18n.exists(probe, { lng: toIntlLocale('en') })) return;
  for (const language of languages)
    i18n.addResourceBundle(toIntlLocale(language), 'translation', texts[language], true);
}

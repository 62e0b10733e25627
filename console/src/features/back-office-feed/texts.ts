// The Back office page's texts, in en, ua and pl, shipped with the page's own chunk instead of the
// console's shared locale files (those load on every first visit): added to i18next as the
// `backOfficeFeed` namespace the first time the page renders.
import type { i18n as I18n } from 'i18next';
import { useTranslation } from 'react-i18next';
import { toIntlLocale } from '../../lib/i18n';
import en from './locales/en.json';
import pl from './locales/pl.json';
import ua from './locales/ua.json';

export const namespace = 'backOfficeFeed';
const texts = { en, ua, pl } as const;

function register(i18n: I18n): void {
  for (const [language, resource] of Object.entries(texts)) {
    const locale = toIntlLocale(language as keyof typeof texts);
    if (!i18n.hasResourceBundle(locale, namespace)) i18n.addResourceBundle(locale, namespace, resource);
  }
}

/** `t` over the page's texts (registered on first use). */
export function useFeedTexts() {
  const { i18n } = useTranslation();
  register(i18n);
  return useTranslation(namespace);
}

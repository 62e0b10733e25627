// The Back office page's texts (locales/back-office-feed), in en, ua and pl, shipped with
// the page's own chunk instead of the console's shared locale files (those load on every first
// visit), added the way every screen's own texts are (addTexts).
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../lib/i18n';
import en from '../../locales/back-office-feed/en.json';
import pl from '../../locales/back-office-feed/pl.json';
import ua from '../../locales/back-office-feed/ua.json';

/** `t` over the page's texts (added before the first of them is looked up). */
export function useFeedTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'backOfficeFeed.title', { en, ua, pl });
  return useTranslation(undefined, { keyPrefix: 'backOfficeFeed' });
}

// Support's texts (locales/support): the support page and the booking page's support section share
// them, and they load with those screens, not with the first visit.
import { useTranslation } from 'react-i18next';
import { addTexts } from '../lib/i18n';
import en from '../locales/support/en.json';
import pl from '../locales/support/pl.json';
import ua from '../locales/support/ua.json';

/** `t` with the support texts added (before the first of them is looked up). */
export function useSupportTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'support.title', { en, ua, pl });
  return translation;
}

// Fare Watch's texts (locales/fare-watch): its page, the booking page's badge and section and the
// analytics savings panel share them, and they load with those screens, not with the first visit.
import { useTranslation } from 'react-i18next';
import { addTexts } from '../lib/i18n';
import en from '../locales/fare-watch/en.json';
import pl from '../locales/fare-watch/pl.json';
import ua from '../locales/fare-watch/ua.json';

/** `t` with the Fare Watch texts added (before the first of them is looked up). */
export function useFareWatchTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'fareWatch.title', { en, ua, pl });
  return translation;
}

// Fare Watch's texts (features/fare-watch/locales): its page, the booking page's badge and section and the
// analytics savings panel share them, and they load with those screens, not with the first visit.
import { useTranslation } from 'react-i18next';
import { addTexts } from '../lib/i18n';
import en from '../features/fare-watch/locales/en.json';
import pl from '../features/fare-watch/locales/pl.json';
import ua from '../features/fare-watch/locales/ua.json';

/** `t` with the Fare Watch texts added (before the first of them is looked up). */
export function useFareWatchTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'fareWatch.title', { en, ua, pl });
  return translation;
}

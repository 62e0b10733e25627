// The texts of the back office's editing controls and of a booking's corrections
// (locales/back-office-tools): they load with the screens that show them, not with the first visit.
import { useTranslation } from 'react-i18next';
import { addTexts } from '../lib/i18n';
import en from '../locales/back-office-tools/en.json';
import pl from '../locales/back-office-tools/pl.json';
import ua from '../locales/back-office-tools/ua.json';

/** `t` with the editing texts added (before the first of them is looked up). */
export function useManageTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'manage.save', { en, ua, pl });
  return translation;
}

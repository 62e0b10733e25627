// The i18n boundary: features import from here (or use react-i18next's `useTranslation` directly).
export { createI18n } from './create-i18n';
export {
  flightDate,
  flightTime,
  formatDate,
  formatDateTime,
  formatFlightDay,
  formatFlightMoment,
  formatFlightSpan,
  formatMonth,
} from './format-date';
export { formatMoney, formatMoneyShort } from './format-money';
export { hasStoredLanguage, mirrorLanguageCookie, readStoredLanguage, storeLanguage } from './language-storage';
export { defaultLanguage, isLanguage, languages, nativeNames, toIntlLocale, type Language } from './languages';
export { addTexts } from './add-texts';
export { syncDocumentLanguage } from './sync-document-language';
export { useLanguage } from './use-language';

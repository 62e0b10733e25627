// The chosen language lives in localStorage under `language` (product spec §9). Storage can be
// missing or throw (private mode, disabled cookies); the console then just keeps the default.
import { defaultLanguage, isLanguage, languageCookieName, languageStorageKey, type Language } from './languages';

export function readStoredLanguage(storage: Storage | undefined): Language {
  try {
    const stored = storage?.getItem(languageStorageKey);
    return isLanguage(stored) ? stored : defaultLanguage;
  } catch {
    return defaultLanguage;
  }
}

/** Whether the person has chosen a language on this browser (the account's language applies only if not). */
export function hasStoredLanguage(storage: Storage | undefined): boolean {
  try {
    return isLanguage(storage?.getItem(languageStorageKey));
  } catch {
    return false;
  }
}

export function storeLanguage(storage: Storage | undefined, language: Language): void {
  try {
    storage?.setItem(languageStorageKey, language);
  } catch {
    // Not persisted: the choice still holds for this page's life.
  }
}

/**
 * Mirrors the stored language (or its absence) into a cookie, so the page the API serves next
 * preloads the texts this console will ask for first: the stored language, else English. Called
 * at startup (a choice stored before the cookie existed) and whenever the reader chooses.
 */
export function mirrorLanguageCookie(doc: Pick<Document, 'cookie'>, storage: Storage | undefined): void {
  const yearSeconds = 365 * 24 * 60 * 60;
  doc.cookie = hasStoredLanguage(storage)
    ? `${languageCookieName}=${readStoredLanguage(storage)}; Path=/; Max-Age=${yearSeconds}; SameSite=Lax`
    : `${languageCookieName}=; Path=/; Max-Age=0; SameSite=Lax`;
}

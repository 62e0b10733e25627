// Dates and times as the interface language writes them ("12 Mar 2026, 14:05" / "12 бер. 2026 р., 14:05").
import { toIntlLocale, type Language } from './languages';

export function formatDateTime(iso: string, language: Language): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(toIntlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

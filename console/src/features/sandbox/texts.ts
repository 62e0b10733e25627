// The sandbox page's texts (locales/sandbox), in en, ua and pl, shipped with the page's own chunk
// instead of the console's shared locale files, added the way every screen's own texts are.
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../lib/i18n';
import en from '../../locales/sandbox/en.json';
import pl from '../../locales/sandbox/pl.json';
import ua from '../../locales/sandbox/ua.json';

/** `t` over the page's texts (added before the first of them is looked up). */
export function useSandboxTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'sandbox.title', { en, ua, pl });
  return useTranslation(undefined, { keyPrefix: 'sandbox' });
}

/** "2 d 3 h", "45 min": how far ahead, or how long after booking, in the reader's language. */
export function durationText(t: ReturnType<typeof useSandboxTexts>['t'], seconds: number): string {
  const days = Math.floor(seconds / 86_400);
  const hours = Math.floor((seconds % 86_400) / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const parts = [
    days ? t('duration.days', { count: days }) : '',
    hours ? t('duration.hours', { count: hours }) : '',
    minutes && !days ? t('duration.minutes', { count: minutes }) : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : t('duration.minutes', { count: 0 });
}

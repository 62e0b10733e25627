// The request log's texts (locales/request-log), in en, ua and pl, shipped with the screen's own
// chunk instead of the console's shared locale files, added the way every screen's own texts are.
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../lib/i18n';
import en from '../../locales/request-log/en.json';
import pl from '../../locales/request-log/pl.json';
import ua from '../../locales/request-log/ua.json';

/** `t` over the screen's texts (added before the first of them is looked up). */
export function useRequestLogTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'requestLog.title', { en, ua, pl });
  return useTranslation(undefined, { keyPrefix: 'requestLog' });
}

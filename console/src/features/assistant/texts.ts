// The Assistant page's texts (locales/assistant), in en, ua and pl, shipped with the page's own
// chunk and added the way every screen's own texts are (addTexts).
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../lib/i18n';
import en from '../../locales/assistant/en.json';
import pl from '../../locales/assistant/pl.json';
import ua from '../../locales/assistant/ua.json';

/** `t` over the page's texts (added before the first of them is looked up). */
export function useAssistantTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'assistant.title', { en, ua, pl });
  return useTranslation(undefined, { keyPrefix: 'assistant' });
}

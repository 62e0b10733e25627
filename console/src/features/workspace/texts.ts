// The workspace's texts (locales/workspace), in en, ua and pl, shipped with the workspace's own
// chunk instead of the console's shared locale files (those load on every first visit).
import { useTranslation } from 'react-i18next';
import { addTexts } from '../../lib/i18n';
import en from '../../locales/workspace/en.json';
import pl from '../../locales/workspace/pl.json';
import ua from '../../locales/workspace/ua.json';

/** `t` over the workspace's texts (added before the first of them is looked up). */
export function useWorkspaceTexts() {
  const translation = useTranslation();
  addTexts(translation.i18n, 'workspace.title', { en, ua, pl });
  return useTranslation(undefined, { keyPrefix: 'workspace' });
}

// The options page's entry.
import { createRoot } from 'react-dom/client';
import { readConnection } from '../connection';
import { browserLanguage, createExtensionI18n } from '../ui/extension-i18n';
import { ExtensionProviders } from '../ui/extension-providers';
import { OptionsPage } from './options-page';

const connection = await readConnection();
const language = connection?.language ?? browserLanguage();
const i18n = await createExtensionI18n(language);
createRoot(document.getElementById('root')!).render(
  <ExtensionProviders i18n={i18n}>
    <OptionsPage language={language} origin={connection?.origin ?? null} />
  </ExtensionProviders>,
);

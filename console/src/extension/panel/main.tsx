// The side panel's entry: reads the connection (for the console's language), then renders.
import { createRoot } from 'react-dom/client';
import { readConnection } from '../connection';
import { browserLanguage, createExtensionI18n } from '../ui/extension-i18n';
import { ExtensionProviders } from '../ui/extension-providers';
import { PanelApp } from './panel-app';

const connection = await readConnection();
const i18n = await createExtensionI18n(connection?.language ?? browserLanguage());
createRoot(document.getElementById('root')!).render(
  <ExtensionProviders i18n={i18n}>
    <PanelApp initialConnection={connection} />
  </ExtensionProviders>,
);

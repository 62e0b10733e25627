// The extension's Manifest V3, written from the product's version (root package.json) so the store
// zip and the console always carry the same number. Chrome and Edge read the same manifest.
// Host access: the console's own origins are granted at install (the extension calls the API
// there and accepts the credential from those pages only); GDS terminals are optional hosts the
// agent grants from the options page, so nothing is read from a page the agent did not choose.
import { readFileSync } from 'node:fs';
import { defineManifest } from '@crxjs/vite-plugin';
import { extensionPublicKey } from './identity';

const product = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** Where the console runs: the product's origin and the local ones (any port; Chrome ignores it in patterns). */
export const consoleOrigins = (process.env.CONTRAIL_CONSOLE_ORIGINS ?? 'https://app.contrail.travel')
  .split(',')
  .map((origin) => `${origin.trim().replace(/\/$/, '')}/*`)
  .concat(['http://localhost/*', 'http://127.0.0.1/*']);

export default defineManifest({
  manifest_version: 3,
  name: 'Contrail for GDS',
  short_name: 'Contrail',
  description:
    'NDC offers from Contrail beside your GDS terminal: search, book, issue, and record the booking in the PNR.',
  version: product.version.replace(/[^0-9.]/g, ''),
  version_name: product.version,
  key: extensionPublicKey,
  minimum_chrome_version: '116',
  icons: { 16: 'icons/icon-16.png', 48: 'icons/icon-48.png', 128: 'icons/icon-128.png' },
  action: { default_title: 'Contrail', default_icon: { 16: 'icons/icon-16.png', 48: 'icons/icon-48.png' } },
  background: { service_worker: 'src/extension/background/service-worker.ts', type: 'module' },
  side_panel: { default_path: 'src/extension/panel/index.html' },
  options_ui: { page: 'src/extension/options/index.html', open_in_tab: true },
  permissions: ['sidePanel', 'storage', 'scripting', 'contextMenus', 'alarms'],
  host_permissions: consoleOrigins,
  optional_host_permissions: ['https://*/*', 'http://*/*'],
  externally_connectable: { matches: consoleOrigins },
  web_accessible_resources: [],
});

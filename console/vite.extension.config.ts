// The browser extension's build: another entry of the console build (same SDK, components and
// texts), bundled by @crxjs/vite-plugin into console/dist-extension/unpacked. Extension pages are
// loaded from the extension's own origin, so assets are relative, not under /packs/.
import { crx } from '@crxjs/vite-plugin';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import manifest from './src/extension/manifest.config.ts';

export default defineConfig({
  base: '',
  publicDir: 'src/extension/public',
  plugins: [react(), crx({ manifest })],
  build: {
    outDir: 'dist-extension/unpacked',
    emptyOutDir: true,
  },
});

// The console build: the back office, the marketing pages and the neo-flights landing page. Assets are served from /packs/ (product spec §9); the API serves the built
// index.html for the console's page routes (/, /sign_in), so every asset URL must be absolute.
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
// marketing: prerendered marketing pages with their own light script entry.
import { marketingEntry, marketingPages } from './src/marketing/build/prerender.plugin.ts';
import { precompressAssets } from './src/build/precompress.plugin.ts';
import { appShell } from './src/build/app-shell.plugin.ts';
import { scopeScalarCss } from './src/build/scope-scalar-css.plugin.ts';
import { mantineStableIds } from './src/build/mantine-stable-ids.plugin.ts';
import { shareScalarHighlighterPlugin } from './src/build/share-scalar-highlighter.plugin.ts';

const page = (file: string) => fileURLToPath(new URL(file, import.meta.url));

export default defineConfig({
  base: '/packs/',
  plugins: [
    react(),
    // Mantine's inputs keep React's id instead of rendering again with a random one
    mantineStableIds(),
    // the workspace's API reference: its stylesheet's rules on body apply to its own element only
    scopeScalarCss(),
    // the workspace's API reference: one highlighter per set of languages, not one per description
    shareScalarHighlighterPlugin(),
    // marketing
    marketingPages({ base: '/packs/' }),
    // the page paints its inline shell without waiting for the stylesheet
    appShell(),
    precompressAssets(),
  ],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: the API reads it to preload the reader's language chunk
    // (api/src/http/plugins/static-console.ts).
    manifest: true,
    rollupOptions: {
      input: {
        main: page('index.html'),
        // marketing
        [marketingEntry]: page('src/marketing/client/main.ts'),
        // landing: the neo-flights landing page, a light entry of its own (no Mantine), served at /neo-flights
        landing: page('landing.html'),
      },
    },
  },
  server: {
    // `npm run dev -w console` against a locally running API (CONTRAIL_API_URL, default :3000).
    proxy: { '/api': process.env.CONTRAIL_API_URL ?? 'http://127.0.0.1:3000' },
  },
});

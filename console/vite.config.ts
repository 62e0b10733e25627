// The back office build. Assets are served from /packs/ (product spec §9); the API serves the built
// index.html for the console's page routes (/, /sign_in), so every asset URL must be absolute.
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/packs/',
  plugins: [react()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
  },
  server: {
    // `npm run dev -w console` against a locally running API (CONTRAIL_API_URL, default :3000).
    proxy: { '/api': process.env.CONTRAIL_API_URL ?? 'http://127.0.0.1:3000' },
  },
});

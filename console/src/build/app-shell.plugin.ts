/// <reference types="node" />
// The console page's first paint comes from the HTML alone (index.html's inline shell: the header
// bar, the footer and, from the API, the opened screen's heading), not from the stylesheet and the
// scripts: a phone paints the frame as soon as the page is in. So the built page loads its
// stylesheets without blocking that paint (each `rel="stylesheet"` becomes a preload that main.tsx
// applies before the app renders, see app/apply-stylesheets.ts), and the build writes each screen's
// shell content in each language to .vite/app-shell.json for the API
// (api/src/http/plugins/static-console.ts). The content takes the place and size the screen draws it
// in (index.html's inline styles copy Mantine's), so nothing moves when the app renders over it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';

const languages = ['en', 'ua', 'pl'] as const;

type Text = (key: string) => string;

const logo = (size: number) =>
  `<svg width="${size}" height="${size}" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M5 22c6-1 11-4 15-9" stroke="#dbe4ff" stroke-width="2.5" fill="none" stroke-linecap="round"/><path d="M19 9l8-3-3 8-2-3z" fill="#fff"/></svg>`;

/**
 * The shell's content per page: for a signed-in reader (the screens' titles) or a signed-out one
 * (the sign-in card's heading and lead, as features/auth/sign-in-screen.tsx draws them).
 */
const screens: Record<string, { signedIn: boolean; html: (t: Text) => string }> = {
  '/bookings': { signedIn: true, html: (t) => `<div class="shell-title">${t('bookings.title')}</div>` },
  '/search': { signedIn: true, html: (t) => `<div class="shell-title" data-size="h2">${t('search.title')}</div>` },
  '/sign_in': {
    signedIn: false,
    html: (t) =>
      `<div class="shell-card"><div class="shell-brand">${logo(40)}<span>${t('app.name')}</span></div>` +
      `<div class="shell-title" data-size="h2">${t('auth.title')}</div><div class="shell-lead">${t('auth.identity.lead')}</div></div>`,
  },
};

export type AppShellContent = Record<string, Record<string, { signedIn: boolean; html: string }>>;

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function textOf(texts: unknown): Text {
  return (key) => {
    const text = key
      .split('.')
      .reduce<unknown>((at, part) => (at as Record<string, unknown> | undefined)?.[part], texts);
    if (typeof text !== 'string') throw new Error(`app shell: no text ${key}`);
    return escapeHtml(text);
  };
}

export function appShell(): Plugin {
  let root = '';
  return {
    name: 'contrail-app-shell',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { filename }) {
        if (path.basename(filename) !== 'index.html') return html;
        return html.replace(
          /<link rel="stylesheet"( crossorigin)? href="([^"]+)">/g,
          '<link rel="preload" as="style"$1 href="$2" data-stylesheet>',
        );
      },
    },
    generateBundle() {
      const content: AppShellContent = Object.fromEntries(
        languages.map((language) => {
          const t = textOf(JSON.parse(readFileSync(path.join(root, 'src', 'locales', `${language}.json`), 'utf8')));
          return [
            language,
            Object.fromEntries(
              Object.entries(screens).map(([route, { signedIn, html }]) => [route, { signedIn, html: html(t) }]),
            ),
          ];
        }),
      );
      this.emitFile({ type: 'asset', fileName: '.vite/app-shell.json', source: JSON.stringify(content) });
    },
  };
}

/// <reference types="node" />
// Writes the marketing pages as static HTML, one file per page and language, after `vite build`
// (console `npm run build`): dist/marketing/{language}/{slug|index}.html. Static pages need no
// script to show their text, which is what search engines and a fast first paint want.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { languages } from '../i18n';
import type { PageAssets } from '../render/layout';
import { renderPage } from '../render/pages';
import { fileOf, pages } from '../routes';
import { marketingAssetsFile } from './prerender.plugin';

const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../dist');
const assets = JSON.parse(readFileSync(path.join(dist, marketingAssetsFile), 'utf8')) as PageAssets;

let count = 0;
for (const language of languages) {
  for (const page of pages) {
    const file = path.join(dist, fileOf(language, page));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, renderPage(language, page, assets));
    count++;
  }
}
console.log(`marketing: ${count} pages → console/dist/marketing`);

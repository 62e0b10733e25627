// The docs page without inline scripts, so that /docs runs under a Content-Security-Policy with
// `script-src 'self'`: Redocly's build-docs page inlines its colour-mode snippet and Redoc itself;
// each inline script becomes a file named after its content's hash, loaded with the same attributes.
// The page must also work offline and ask no other host: Redoc's "API docs by" badge loads its logo
// from Redocly's CDN, so the logo becomes an inline image of the name.
import { createHash } from 'node:crypto';

const cdnLogos = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const nameImage =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="52" height="14"><text x="0" y="11" font-family="sans-serif" font-size="11" fill="#555">Redocly</text></svg>',
  ).replaceAll("'", '%27');

export interface ExternalizedPage {
  html: string;
  /** File name → content; the page loads each from `${urlPrefix}${name}`. */
  scripts: Map<string, string>;
}

const inlineScript = /<script((?:\s+[a-z-]+(?:="[^"]*")?)*)\s*>([\s\S]*?)<\/script>/g;

export function externalizeScripts(html: string, urlPrefix: string): ExternalizedPage {
  const scripts = new Map<string, string>();
  const page = html.replace(inlineScript, (whole, attributes: string, code: string) => {
    if (/\ssrc=/.test(attributes) || code.trim() === '') return whole;
    const offline = code.replace(cdnLogos, nameImage);
    const name = `redoc-${createHash('sha256').update(offline).digest('hex').slice(0, 16)}.js`;
    scripts.set(name, offline);
    return `<script${attributes} src="${urlPrefix}${name}"></script>`;
  });
  return { html: page, scripts };
}

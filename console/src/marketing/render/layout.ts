// The frame of every marketing page: head (title, description, canonical, hreflang alternates),
// header with navigation and the language switch, the cookie notice, and the footer.
import { htmlLang, languageNames, languages, type Language, type Messages } from '../i18n';
import { pathOf, type Page } from '../routes';
import { esc, originPlaceholder } from './html';

export interface PageAssets {
  css: string;
  script: string;
}

const logo =
  '<svg width="28" height="28" viewBox="0 0 32 32" aria-hidden="true"><rect width="32" height="32" rx="8" fill="#3b5bdb"/><path d="M5 22c6-1 11-4 15-9" stroke="#dbe4ff" stroke-width="2.5" fill="none" stroke-linecap="round"/><path d="M19 9l8-3-3 8-2-3z" fill="#fff"/></svg>';

export function layout(m: Messages, language: Language, page: Page, body: string, assets: PageAssets): string {
  const meta = m.meta[page];
  const alternates = languages
    .map((l) => `<link rel="alternate" hreflang="${htmlLang(l)}" href="${originPlaceholder}${pathOf(l, page)}">`)
    .join('');
  const nav = (['home', 'airlines', 'developers'] as const)
    .map((p) => `<a href="${pathOf(language, p)}"${p === page ? ' aria-current="page"' : ''}>${esc(m.nav[p])}</a>`)
    .join('');
  const switcher = languages
    .map((l) =>
      l === language
        ? `<li><span aria-current="true" lang="${htmlLang(l)}">${l.toUpperCase()}</span></li>`
        : `<li><a href="${pathOf(l, page)}" hreflang="${htmlLang(l)}" lang="${htmlLang(l)}" title="${esc(languageNames[l])}">${l.toUpperCase()}</a></li>`,
    )
    .join('');
  return `<!doctype html>
<html lang="${htmlLang(language)}" data-language="${language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(meta.title)}</title>
<meta name="description" content="${esc(meta.description)}">
<meta name="color-scheme" content="light">
<link rel="canonical" href="${originPlaceholder}${pathOf(language, page)}">
${alternates}<link rel="alternate" hreflang="x-default" href="${originPlaceholder}${pathOf('en', page)}">
<link rel="icon" href="data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Crect width='32' height='32' rx='8' fill='%233b5bdb'/%3E%3C/svg%3E">
<style>${assets.css}</style>
<script type="module" src="${assets.script}"></script>
</head>
<body>
<a class="skip" href="#main">${esc(m.nav.skip)}</a>
<header class="top"><div class="wrap top-in">
<a class="brand" href="${pathOf(language, 'home')}">${logo}<span>Contrail</span></a>
<nav class="nav" aria-label="${esc(m.nav.label)}">${nav}<a class="signin" href="/sign_in">${esc(m.nav.signIn)}</a></nav>
<nav class="langs" aria-label="${esc(m.nav.language)}"><ul>${switcher}</ul></nav>
</div></header>
<main id="main">
${body}
</main>
${footer(m, language)}
<div class="cookie" id="cookie-notice" role="region" aria-label="${esc(m.cookies.label)}" hidden>
<p>${esc(m.cookies.text)} <a href="${pathOf(language, 'privacy')}">${esc(m.cookies.policy)}</a></p>
<div class="cookie-actions"><button type="button" class="btn" data-consent="accepted">${esc(m.cookies.accept)}</button><button type="button" class="btn btn-ghost" data-consent="declined">${esc(m.cookies.decline)}</button></div>
</div>
</body>
</html>
`;
}

function footer(m: Messages, language: Language): string {
  const policies = (['privacy', 'terms', 'extensionTerms', 'communication'] as const)
    .map((p) => `<li><a href="${pathOf(language, p)}">${esc(m.meta[p].heading)}</a></li>`)
    .join('');
  const follow = [
    ['LinkedIn', 'https://www.linkedin.com/company/contrail-ndc'],
    ['Facebook', 'https://www.facebook.com/contrail.ndc'],
    ['X', 'https://x.com/contrail_ndc'],
    ['YouTube', 'https://www.youtube.com/@contrail-ndc'],
  ]
    .map(([name, href]) => `<li><a href="${href}" rel="noopener">${name}</a></li>`)
    .join('');
  const products = [
    [m.footer.backOffice, pathOf(language, 'home')],
    [m.footer.forAirlines, pathOf(language, 'airlines')],
    [m.footer.api, pathOf(language, 'developers')],
    [m.footer.docs, '/docs'],
  ]
    .map(([name, href]) => `<li><a href="${href}">${esc(name!)}</a></li>`)
    .join('');
  return `<footer class="foot"><div class="wrap foot-in">
<section aria-labelledby="f-products"><h2 id="f-products">${esc(m.footer.products)}</h2><ul>${products}</ul></section>
<section aria-labelledby="f-policies"><h2 id="f-policies">${esc(m.footer.policies)}</h2><ul>${policies}</ul></section>
<section aria-labelledby="f-follow"><h2 id="f-follow">${esc(m.footer.follow)}</h2><ul>${follow}</ul></section>
<p class="legal">© ${new Date().getFullYear()} Contrail. ${esc(m.footer.rights)}</p>
</div></footer>`;
}

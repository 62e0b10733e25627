// Each marketing page as HTML, from its language's texts: the build writes one file per page and
// language (see build/prerender.plugin.ts).
import { messages, type Language } from '../i18n';
import type { Page } from '../routes';
import { esc } from './html';
import { layout, type PageAssets } from './layout';
import { benefits, calculator, demo, demoRequest, faq, features, hero, iata, list, partners } from './sections';

type PolicyPage = 'privacy' | 'terms' | 'extensionTerms' | 'communication';

function policy(language: Language, page: PolicyPage): string {
  const p = messages[language].policies[page];
  return `<article class="band"><div class="wrap narrow policy">
<h1>${esc(messages[language].meta[page].heading)}</h1>
<p class="muted">${esc(messages[language].policies.updated)}</p>
<p class="lead">${esc(p.intro)}</p>
${p.sections.map((s) => `<h2>${esc(s.h)}</h2><p>${esc(s.p)}</p>`).join('\n')}
</div></article>`;
}

export function renderPage(language: Language, page: Page, assets: PageAssets): string {
  const m = messages[language];
  let body: string;
  switch (page) {
    case 'home':
      body = [
        hero(m, language, m.hero.home),
        features(m),
        benefits(m),
        demo(m, language),
        calculator(m),
        faq(m),
        partners(m),
        iata(m),
      ].join('\n');
      break;
    case 'airlines':
      body = [
        hero(m, language, m.hero.airlines),
        list(m.airlines.title, m.airlines.items),
        demoRequest(m, language),
        partners(m),
        iata(m),
      ].join('\n');
      break;
    case 'developers':
      body = [
        hero(m, language, m.hero.developers),
        list(m.developers.title, m.developers.items),
        `<section class="band alt"><div class="wrap narrow"><h2>${esc(m.developers.docsTitle)}</h2><p>${esc(m.developers.docsText)}</p><p><a class="btn" href="/docs">${esc(m.developers.docsLink)}</a></p></div></section>`,
        iata(m),
      ].join('\n');
      break;
    default:
      body = policy(language, page);
  }
  return layout(m, language, page, body, assets);
}

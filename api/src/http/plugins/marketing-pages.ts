// The prerendered marketing pages (console/dist/marketing/{language}/{slug|index}.html, written by
// `npm run build`), read once at start. Paths carry the language: /en, /fr/airlines,
// /ua/privacy. Canonical and hreflang links must be absolute, so each answer fills in the origin
// the page was asked on.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyRequest } from 'fastify';

export const marketingLanguages = ['en', 'fr', 'es', 'ua', 'pl'] as const;
export type MarketingLanguage = (typeof marketingLanguages)[number];

const originPlaceholder = '__CONTRAIL_ORIGIN__';

export interface MarketingPages {
  /** The page's HTML for this request, or undefined when there is no such page. */
  render(request: FastifyRequest, language: string, slug: string): string | undefined;
  /** The marketing language the browser prefers (Accept-Language), English by default. */
  preferredLanguage(request: FastifyRequest): MarketingLanguage;
}

export function loadMarketingPages(
  consoleDir: string,
  withKey: (html: string) => string = (html) => html,
): MarketingPages {
  const pages = new Map<string, string[]>();
  for (const language of marketingLanguages) {
    const dir = path.join(consoleDir, 'marketing', language);
    if (!existsSync(dir)) continue;
    for (const file of readdirSync(dir)) {
      if (!file.endsWith('.html')) continue;
      const slug = file === 'index.html' ? '' : file.slice(0, -'.html'.length);
      // Split once at the placeholder so each answer only joins the parts around the origin.
      pages.set(`${language}/${slug}`, withKey(readFileSync(path.join(dir, file), 'utf8')).split(originPlaceholder));
    }
  }
  return {
    render(request, language, slug) {
      const parts = pages.get(`${language}/${slug}`);
      return parts?.join(`${request.protocol}://${request.host}`);
    },
    preferredLanguage(request) {
      const header = request.headers['accept-language'] ?? '';
      const ranked = header
        .split(',')
        .map((part) => {
          const [tag = '', q] = part.trim().split(';q=');
          return { tag: tag.toLowerCase().split('-')[0]!, q: q === undefined ? 1 : Number(q) };
        })
        .filter((l) => l.q > 0)
        .sort((a, b) => b.q - a.q);
      for (const { tag } of ranked) {
        const language = tag === 'uk' ? 'ua' : tag;
        if ((marketingLanguages as readonly string[]).includes(language)) return language as MarketingLanguage;
      }
      return 'en';
    },
  };
}

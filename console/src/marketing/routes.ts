// The marketing pages and their paths: /{language} for the agency home, /{language}/{slug} for the
// others (e.g. /fr/airlines). The API serves whatever the build wrote under dist/marketing/.
import type { Language } from './i18n';

export const pages = ['home', 'airlines', 'developers', 'privacy', 'terms', 'extensionTerms', 'communication'] as const;
export type Page = (typeof pages)[number];

export const slugs: Record<Page, string> = {
  home: '',
  airlines: 'airlines',
  developers: 'developers',
  privacy: 'privacy',
  terms: 'terms',
  extensionTerms: 'extension-terms',
  communication: 'communication-policy',
};

export const pathOf = (language: Language, page: Page): string =>
  slugs[page] ? `/${language}/${slugs[page]}` : `/${language}`;

/** Where the build writes a page, relative to the console's dist folder. */
export const fileOf = (language: Language, page: Page): string =>
  `marketing/${language}/${slugs[page] || 'index'}.html`;

/** The public origin used in canonical and hreflang links. */
export const siteOrigin = 'https://contrail.example';

// The language an error is written in: the one the request asks for (Accept-Language; the console
// sends its interface language there), else the signed-in account's, else English. Ukrainian is
// `uk` in language tags and `ua` in the product; both are understood.
import type { FastifyRequest } from 'fastify';

export const errorLanguages = ['en', 'ua', 'pl'] as const;
export type ErrorLanguage = (typeof errorLanguages)[number];

function fromTag(tag: string): ErrorLanguage | undefined {
  const primary = tag.trim().toLowerCase().split('-')[0];
  if (primary === 'uk' || primary === 'ua') return 'ua';
  if (primary === 'pl' || primary === 'en') return primary;
  return undefined;
}

/** The first of our languages in an Accept-Language header, by its q weights; undefined when none is. */
export function acceptedLanguage(header: string | undefined): ErrorLanguage | undefined {
  if (!header) return undefined;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { tag, q: q === undefined ? 1 : Number(q), index };
    })
    .filter((l) => l.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranked) {
    const language = fromTag(tag);
    if (language) return language;
  }
  return undefined;
}

export function errorLanguage(request: Pick<FastifyRequest, 'headers'> & { principal?: { language?: string } | null }) {
  const asked = acceptedLanguage(request.headers['accept-language']);
  if (asked) return asked;
  const account = request.principal?.language;
  return (errorLanguages as readonly string[]).includes(account ?? '') ? (account as ErrorLanguage) : 'en';
}

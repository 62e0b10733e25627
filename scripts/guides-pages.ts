// The guides in docs/guides as static pages under /docs/guides/: each Markdown file rendered at
// build time to HTML, with an index. The pages run under the docs' Content-Security-Policy: no
// script at all, inline or not, and one stylesheet from this origin. Raw HTML in the Markdown is
// not passed through, so a guide cannot carry a script either. Links between guides (`auth.md#x`)
// become links between the pages (`auth#x`); every heading gets the id GitHub would give it, so the
// anchors the guides use keep working in both places.
import MarkdownIt from 'markdown-it';

/** The guides the workspace lists first, in reading order; any other guide follows under "More". */
export const guideOrder = [
  'quickstart',
  'auth',
  'idempotency',
  'errors',
  'pagination',
  'webhooks',
  'schedule-changes',
  'fare-watch',
  'accounting-documents',
  'sandbox',
] as const;

export const guidesUrl = '/docs/guides/';
export const guidesStylesheet = 'guides.css';

export interface Guide {
  /** The file's name without `.md`: the page's address under /docs/guides/. */
  name: string;
  markdown: string;
}

export interface GuidePage {
  name: string;
  title: string;
  html: string;
}

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens. */
export function headingSlug(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function guideLink(href: string): string {
  const own = /^([\w-]+)\.md(#.*)?$/.exec(href);
  return own ? `${guidesUrl}${own[1]}${own[2] ?? ''}` : href;
}

function renderer(): MarkdownIt {
  const md = new MarkdownIt({ html: false, linkify: false, typographer: false });
  md.core.ruler.push('guide-anchors-and-links', (state) => {
    const seen = new Map<string, number>();
    state.tokens.forEach((token, i) => {
      if (token.type === 'heading_open') {
        const base = headingSlug(state.tokens[i + 1]?.content ?? '');
        const count = seen.get(base) ?? 0;
        seen.set(base, count + 1);
        token.attrSet('id', count === 0 ? base : `${base}-${count}`);
      }
      for (const child of token.children ?? []) {
        if (child.type === 'link_open') child.attrSet('href', guideLink(child.attrGet('href') ?? ''));
      }
    });
  });
  // A code block wider than the page scrolls; keyboard users reach it to scroll it too.
  const fence = md.renderer.rules.fence!;
  md.renderer.rules.fence = (...args) => fence(...args).replace(/^<pre>/, '<pre tabindex="0">');
  return md;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Contrail guides</title>
<link rel="stylesheet" href="${guidesUrl}${guidesStylesheet}">
</head>
<body>
<header class="guides-header"><nav aria-label="Guides"><a href="${guidesUrl}">Contrail guides</a><a href="/workspace">Developer workspace</a><a href="/docs">API reference</a></nav></header>
<main>
${body}
</main>
</body>
</html>
`;
}

function titleOf(markdown: string, name: string): string {
  return /^#\s+(.+)$/m.exec(markdown)?.[1]?.trim() ?? name;
}

/**
 * Notes to the repository's tools, each an HTML comment on a line of its own (the samples test's
 * `<!-- sample: skip (why) -->`): not for readers, and raw HTML is off, so they would show as text.
 */
const toolNotes = /^<!--[^\n]*-->[ \t]*\n/gm;

/** Every guide's page and the index (named `index`). */
export function renderGuides(guides: readonly Guide[]): GuidePage[] {
  const md = renderer();
  const pages = guides.map((guide) => {
    const title = titleOf(guide.markdown, guide.name);
    return { name: guide.name, title, html: page(title, md.render(guide.markdown.replace(toolNotes, ''))) };
  });
  const byName = new Map(pages.map((p) => [p.name, p]));
  const listed = guideOrder.filter((name) => byName.has(name));
  const more = pages
    .filter((p) => !(guideOrder as readonly string[]).includes(p.name))
    .sort((a, b) => a.name.localeCompare(b.name));
  const item = (p: GuidePage) => `<li><a href="${guidesUrl}${p.name}">${escapeHtml(p.title)}</a></li>`;
  const index = page(
    'Guides',
    `<h1>Contrail guides</h1>
<p>How to build on the Contrail API, from the first call to webhooks and the sandbox airlines. The
<a href="/docs">API reference</a> lists every operation; the <a href="/workspace">developer workspace</a>
lets you try each one.</p>
<ol class="guides-list">
${listed.map((name) => item(byName.get(name)!)).join('\n')}
</ol>
<h2>More</h2>
<ul class="guides-list">
${more.map(item).join('\n')}
</ul>`,
  );
  return [{ name: 'index', title: 'Guides', html: index }, ...pages];
}

export const guidesCss = `:root { color-scheme: light; }
body { margin: 0; font: 16px/1.6 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1b1e; background: #fff; }
.guides-header { border-bottom: 1px solid #dee2e6; padding: 0.75rem 1rem; }
.guides-header nav { display: flex; flex-wrap: wrap; gap: 1.25rem; max-width: 52rem; margin: 0 auto; }
.guides-header a { font-weight: 600; }
main { max-width: 52rem; margin: 0 auto; padding: 1rem 1rem 4rem; overflow-wrap: anywhere; }
a { color: #3246a8; }
h1, h2, h3 { line-height: 1.25; }
pre { background: #f1f3f5; padding: 0.75rem 1rem; border-radius: 6px; overflow-x: auto; font-size: 0.875rem; line-height: 1.5; }
code { font-family: ui-monospace, "SFMono-Regular", Menlo, Consolas, monospace; font-size: 0.9em; }
:not(pre) > code { background: #f1f3f5; padding: 0.1em 0.3em; border-radius: 4px; }
table { border-collapse: collapse; display: block; overflow-x: auto; }
th, td { border: 1px solid #dee2e6; padding: 0.35rem 0.6rem; text-align: left; vertical-align: top; }
blockquote { margin: 0; padding-left: 1rem; border-left: 3px solid #dee2e6; color: #495057; }
.guides-list li { margin: 0.25rem 0; }
`;

import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { scalarHighlightStep, shareScalarHighlighter } from './share-scalar-highlighter.plugin';

type Tree = { type: string; children: unknown[] };
type Attacher = (options: { languages?: unknown; aliases?: Record<string, string[]> }) => (tree: Tree) => void;

// Scalar's highlighting step as installed, and the highlight.js its highlighter library builds on.
const require = createRequire(import.meta.url);
const codeHighlight = path.dirname(
  createRequire(require.resolve('@scalar/api-reference')).resolve('@scalar/code-highlight'),
);
const step = path.join(codeHighlight, 'rehype-highlight', 'rehype-highlight.js');
const lowlight = createRequire(step).resolve('lowlight');
const highlightJs = createRequire(lowlight).resolve('highlight.js/lib/core');

// The changed step is loaded from beside the original, so that its imports resolve as the original's do.
const changed = path.join(path.dirname(step), `rehype-highlight.shared-${process.pid}.js`);
afterAll(() => rmSync(changed, { force: true }));

const codeBlock = (text: string): Tree => ({
  type: 'root',
  children: [
    {
      type: 'element',
      tagName: 'pre',
      properties: {},
      children: [
        {
          type: 'element',
          tagName: 'code',
          properties: { className: ['language-json'] },
          children: [{ type: 'text', value: text }],
        },
      ],
    },
  ],
});

describe('Scalar’s highlighting step in the console build', () => {
  it('applies to the step Scalar ships, and refuses one that reads otherwise', () => {
    expect(step).toMatch(scalarHighlightStep);
    expect(shareScalarHighlighter(readFileSync(step, 'utf8'))).toContain('sharedLowlight(languages)');
    expect(() => shareScalarHighlighter('const lowlight = createLowlight();')).toThrow(/no longer applies/);
  });

  it('builds one highlighter per set of languages, and highlights as before', async () => {
    writeFileSync(changed, shareScalarHighlighter(readFileSync(step, 'utf8')));
    const original = (await import(pathToFileURL(step).href)) as { rehypeHighlight: Attacher };
    const shared = (await import(pathToFileURL(changed).href)) as { rehypeHighlight: Attacher };
    const { default: hljs } = (await import(pathToFileURL(highlightJs).href)) as {
      default: { newInstance: (...args: unknown[]) => unknown };
    };
    const { common } = (await import(pathToFileURL(lowlight).href)) as { common: unknown };
    const built = { count: 0 };
    const newInstance = hljs.newInstance;
    hljs.newInstance = (...args) => {
      built.count++;
      return newInstance.apply(hljs, args);
    };
    try {
      const highlighted = (attach: Attacher, options: Parameters<Attacher>[0]) => {
        const tree = codeBlock('{"amount": "12.50", "ok": true}');
        attach(options)(tree);
        return JSON.stringify(tree);
      };
      const before = [1, 2, 3].map(() => highlighted(original.rehypeHighlight, { languages: common }));
      expect(built.count).toBe(3);
      built.count = 0;
      const after = [1, 2, 3].map(() => highlighted(shared.rehypeHighlight, { languages: common }));
      expect(built.count).toBe(1);
      expect(after).toEqual(before);
      expect(after[0]).toContain('hljs-attr');
      // With aliases, which would change the shared one, a highlighter of its own.
      built.count = 0;
      highlighted(shared.rehypeHighlight, { languages: common, aliases: { json: ['contrail-json'] } });
      expect(built.count).toBe(1);
    } finally {
      hljs.newInstance = newInstance;
    }
  });
});

// The Back office page's texts exist in en, ua and pl key for key, with the same placeholders.
import { describe, expect, it } from 'vitest';
import en from './en.json';
import pl from './pl.json';
import ua from './ua.json';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') found.set(path, value);
    else for (const [leaf, text] of leaves(value, path)) found.set(leaf, text);
  }
  return found;
}
const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

describe('the Back office page texts', () => {
  const english = leaves(en);
  it.each(Object.entries({ ua: leaves(ua), pl: leaves(pl) }))('%s matches en key for key', (_l, texts) => {
    expect([...texts.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, text] of english) expect(placeholders(texts.get(key) ?? ''), key).toEqual(placeholders(text));
  });
});

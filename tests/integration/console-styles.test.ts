// The console's Mantine stylesheet (console/src/app/mantine-styles.css, written by
// scripts/mantine-styles.ts) brings in every Mantine component stylesheet whose classes the built
// console's scripts name, and nothing else, in Mantine's own order: a component added to a screen
// without running the script again would render unstyled, and this test says which.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mantineClassesIn, mantineStyleFiles } from '../support/mantine-styles.js';

const assets = 'console/dist/assets';
const imported = [
  ...readFileSync('console/src/app/mantine-styles.css', 'utf8').matchAll(/styles\/([\w-]+\.css)'/g),
].map((m) => m[1]!);

describe('the Mantine stylesheets the console loads', () => {
  it('define every Mantine class the built scripts name', () => {
    const named = new Set<string>();
    for (const file of readdirSync(assets).filter((f) => f.endsWith('.js'))) {
      for (const name of mantineClassesIn(readFileSync(path.join(assets, file), 'utf8'))) named.add(name);
    }
    expect(named.size).toBeGreaterThan(100);
    const files = mantineStyleFiles();
    const defined = new Set(files.filter((f) => imported.includes(f.file)).flatMap((f) => f.classes));
    const missing = files
      .filter((f) => !imported.includes(f.file) && f.classes.some((c) => named.has(c)))
      .map((f) => f.file);
    expect(missing, 'run npx tsx scripts/mantine-styles.ts').toEqual([]);
    expect([...named].filter((c) => !defined.has(c) && files.some((f) => f.classes.includes(c)))).toEqual([]);
  });

  it('keep Mantine’s order, so a component’s styles come after those it builds on', () => {
    const order = mantineStyleFiles().map((f) => f.file);
    const positions = imported.map((file) => order.indexOf(file));
    expect(positions.every((p) => p >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });
});

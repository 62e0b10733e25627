// `npx tsx scripts/mantine-styles.ts` after `npm run build`: writes console/src/app/mantine-styles.css,
// the Mantine stylesheets of the components the built console renders, in the order Mantine's
// full styles.css has them (each component after the ones it builds on), instead of all of
// styles.css (about 295 kB raw, every one of Mantine's hundred components), which blocks the
// first paint. A component is rendered when the built scripts name one of its classes (Mantine's
// `m_` hashes). tests/integration/console-styles.test.ts fails when a built script names a class
// this file does not bring in: run this again after using a new Mantine component.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { mantineStyleFiles, mantineClassesIn } from '../tests/support/mantine-styles.js';

const dist = process.argv[2] ?? 'console/dist/assets';
const used = new Set<string>();
for (const file of readdirSync(dist).filter((f) => f.endsWith('.js'))) {
  for (const name of mantineClassesIn(readFileSync(path.join(dist, file), 'utf8'))) used.add(name);
}
const always = new Set(['baseline.css', 'default-css-variables.css', 'global.css']);
const chosen = mantineStyleFiles().filter((f) => always.has(f.file) || f.classes.some((c) => used.has(c)));
const out = 'console/src/app/mantine-styles.css';
writeFileSync(
  out,
  [
    "/* Written by scripts/mantine-styles.ts: the Mantine components the console renders, in Mantine's order. */",
    ...chosen.map((f) => `@import '@mantine/core/styles/${f.file}';`),
    '',
  ].join('\n'),
);
console.log(`${out}: ${chosen.length} of ${mantineStyleFiles().length} stylesheets`);
